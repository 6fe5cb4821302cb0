// Submits a launch through the Kubernetes API: create the Indexed Job, follow it to its end, then — only if every
// index succeeded — create and follow the merge Job. Progress goes to `onEvent`; a failed Job's pods are reported
// with their reasons and logs. The result is data: which stage failed, which indexes, or success.
import type { V1Job } from "@kubernetes/client-node";
import type { IJob } from "kubernetes-models/batch/v1/Job";
import { toError } from "../../errors.js";
import type { K8sLaunchManifests } from "./build-k8s-launch-manifests.js";
import { type FollowJobOptions, followJob } from "./follow-job.js";
import { type JobEnd, type JobProgress, parseIndexes } from "./job-state.js";
import { kubeApiError } from "./kube-api-error.js";
import type { KubeClient } from "./open-kube-client.js";
import { type PodFailure, readPodFailures } from "./read-pod-failures.js";

export type K8sLaunchStage = "shards" | "merge";

export type K8sLaunchEvent =
  | { type: "job-start"; stage: K8sLaunchStage; job: string; namespace: string; completions: number }
  | { type: "job-delta"; stage: K8sLaunchStage; job: string; completions: number; progress: JobProgress }
  | { type: "job-end"; stage: K8sLaunchStage; job: string; end: JobEnd };

export type K8sLaunchOutcome =
  | { status: "succeeded"; shardJob: string; mergeJob: string }
  | {
      status: "failed";
      stage: K8sLaunchStage;
      job: string;
      reason: string;
      message: string;
      /** The indexes that did not succeed (the shards to run again); [] for the merge. */
      failedIndexes: number[];
      failures: PodFailure[];
      /** Why the failed pods could not be listed, when they could not. */
      failureReportError?: string;
    };

export interface SubmitK8sLaunchOptions {
  client: KubeClient;
  manifests: K8sLaunchManifests;
  onEvent?: (event: K8sLaunchEvent) => void;
  signal?: AbortSignal;
  /** Watch timing (tests shorten it). */
  follow?: Pick<FollowJobOptions, "watchTimeoutSeconds" | "retryDelayMs" | "maxWatchFailures">;
}

export async function submitK8sLaunch(options: SubmitK8sLaunchOptions): Promise<K8sLaunchOutcome> {
  const { indexedJob, mergeJob } = options.manifests;
  const shards = await runJob(options, "shards", indexedJob);
  if (shards.status === "failed") return shards;
  const merge = await runJob(options, "merge", mergeJob);
  if (merge.status === "failed") return merge;
  return { status: "succeeded", shardJob: shards.job, mergeJob: merge.job };
}

type StageResult = { status: "succeeded"; job: string } | Extract<K8sLaunchOutcome, { status: "failed" }>;

async function runJob(
  options: SubmitK8sLaunchOptions,
  stage: K8sLaunchStage,
  manifest: IJob,
): Promise<StageResult> {
  const { client, onEvent, signal } = options;
  const name = manifest.metadata?.name ?? "";
  const namespace = manifest.metadata?.namespace ?? "default";
  const completions = manifest.spec?.completions ?? 1;
  signal?.throwIfAborted();
  try {
    // The manifest kubernetes-models validated is the JSON the API takes; the two type packages differ only in
    // timestamps (string there, Date here), which a manifest to create never has.
    await client.batch.createNamespacedJob({ namespace, body: manifest as unknown as V1Job });
  } catch (error) {
    throw kubeApiError(error, {
      action: `create the Job ${name}`,
      namespace,
      jobName: name,
      server: client.server,
      contextName: client.contextName,
    });
  }
  onEvent?.({ type: "job-start", stage, job: name, namespace, completions });
  const { job, end } = await followJob({
    ...options.follow,
    client,
    namespace,
    name,
    signal,
    onProgress: (progress) => onEvent?.({ type: "job-delta", stage, job: name, completions, progress }),
  });
  onEvent?.({ type: "job-end", stage, job: name, end });
  if (end.status === "succeeded") return { status: "succeeded", job: name };
  const completed = new Set(parseIndexes(job.status?.completedIndexes ?? ""));
  const failedIndexes =
    stage === "shards"
      ? Array.from({ length: completions }, (_, index) => index).filter((index) => !completed.has(index))
      : [];
  const report = await readPodFailures({ client, namespace, jobName: name }).then(
    (failures) => ({ failures }),
    (error: unknown) => ({ failures: [], failureReportError: toError(error).message }),
  );
  return {
    status: "failed",
    stage,
    job: name,
    reason: end.reason,
    message: end.message,
    failedIndexes,
    ...report,
  };
}
