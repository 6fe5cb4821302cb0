// Runs a profile's load in this process: the scheduler sends each request through the backend and records it.
import type { Backend } from "../core/generation.js";
import type { SampleRecord } from "../core/sample-record.js";
import { type ScheduleResult, schedule } from "../engine/scheduler.js";
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
  /** Stops scheduling; requests in flight get `graceMs` to end. */
  signal: AbortSignal | undefined;
  graceMs: number;
  now: () => number;
  /**
   * The load's t0 on the `now()` clock (`--start-at`); default: now. The plan's first request is its
   * `startOffsetMs` after it, and `durationMs` counts from it.
   */
  startMs?: number | undefined;
  /** Each request that ended, aborted ones included; `isOk` false when it failed. */
  onRequestEnd: (isOk: boolean) => void;
  /** Each graded record of a benchmark workload. */
  onGraded: (record: SampleRecord) => void;
}

export async function driveInProcess(load: InProcessLoad): Promise<ScheduleResult> {
  const { plan, warmup, workload, backend, recorder } = load;
  return schedule({
    mode: plan.mode,
    requestCount: plan.requestCount,
    durationMs: load.durationMs === undefined ? undefined : load.durationMs - plan.startOffsetMs,
    startMs: (load.startMs ?? load.now()) + plan.startOffsetMs,
    signal: load.signal,
    graceMs: load.graceMs,
    now: load.now,
    send: async (dispatch, inFlight) => {
      const index = plan.globalIndex(dispatch.index);
      const item = workload.item(index < warmup ? index : index - warmup);
      const result = await backend.generate(item.request, { signal: inFlight });
      load.onRequestEnd(result.status === "ok");
      if (result.status === "aborted") return;
      const isWarmup = recorder.record(endedRequest(index, result, dispatch, item.targetInputTokens));
      if (!isWarmup && item.grade !== undefined) load.onGraded(await item.grade(result));
    },
  });
}
