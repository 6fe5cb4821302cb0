// `llm-bench launch k8s -- run …` as a library call: the Indexed Job whose pod I runs `run … --shard I/N` into
// <mount path>/<name>/shard-I (resuming the run an earlier pod of I left there) and the merge Job, built and
// checked; a dry run returns them as YAML, else they are submitted and followed, and the merge pod's log (the
// merged tables) is read back.
import { ConfigError } from "../../errors.js";
import { givenSecret } from "../given-secret.js";
import type { LaunchedCommand } from "../launched-command.js";
import { shardShellLines } from "../shard-command.js";
import { buildK8sLaunchManifests, mergeJobName } from "./build-k8s-launch-manifests.js";
import { IMAGE_ENTRYPOINT, inPodMergeCommand } from "./in-pod-merge-command.js";
import { k8sLaunchOptionsSchema, type SecretEnv } from "./k8s-launch-options.js";
import { openKubeClient } from "./open-kube-client.js";
import { type JobLog, readJobLog } from "./read-job-log.js";
import { renderManifestsYaml } from "./render-manifests-yaml.js";
import {
  type K8sLaunchEvent,
  type K8sLaunchOutcome,
  type SubmitK8sLaunchOptions,
  submitK8sLaunch,
} from "./submit-k8s-launch.js";

export interface K8sLaunchRequest {
  launched: LaunchedCommand;
  shards: number;
  image: string;
  volumeClaim: string;
  /** The Indexed Job's name (the merge Job is `<name>-merge`); `llm-bench-<YYYYMMDD-HHMMSS>` by default. */
  name?: string | undefined;
  namespace?: string | undefined;
  mountPath?: string | undefined;
  /** The run's API key as OPENAI_API_KEY in the shard pods, from a Secret. */
  apiKeySecret?: SecretEnv | undefined;
  /** Retries of a failed index (each resumes its shard's run); none by default. */
  backoffLimitPerIndex?: number | undefined;
  isDryRun?: boolean | undefined;
  kubeconfig?: string | undefined;
  context?: string | undefined;
}

export interface K8sLaunchContext {
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  now?: () => Date;
  onEvent?: (event: K8sLaunchEvent) => void;
  /** Watch timing (tests shorten it). */
  follow?: SubmitK8sLaunchOptions["follow"];
}

/** Where a launch is: its Jobs' namespace and name, and its directory on the volume claim. */
export interface K8sLaunchPlace {
  name: string;
  namespace: string;
  volumeClaim: string;
  /** `<mount path>/<name>` as the pods see it. */
  launchDir: string;
}

export type K8sLaunchResult = K8sLaunchPlace &
  (
    | { status: "dry-run"; yaml: string }
    | { status: "merged"; mergedDir: string; mergeJob: string; mergeLog: JobLog }
    | { status: "failed"; outcome: Extract<K8sLaunchOutcome, { status: "failed" }> }
    /** Ctrl-C: the launcher stopped following; the Jobs it created keep running. */
    | { status: "interrupted"; createdJobs: string[] }
  );

/** The settings with the flag each comes from, checked with the library's own schema before anything is built. */
const FLAGS = {
  name: "--job-name",
  namespace: "--namespace",
  image: "--image",
  volumeClaim: "--volume-claim",
  mountPath: "--mount-path",
} as const;

export async function launchK8s(
  request: K8sLaunchRequest,
  context: K8sLaunchContext = {},
): Promise<K8sLaunchResult> {
  const apiKeyGiven = givenSecret(request.launched.args);
  if (apiKeyGiven !== undefined) {
    throw new ConfigError(
      `${apiKeyGiven} cannot be given to the launched run on Kubernetes: the key would be written into the Job's ` +
        "manifest for anyone who may read Jobs. Put it in a Secret " +
        "(`kubectl create secret generic llm-api --from-literal=api-key=…`) and pass --api-key-secret llm-api:api-key.",
    );
  }
  const name = request.name ?? defaultLaunchName((context.now ?? (() => new Date()))());
  const settings = {
    name,
    namespace: request.namespace ?? "default",
    image: request.image,
    volumeClaim: request.volumeClaim,
    mountPath: request.mountPath ?? "/results",
  };
  for (const [key, flag] of Object.entries(FLAGS) as [keyof typeof FLAGS, string][]) {
    const parsed = k8sLaunchOptionsSchema.shape[key].safeParse(settings[key]);
    if (!parsed.success) {
      throw new ConfigError(
        `${flag} ${JSON.stringify(settings[key])}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}.`,
      );
    }
  }
  const launchDir = `${settings.mountPath.replace(/\/+$/, "")}/${name}`;
  const merge = inPodMergeCommand({ launchDir });
  const shard = shardContainerOf(request.launched, request.shards, launchDir);
  const manifests = buildK8sLaunchManifests({
    ...settings,
    shards: request.shards,
    shardCommand: shard.command,
    shardArgs: shard.args,
    ...(request.backoffLimitPerIndex === undefined
      ? {}
      : { backoffLimitPerIndex: request.backoffLimitPerIndex }),
    mergeCommand: merge.command,
    mergeArgs: merge.args,
    secretEnv: request.apiKeySecret === undefined ? [] : [request.apiKeySecret],
  });
  const place: K8sLaunchPlace = {
    name,
    namespace: settings.namespace,
    volumeClaim: settings.volumeClaim,
    launchDir,
  };
  if (request.isDryRun === true) return { ...place, status: "dry-run", yaml: renderManifestsYaml(manifests) };

  const client = await openKubeClient({
    kubeconfig: request.kubeconfig,
    context: request.context,
    ...(context.env === undefined ? {} : { env: context.env }),
  });
  const createdJobs: string[] = [];
  let outcome: K8sLaunchOutcome;
  try {
    outcome = await submitK8sLaunch({
      client,
      manifests,
      onEvent: (event) => {
        if (event.type === "job-start") createdJobs.push(event.job);
        context.onEvent?.(event);
      },
      ...(context.signal === undefined ? {} : { signal: context.signal }),
      ...(context.follow === undefined ? {} : { follow: context.follow }),
    });
  } catch (error) {
    if (context.signal?.aborted === true) return { ...place, status: "interrupted", createdJobs };
    throw error;
  }
  if (outcome.status === "failed") return { ...place, status: "failed", outcome };
  const mergeLog = await readJobLog({ client, namespace: settings.namespace, jobName: outcome.mergeJob });
  return {
    ...place,
    status: "merged",
    mergedDir: `${launchDir}/merged`,
    mergeJob: mergeJobName(name),
    mergeLog,
  };
}

/** `llm-bench-YYYYMMDD-HHMMSS` (UTC): a DNS label well under the 52 characters a launch name may have. */
export function defaultLaunchName(now: Date): string {
  return `llm-bench-${now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15)}`;
}

/**
 * A shard pod's container: `/bin/sh -c` with the lines every launcher's task runs (`shardShellLines`): the shard
 * index from `JOB_COMPLETION_INDEX`, and a run directory an earlier pod of that index left on the volume resumed
 * (`--resume`) rather than started again — so a pod retried by `--backoff-limit-per-index` asks only what is left.
 * Every `$` is doubled: Kubernetes expands `$(VAR)` in a container's command and args and turns `$$` into `$`, so
 * the shell gets the script as written.
 */
export function shardContainerOf(
  launched: LaunchedCommand,
  shards: number,
  launchDir: string,
  program: readonly string[] = IMAGE_ENTRYPOINT,
): { command: string[]; args: string[] } {
  const script = shardShellLines({ program, launched, shards, launchDir }, COMPLETION_INDEX_VARIABLE).join(
    "\n",
  );
  return { command: ["/bin/sh", "-c"], args: [script.replaceAll("$", () => "$$")] };
}

/** The environment variable in which Kubernetes gives an Indexed Job's pod its index. */
const COMPLETION_INDEX_VARIABLE = "JOB_COMPLETION_INDEX";
