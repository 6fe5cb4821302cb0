// What a server has served, as counters and a gauge (the mock exposes them at `GET /metrics` in vLLM's names).
import type { FinishReason } from "../core/generation.js";

/** Plain numbers, so that cluster workers can send theirs to be summed. */
export interface ServerCountersSnapshot {
  promptTokens: number;
  generationTokens: number;
  successStop: number;
  successLength: number;
  /** Generation requests answered with an error status (faults, bad bodies, unknown model, failed answers). */
  failedRequests: number;
  /** Generation requests whose response has not closed yet. */
  running: number;
}

export class ServerCounters {
  promptTokens = 0;
  generationTokens = 0;
  successStop = 0;
  successLength = 0;
  failedRequests = 0;
  running = 0;

  /** One answer sent whole: its tokens, and a success by `length` or else by `stop` (vLLM's two labels). */
  recordAnswer(promptTokens: number, generationTokens: number, finishReason: FinishReason): void {
    this.promptTokens += promptTokens;
    this.generationTokens += generationTokens;
    if (finishReason === "length") this.successLength++;
    else this.successStop++;
  }

  snapshot(): ServerCountersSnapshot {
    return {
      promptTokens: this.promptTokens,
      generationTokens: this.generationTokens,
      successStop: this.successStop,
      successLength: this.successLength,
      failedRequests: this.failedRequests,
      running: this.running,
    };
  }
}

/** Sums snapshots field by field (the workers of a cluster). */
export function sumCounterSnapshots(snapshots: readonly ServerCountersSnapshot[]): ServerCountersSnapshot {
  const total: ServerCountersSnapshot = {
    promptTokens: 0,
    generationTokens: 0,
    successStop: 0,
    successLength: 0,
    failedRequests: 0,
    running: 0,
  };
  for (const snapshot of snapshots) {
    total.promptTokens += snapshot.promptTokens;
    total.generationTokens += snapshot.generationTokens;
    total.successStop += snapshot.successStop;
    total.successLength += snapshot.successLength;
    total.failedRequests += snapshot.failedRequests;
    total.running += snapshot.running;
  }
  return total;
}
