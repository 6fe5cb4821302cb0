// The whole log of a Job's pod that succeeded (the merge Job's: `llm-bench merge`'s output, the merged tables), found
// by the Job's job-name label and read through the API; a log that cannot be read is data, not a failure of the launch.
import type { V1Pod } from "@kubernetes/client-node";
import type { KubeClient } from "./open-kube-client.js";
import { describeKubeFailure, listJobPods, readContainerLog } from "./read-pod-failures.js";

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
    pods = await listJobPods(client, namespace, jobName);
  } catch (error) {
    return { status: "unavailable", message: `its pods could not be listed (${describeKubeFailure(error)})` };
  }
  const pod = pods.find((candidate) => candidate.status?.phase === "Succeeded") ?? pods.at(-1);
  const name = pod?.metadata?.name;
  if (name === undefined) return { status: "unavailable", message: "the API server lists no pod of it" };
  const log = await readContainerLog(client, namespace, name);
  return log.status === "read"
    ? { status: "read", pod: name, text: log.text }
    : { status: "unavailable", message: `the log of ${name} could not be read (${log.message})` };
}
