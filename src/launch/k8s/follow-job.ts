// Follows one Job until it ends: read it (GET), then watch it from that resourceVersion for changes; when the watch
// closes (the server's timeout, a 410 Gone, a dropped connection) read and watch again. Each change of the counts
// goes to `onProgress`; the result is the Job's end (its Complete or Failed condition) and its last state.
import { setTimeout as sleep } from "node:timers/promises";
import type { V1Job } from "@kubernetes/client-node";
import { BenchError } from "../../errors.js";
import { type JobEnd, type JobProgress, jobEndOf, jobProgressOf, sameProgress } from "./job-state.js";
import { type KubeCallContext, kubeApiError } from "./kube-api-error.js";
import type { KubeClient } from "./open-kube-client.js";

export interface FollowJobOptions {
  client: KubeClient;
  namespace: string;
  name: string;
  onProgress: (progress: JobProgress) => void;
  signal?: AbortSignal | undefined;
  /** How long a watch may stay open before the server closes it (the watch's timeoutSeconds). */
  watchTimeoutSeconds?: number;
  /** The pause before reading again after a watch broke off; doubled per consecutive break, up to 8×. */
  retryDelayMs?: number;
  /** Consecutive watches that broke off without an event before giving up. */
  maxWatchFailures?: number;
}

type WatchEnd =
  | { type: "ended"; job: V1Job; end: JobEnd }
  | { type: "closed"; error?: unknown; sawEvent: boolean };

export async function followJob(options: FollowJobOptions): Promise<{ job: V1Job; end: JobEnd }> {
  const { client, namespace, name } = options;
  const call: KubeCallContext = {
    action: `follow the Job ${name}`,
    namespace,
    jobName: name,
    server: client.server,
    contextName: client.contextName,
  };
  let last: JobProgress | undefined;
  const report = (job: V1Job): void => {
    const progress = jobProgressOf(job);
    if (last !== undefined && sameProgress(last, progress)) return;
    last = progress;
    options.onProgress(progress);
  };
  let failures = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    let job: V1Job;
    try {
      job = await client.batch.readNamespacedJob({ name, namespace });
    } catch (error) {
      if ((error as { code?: unknown }).code === 404) throw deletedError(name, namespace);
      throw kubeApiError(error, call);
    }
    report(job);
    const end = jobEndOf(job);
    if (end !== undefined) return { job, end };
    const watched = await watchOnce(options, job.metadata?.resourceVersion, report);
    if (watched.type === "ended") return { job: watched.job, end: watched.end };
    options.signal?.throwIfAborted();
    if (watched.error === undefined || watched.sawEvent) {
      failures = 0;
      continue;
    }
    // A watch answered with an HTTP error (401, 403…) will not get better by retrying.
    if (typeof (watched.error as { statusCode?: unknown }).statusCode === "number") {
      throw kubeApiError(watched.error, { ...call, action: `watch the Job ${name}` });
    }
    failures++;
    if (failures >= (options.maxWatchFailures ?? 5)) {
      throw kubeApiError(watched.error, { ...call, action: `watch the Job ${name}` });
    }
    const delayMs = (options.retryDelayMs ?? 1000) * 2 ** Math.min(failures - 1, 3);
    await sleep(delayMs, undefined, options.signal === undefined ? {} : { signal: options.signal });
  }
}

function watchOnce(
  options: FollowJobOptions,
  resourceVersion: string | undefined,
  report: (job: V1Job) => void,
): Promise<WatchEnd> {
  const { client, namespace, name, signal } = options;
  return new Promise<WatchEnd>((resolve, reject) => {
    let settled = false;
    let sawEvent = false;
    let controller: AbortController | undefined;
    const settle = (result: WatchEnd | Error): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      controller?.abort();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onAbort = (): void =>
      settle(new BenchError("E_ABORTED", "Stopped following the Job.", { exitCode: 1 }));
    signal?.addEventListener("abort", onAbort, { once: true });
    const onEvent = (type: string, object: unknown): void => {
      if (settled) return;
      sawEvent = true;
      if (type === "DELETED") {
        settle(deletedError(name, namespace));
        return;
      }
      // ERROR carries a Status (410 Gone: the resourceVersion is too old): read the Job anew and watch again.
      if (type === "ERROR") {
        settle({ type: "closed", sawEvent });
        return;
      }
      if (type !== "ADDED" && type !== "MODIFIED") return;
      const job = object as V1Job;
      report(job);
      const end = jobEndOf(job);
      if (end !== undefined) settle({ type: "ended", job, end });
    };
    const onDone = (error: unknown): void =>
      settle(
        error === null || error === undefined
          ? { type: "closed", sawEvent }
          : { type: "closed", error, sawEvent },
      );
    client.watch
      .watch(
        `/apis/batch/v1/namespaces/${encodeURIComponent(namespace)}/jobs`,
        {
          fieldSelector: `metadata.name=${name}`,
          resourceVersion,
          allowWatchBookmarks: true,
          timeoutSeconds: options.watchTimeoutSeconds ?? 300,
        },
        onEvent,
        onDone,
      )
      .then(
        (started) => {
          controller = started;
          if (settled) started.abort();
        },
        (error: unknown) => onDone(error),
      );
  });
}

function deletedError(name: string, namespace: string): BenchError {
  return new BenchError(
    "E_KUBERNETES_JOB_DELETED",
    `The Job ${name} was deleted from namespace ${namespace} while it was followed; what its pods wrote stays on ` +
      "the volume.",
    { exitCode: 1 },
  );
}
