// Runs a profile's load in this process: `runLoad` sends each request through the backend and records it.
import type { Backend } from "../core/generation.js";
import { type LoadResult, runLoad } from "../engine/run-load.js";
import type { SampleRecord } from "../results/sample-record.js";
import type { Workload } from "../workloads/workload.js";
import type { ProfileLoadPlan } from "./profile-load-plan.js";
import { endedRequest, type ProfileRecorder } from "./profile-recorder.js";

export interface InProcessLoad {
  plan: ProfileLoadPlan;
  durationMs: number | undefined;
  warmup: number;
  backend: Backend;
  workload: Workload;
  recorder: ProfileRecorder;
  /** Stops scheduling. */
  signal: AbortSignal | undefined;
  /** Cancels requests in flight. */
  inFlightSignal: AbortSignal;
  now: () => number;
  onRequestEnd: () => void;
  /** Each graded record of a benchmark workload. */
  onGraded: (record: SampleRecord) => void;
}

export async function driveInProcess(load: InProcessLoad): Promise<LoadResult> {
  const { plan, warmup, workload, backend, recorder } = load;
  return runLoad({
    mode: plan.mode,
    requestCount: plan.requestCount,
    durationMs: load.durationMs,
    signal: load.signal,
    now: load.now,
    send: async (dispatch) => {
      const index = plan.globalIndex(dispatch.index);
      const item = workload.item(index < warmup ? index : index - warmup);
      const result = await backend.generate(item.request, { signal: load.inFlightSignal });
      load.onRequestEnd();
      if (result.status === "aborted") return;
      const isWarmup = recorder.record(endedRequest(index, result, dispatch, item.targetInputTokens));
      if (!isWarmup && item.grade !== undefined) load.onGraded(item.grade(result));
    },
  });
}
