// The whole log of a Job's pod that succeeded (the merge Job's: `llm-bench merge`'s output, the merged tables), found
// by the Job's job-name label and read through the API; a log that cannot be read is data, not a failure of the launch.
import type { V1Pod } from "@kubernetes/client-node";
import { toError } from "../../errors.js";
import { CONTAINER_NAME } from "./build-k8s-launch-manifests.js";
import type { KubeClient } from "./open-kube-client.js";
import { JOB_NAME_LABEL } from "./read-pod-failures.js";

export type JobLog =
  | { status: "read"; pod: string; text: string }
  | { status: "unavailable"; message: string };

export async function readJobLog(options: {
  client: KubeClient;
  namespace: string;
  jobName: string;
}): Promise<JobLog> {
  const { client, namespace, jobName } = options;
  let pods: V1Pod[];
  try {
    const list = await client.core.listNamespacedPod({
      namespace,
      labelSelector: `${JOB_NAME_LABEL}=${jobName}`,
    });
    pods = list.items;
  } catch (error) {
    return { status: "unavailable", message: `its pods could not be listed (${describe(error)})` };
  }
  const pod = pods.find((candidate) => candidate.status?.phase === "Succeeded") ?? pods.at(-1);
  const name = pod?.metadata?.name;
  if (name === undefined) return { status: "unavailable", message: "the API server lists no pod of it" };
  try {
    const text = await client.core.readNamespacedPodLog({ name, namespace, container: CONTAINER_NAME });
    return { status: "read", pod: name, text };
  } catch (error) {
    return { status: "unavailable", message: `the log of ${name} could not be read (${describe(error)})` };
  }
}

function describe(error: unknown): string {
  const status = (error as { code?: unknown }).code;
  return typeof status === "number" ? `the API server answered ${status}` : toError(error).message;
}
