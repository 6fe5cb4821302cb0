// The failed pods of a Job, found by its job-name label, each with its completion index, why it ended and the end
// of its log (if the API server still has it): what a launch reports for a failed shard or merge.
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
    const list = await client.core.listNamespacedPod({
      namespace,
      labelSelector: `${JOB_NAME_LABEL}=${jobName}`,
    });
    pods = list.items;
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
    failures.push({ pod: name, index, reason: reasonOf(pod), log: await readLog(options, name) });
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

async function readLog(
  options: { client: KubeClient; namespace: string; tailLines?: number },
  pod: string,
): Promise<PodFailure["log"]> {
  try {
    const text = await options.client.core.readNamespacedPodLog({
      name: pod,
      namespace: options.namespace,
      container: CONTAINER_NAME,
      tailLines: options.tailLines ?? 40,
    });
    return { status: "read", text };
  } catch (error) {
    const status = (error as { code?: unknown }).code;
    return {
      status: "unavailable",
      message: typeof status === "number" ? `the API server answered ${status}` : toError(error).message,
    };
  }
}
