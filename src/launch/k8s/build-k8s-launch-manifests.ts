// The two Jobs of a Kubernetes launch — an Indexed Job running one shard per index and a merge Job — as typed
// kubernetes-models objects, each checked against the Kubernetes schema before anyone sees it.
import type { IJob } from "kubernetes-models/batch/v1/Job";
import { Job } from "kubernetes-models/batch/v1/Job";
import type { IContainer } from "kubernetes-models/v1/Container";
import type { IEnvVar } from "kubernetes-models/v1/EnvVar";
import type { IPodSpec } from "kubernetes-models/v1/PodSpec";
import type { IResourceRequirements } from "kubernetes-models/v1/ResourceRequirements";
import { toolVersion } from "../../core/tool-version.js";
import { ConfigError, toError } from "../../errors.js";
import {
  type K8sLaunchOptions,
  type K8sLaunchOptionsInput,
  parseK8sLaunchOptions,
} from "./k8s-launch-options.js";

export interface K8sLaunchManifests {
  /** `completionMode: Indexed`, completions = parallelism = shards; each pod runs the shard argv. */
  indexedJob: IJob;
  /** One pod running the merge argv over the shard directories, created once every index succeeded. */
  mergeJob: IJob;
}

/** The label every object of a launch carries with the launch's name (with name, component and managed-by). */
export const LAUNCH_LABEL = "app.kubernetes.io/instance";
export const COMPONENT_LABEL = "app.kubernetes.io/component";
/** The container name in both Jobs' pods (for reading a pod's log). */
export const CONTAINER_NAME = "llm-bench";
/** The image's user (node's `node`, uid 1000); fsGroup makes a fresh volume writable to it. */
const IMAGE_USER_ID = 1000;
const VOLUME_NAME = "results";

/** The merge Job's name for a launch named `name`. */
export const mergeJobName = (name: string): string => `${name}-merge`;

/** Builds and validates both Jobs; a wrong option or a manifest the schema refuses throws a ConfigError. */
export function buildK8sLaunchManifests(input: K8sLaunchOptionsInput): K8sLaunchManifests {
  const options = parseK8sLaunchOptions(input);
  const indexedJob = validated(
    {
      apiVersion: "batch/v1",
      kind: "Job",
      metadata: { name: options.name, namespace: options.namespace, labels: labelsOf(options, "shard") },
      spec: {
        completionMode: "Indexed",
        completions: options.shards,
        parallelism: options.shards,
        // A retried shard would leave a second run directory beside the first: retries are opt-in, per index.
        ...(options.backoffLimitPerIndex === undefined
          ? { backoffLimit: 0 }
          : { backoffLimitPerIndex: options.backoffLimitPerIndex }),
        template: {
          metadata: { labels: labelsOf(options, "shard") },
          spec: podSpecOf(
            options,
            { command: options.shardCommand, args: options.shardArgs },
            shardEnvOf(options),
          ),
        },
      },
    },
    "the Indexed Job",
  );
  const mergeJob = validated(
    {
      apiVersion: "batch/v1",
      kind: "Job",
      metadata: {
        name: mergeJobName(options.name),
        namespace: options.namespace,
        labels: labelsOf(options, "merge"),
      },
      spec: {
        completions: 1,
        parallelism: 1,
        backoffLimit: 0,
        template: {
          metadata: { labels: labelsOf(options, "merge") },
          spec: podSpecOf(options, { command: options.mergeCommand, args: options.mergeArgs }, options.env),
        },
      },
    },
    "the merge Job",
  );
  return { indexedJob, mergeJob };
}

function labelsOf(options: K8sLaunchOptions, component: "shard" | "merge"): Record<string, string> {
  return {
    "app.kubernetes.io/name": "llm-bench",
    [LAUNCH_LABEL]: options.name,
    [COMPONENT_LABEL]: component,
    "app.kubernetes.io/managed-by": "llm-bench",
    "app.kubernetes.io/version": toolVersion().version,
  };
}

function shardEnvOf(options: K8sLaunchOptions): IEnvVar[] {
  return [
    ...options.env,
    ...options.secretEnv.map((secret) => ({
      name: secret.name,
      valueFrom: { secretKeyRef: { name: secret.secretName, key: secret.key } },
    })),
  ];
}

function podSpecOf(
  options: K8sLaunchOptions,
  argv: { command: string[] | undefined; args: string[] },
  env: IEnvVar[],
): IPodSpec {
  const container: IContainer = {
    name: CONTAINER_NAME,
    image: options.image,
    ...(argv.command === undefined ? {} : { command: [...argv.command] }),
    args: [...argv.args],
    volumeMounts: [{ name: VOLUME_NAME, mountPath: options.mountPath }],
    ...(env.length > 0 ? { env } : {}),
    ...(options.imagePullPolicy === undefined ? {} : { imagePullPolicy: options.imagePullPolicy }),
    ...(options.resources === undefined ? {} : { resources: resourcesOf(options.resources) }),
  };
  return {
    restartPolicy: "Never",
    ...(options.serviceAccountName === undefined ? {} : { serviceAccountName: options.serviceAccountName }),
    securityContext: {
      runAsNonRoot: true,
      runAsUser: IMAGE_USER_ID,
      runAsGroup: IMAGE_USER_ID,
      fsGroup: IMAGE_USER_ID,
    },
    containers: [container],
    volumes: [{ name: VOLUME_NAME, persistentVolumeClaim: { claimName: options.volumeClaim } }],
  };
}

function resourcesOf(resources: NonNullable<K8sLaunchOptions["resources"]>): IResourceRequirements {
  return {
    ...(resources.requests === undefined ? {} : { requests: resources.requests }),
    ...(resources.limits === undefined ? {} : { limits: resources.limits }),
  };
}

/** The manifest as kubernetes-models checked it (its plain JSON), or a ConfigError listing the schema's refusals. */
function validated(data: IJob, what: string): IJob {
  const job = new Job(data);
  try {
    job.validate();
  } catch (error) {
    throw new ConfigError(
      `The Kubernetes schema refuses ${what} (${data.metadata?.name ?? "unnamed"}): ${schemaProblems(error)}. ` +
        "Check the values given for it (resources take quantities such as 500m, 2, 4Gi).",
      { cause: error },
    );
  }
  return job.toJSON();
}

function schemaProblems(error: unknown): string {
  const details = (error as { errors?: unknown }).errors;
  if (!Array.isArray(details)) return toError(error).message;
  const messages = details.map((detail) => {
    const entry = detail as { instancePath?: unknown; message?: unknown };
    return `${String(entry.instancePath ?? "")} ${String(entry.message ?? "is invalid")}`.trim();
  });
  return [...new Set(messages)].join("; ");
}
