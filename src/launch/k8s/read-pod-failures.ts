// The failed pods of a Job, found by its job-name label, each with its completion index, why it ended and the end
// of its log (if the API server still has it): what a launch reports for a failed shard or merge. Also the listing
// and log reading `readJobLog` shares.
import type { V1Pod } from "@kubernetes/client-node";
import { toError } from "../../errors.js";
import { CONTAINER_NAME } from "./build-k8s-launch-manifests.js";
import { type KubeCallContext, kubeApiError } from "./kube-api-error.js";
import type { KubeClient } from "./open-kube-client.js";

export const JOB_NAME_LABEL = "batch.kubernetes.io/job-name";
export const COMPLETION_INDEX_LABEL = "batch.kubernetes.io/job-completion-index";
const COMPLETION_INDEX_ANNOTATION = "batch.kubernetes.io/job-completion-index";

export interface PodFailure {
  pod: string;
  /** The pod's completion index (an Indexed Job's shard), undefined for the merge pod. */
  index: number | undefined;
  /** "exit code 1 (Error)", "Evicted: …", as far as the pod's status says. */
  reason: string;
  /** The last lines of the container's log, or why they could not be read. */
  log: { status: "read"; text: string } | { status: "unavailable"; message: string };
}

export async function readPodFailures(options: {
  client: KubeClient;
  namespace: string;
  jobName: string;
  tailLines?: number;
}): Promise<PodFailure[]> {
  const { client, namespace, jobName } = options;
  const call: KubeCallContext = {
    action: `list the pods of the Job ${jobName}`,
    namespace,
    jobName,
    server: client.server,
    contextName: client.contextName,
  };
  let pods: V1Pod[];
  try {
    pods = await listJobPods(client, namespace, jobName);
  } catch (error) {
    throw kubeApiError(error, call);
  }
  const failed = pods
    .filter((pod) => pod.status?.phase === "Failed")
    .map((pod) => ({ pod, index: indexOf(pod) }))
    .sort((a, b) => (a.index ?? -1) - (b.index ?? -1));
  const failures: PodFailure[] = [];
  for (const { pod, index } of failed) {
    const name = pod.metadata?.name ?? "";
    failures.push({
      pod: name,
      index,
      reason: reasonOf(pod),
      log: await readContainerLog(client, namespace, name, options.tailLines ?? 40),
    });
  }
  return failures;
}

function indexOf(pod: V1Pod): number | undefined {
  const text =
    pod.metadata?.labels?.[COMPLETION_INDEX_LABEL] ??
    pod.metadata?.annotations?.[COMPLETION_INDEX_ANNOTATION];
  const index = Number(text);
  return text === undefined || !Number.isInteger(index) ? undefined : index;
}

function reasonOf(pod: V1Pod): string {
  const container = pod.status?.containerStatuses?.find((status) => status.name === CONTAINER_NAME);
  const terminated = container?.state?.terminated;
  if (terminated !== undefined) {
    const why = [terminated.reason, terminated.message].filter((part) => part !== undefined && part !== "");
    return `exit code ${terminated.exitCode}${why.length > 0 ? ` (${why.join(": ")})` : ""}`;
  }
  const why = [pod.status?.reason, pod.status?.message].filter((part) => part !== undefined && part !== "");
  return why.length > 0 ? why.join(": ") : "failed";
}

/** The pods of the Job `jobName` (by its job-name label); the API's error as thrown. */
export async function listJobPods(client: KubeClient, namespace: string, jobName: string): Promise<V1Pod[]> {
  const list = await client.core.listNamespacedPod({
    namespace,
    labelSelector: `${JOB_NAME_LABEL}=${jobName}`,
  });
  return list.items;
}

/** The llm-bench container's log of `pod` (its last `tailLines`, else all), or why it could not be read. */
export async function readContainerLog(
  client: KubeClient,
  namespace: string,
  pod: string,
  tailLines?: number,
): Promise<PodFailure["log"]> {
  try {
    const text = await client.core.readNamespacedPodLog({
      name: pod,
      namespace,
      container: CONTAINER_NAME,
      ...(tailLines === undefined ? {} : { tailLines }),
    });
    return { status: "read", text };
  } catch (error) {
    return { status: "unavailable", message: describeKubeFailure(error) };
  }
}

/** An API failure in a few words: the status the server answered, else the error's message. */
export function describeKubeFailure(error: unknown): string {
  const status = (error as { code?: unknown }).code;
  return typeof status === "number" ? `the API server answered ${status}` : toError(error).message;
}
