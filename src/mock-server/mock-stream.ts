// One streamed mock answer: its tokens handed to the layer on the latency plan's absolute deadlines (token i at
// arrival + ttft + offset(i)), every token already due in the same call. One object per stream, no closure per
// stream unless a timer is needed: this is the mock server's hot path.
import type { FinishReason, GenerationResult, RequestTimings } from "../core/generation.js";
import type { ToolCall } from "../core/prompt.js";
import type { Usage } from "../protocol/response-frames.js";
import type { ServedGenerateOptions } from "../serve/served-backend.js";
import { type LatencyPlan, tokenOffsetMs } from "./latency-plan.js";
import type { TimerSet } from "./timer-set.js";

/** What the streams of one mock backend share. */
export interface MockStreamHost {
  now: () => number;
  timers: TimerSet;
  isClosed: boolean;
}

export interface MockStreamAnswer {
  tokens: string[];
  finishReason: FinishReason;
  /** Function calls sent after the tokens (a reply to a request with `tools`). */
  toolCalls?: ToolCall[] | undefined;
  usage: Usage;
  arrivalMs: number;
  /** arrival + ttft. */
  firstDeadlineMs: number;
  timing: LatencyPlan;
}

export class MockStream {
  private readonly host: MockStreamHost;
  private readonly answer: MockStreamAnswer;
  private readonly options: ServedGenerateOptions;
  /** Set when the answer waits for a timer; until then the result is kept for `run` to return. */
  private resolve: ((result: GenerationResult) => void) | undefined;
  private result: GenerationResult | undefined;
  private readonly deltaTimesMs: number[];
  private next = 0;
  private onTimerCall: (() => void) | undefined;

  constructor(host: MockStreamHost, answer: MockStreamAnswer, options: ServedGenerateOptions) {
    this.host = host;
    this.answer = answer;
    this.options = options;
    this.deltaTimesMs = [];
  }

  /**
   * Starts the stream (its head now, its first tokens at their deadline) and returns its result: a settled promise
   * when every token was due at once (no executor, no resolve functions), else one that a timer settles.
   */
  run(): Promise<GenerationResult> {
    this.options.onStart?.();
    this.atDeadlineOf(0);
    if (this.result !== undefined) return Promise.resolve(this.result);
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  private settle(result: GenerationResult): void {
    if (this.resolve === undefined) this.result = result;
    else this.resolve(result);
  }

  private deadlineOf(index: number): number {
    return this.answer.firstDeadlineMs + tokenOffsetMs(this.answer.timing, index);
  }

  private atDeadlineOf(index: number): void {
    const delayMs = this.deadlineOf(index) - this.host.now();
    if (delayMs <= 0) {
      this.tick();
      return;
    }
    this.onTimerCall ??= () => this.onTimer();
    this.host.timers.schedule(this.onTimerCall, delayMs);
  }

  /** Only a timer reads the signal: an answer handed over at once never makes one. */
  private onTimer(): void {
    if (this.host.isClosed || this.options.signal?.aborted === true)
      this.settle(abortedResult(this.answer.arrivalMs, this.host.now()));
    else this.tick();
  }

  /** Hands over every token whose deadline has passed (at least the one this call was scheduled for). */
  private tick(): void {
    const { tokens } = this.answer;
    const onTextDelta = this.options.onTextDelta;
    const nowMs = this.host.now();
    do {
      const token = tokens[this.next];
      if (token === undefined) break;
      onTextDelta?.(token);
      this.deltaTimesMs.push(nowMs);
      this.next++;
    } while (this.next < tokens.length && this.deadlineOf(this.next) <= nowMs);
    if (this.next < tokens.length) {
      this.atDeadlineOf(this.next);
      return;
    }
    const { arrivalMs, finishReason, usage } = this.answer;
    const timings: RequestTimings = {
      sentMs: arrivalMs,
      deltaTimesMs: this.deltaTimesMs,
      endMs: this.host.now(),
    };
    const firstMs = this.deltaTimesMs[0];
    if (firstMs !== undefined) {
      timings.firstContentMs = firstMs;
      timings.firstAnswerMs = firstMs;
    }
    this.settle(okResult(tokens.join(""), finishReason, usage, timings, this.answer.toolCalls));
  }
}

export function okResult(
  text: string,
  finishReason: FinishReason,
  usage: Usage,
  timings: RequestTimings,
  toolCalls?: ToolCall[],
): GenerationResult {
  return {
    status: "ok",
    text,
    reasoning: "",
    isThinkUnclosed: false,
    ...(toolCalls === undefined || toolCalls.length === 0 ? {} : { toolCalls }),
    finishReason,
    usage,
    timings,
    attempts: 1,
  };
}

export const CLOSED_MESSAGE = "The mock server closed before the answer was due.";

export function abortedResult(sentMs: number, endMs: number): GenerationResult {
  return {
    status: "aborted",
    text: "",
    reasoning: "",
    isThinkUnclosed: false,
    finishReason: "unknown",
    usage: {},
    timings: { sentMs, deltaTimesMs: [], endMs },
    attempts: 1,
    error: { code: "E_ABORTED", message: CLOSED_MESSAGE },
  };
}
