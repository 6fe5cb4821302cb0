// One generation request's response: the options its backend gets (text deltas, start, arrival, a signal made
// only when read) and the writing of the answer, streamed as SSE frames or whole. Deltas of one event-loop turn
// go out in one write, and a stream whose last deltas and end come in the same turn ends in that same write.
import type { GenerationResult } from "../core/generation.js";
import { errorBodyJson } from "../protocol/error-body.js";
import type { ParsedGenerationRequest } from "../protocol/parse-generation-request.js";
import {
  arrivalField,
  completeResponseJson,
  type ResponseIdentity,
  StreamFrames,
  timestampField,
  type Usage,
} from "../protocol/response-frames.js";
import { SSE_DONE_FRAME, SSE_HEADERS, sseFrame } from "../protocol/sse-frames.js";
import { wireFinishReason } from "../protocol/wire-finish-reason.js";
import type { AnswerSink } from "./answer-sink.js";
import { sendError } from "./send-reply.js";
import type { LogprobsAnswer, ServedGenerateOptions } from "./served-backend.js";
import type { ServerCounters } from "./server-counters.js";

/** What every response of one server shares. */
export interface ResponseContext {
  counters: ServerCounters;
  now: () => number;
  /**
   * When set, every SSE chunk carries `"server_ts_ms"`: this clock (epoch ms) when its token was handed over (other
   * chunks: when their write was prepared).
   */
  chunkClock: (() => number) | undefined;
}

export class GenerationResponse implements ServedGenerateOptions {
  readonly arrivalMs: number;
  readonly requestNumber: number;
  /** Set for a streamed answer only (by `begin`): a whole one has no use for them. */
  onTextDelta: ((text: string) => void) | undefined;
  onStart: (() => void) | undefined;
  private readonly response: AnswerSink;
  private readonly context: ResponseContext;
  private controller: AbortController | undefined;
  private identity: ResponseIdentity | undefined;
  private frames: StreamFrames | undefined;
  private isUsageIncluded = false;
  /** Frames not written yet, and the `server_ts_ms` field they share. */
  private pending = "";
  private stamp = "";
  private isHeadWritten = false;
  private isHeadSent = false;
  private hasOpened = false;
  private isFlushScheduled = false;
  /** True while the backend's generate call runs (see `call`). */
  private isInCall = false;

  constructor(response: AnswerSink, context: ResponseContext, arrivalMs: number, requestNumber: number) {
    this.response = response;
    this.context = context;
    this.arrivalMs = arrivalMs;
    this.requestNumber = requestNumber;
    this.onTextDelta = undefined;
    this.onStart = undefined;
  }

  /**
   * Made on first use, with its `close` listener: most answers never read it, and an AbortController costs more
   * than the rest of a request.
   */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      const controller = new AbortController();
      this.controller = controller;
      const response = this.response;
      const abortIfUnfinished = (): void => {
        if (!response.writableFinished) controller.abort(new Error("The client closed the connection."));
      };
      if (response.destroyed) abortIfUnfinished();
      else response.once("close", abortIfUnfinished);
    }
    return this.controller.signal;
  }

  /** Sets what the answer is for; called once the request is parsed, before the backend is asked. */
  begin(identity: ResponseIdentity, request: ParsedGenerationRequest): void {
    this.identity = identity;
    if (request.stream) {
      this.frames = new StreamFrames(identity);
      this.isUsageIncluded = request.isUsageIncluded;
      const frames = this.frames;
      // Per delta only the token's frame is built: the checks and the head come once per write. A timestamped
      // token is stamped when it is handed over: a write's frames can be handed over in more than one turn of a
      // busy event loop, and the write's opening stamp made a later token look earlier than its deadline (seen as
      // tokens 3–8 ms early under two test processes on two cores).
      this.onTextDelta = (text) => {
        if (this.pending === "") {
          if (!this.openBurst()) return;
        } else if (this.context.chunkClock !== undefined) {
          this.stamp = timestampField(this.context.chunkClock());
        }
        this.pending += frames.token(text, this.stamp);
      };
      this.onStart = () => this.writeStreamHead();
    }
  }

  /** Writes a backend's result: the whole body, or the stream's last frames. */
  finish(result: GenerationResult): void {
    const response = this.response;
    if (response.destroyed || response.writableEnded) return;
    const usage: Usage = {
      promptTokens: result.usage.promptTokens ?? 0,
      completionTokens: result.usage.completionTokens ?? 0,
    };
    if (result.status !== "ok") {
      this.fail(
        result.error?.httpStatus ?? 500,
        result.error?.message ?? `The answer ended: ${result.status}.`,
      );
      return;
    }
    this.context.counters.recordAnswer(usage.promptTokens, usage.completionTokens, result.finishReason);
    const finishReason = wireFinishReason(result.finishReason);
    const frames = this.frames;
    if (frames === undefined) {
      if (this.identity === undefined) return;
      this.sendWhole(
        completeResponseJson(this.identity, result.text, finishReason, usage, null, result.toolCalls),
      );
      this.release();
      return;
    }
    if (this.pending === "") this.openBurst();
    if (result.toolCalls !== undefined && result.toolCalls.length > 0) {
      this.pending += frames.toolCalls(result.toolCalls, this.stamp);
    }
    this.pending += frames.closing(finishReason, this.isUsageIncluded ? usage : undefined, this.stamp);
    response.end(this.pending);
    this.release();
  }

  /** Writes the answer of a completion with `echo` / `logprobs`. */
  finishLogprobs(answer: LogprobsAnswer): void {
    if (this.response.destroyed || this.response.writableEnded || this.identity === undefined) return;
    if (answer.status !== "ok") {
      this.fail(answer.error.httpStatus ?? 500, answer.error.message);
      return;
    }
    const { usage } = answer;
    this.context.counters.recordAnswer(usage.promptTokens, usage.completionTokens, answer.finishReason);
    this.sendWhole(
      completeResponseJson(
        this.identity,
        answer.text,
        wireFinishReason(answer.finishReason),
        usage,
        answer.logprobs,
      ),
    );
    this.release();
  }

  /** An HTTP error while nothing was sent; after that, an SSE error event and the end of the stream. */
  fail(status: number, message: string): void {
    const response = this.response;
    if (response.destroyed || response.writableEnded) return;
    this.context.counters.failedRequests++;
    if (this.isHeadWritten)
      response.end(`${this.pending}${sseFrame(errorBodyJson(status, { message }))}${SSE_DONE_FRAME}`);
    else sendError(response, status, { message });
    this.release();
  }

  /**
   * Drops what only the answer needed. Node keeps a connection's last request (and so this object, through its
   * listeners) until the next request on that connection: 64 connections each holding a stream's frames made
   * half of all young objects survive a scavenge and tripled the CPU time of a zero-latency stream.
   */
  private release(): void {
    this.pending = "";
    this.identity = undefined;
    this.frames = undefined;
    this.onTextDelta = undefined;
    this.onStart = undefined;
  }

  private sendWhole(body: string): void {
    this.response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    this.response.end(body);
  }

  private writeStreamHead(): void {
    if (this.isHeadWritten || this.frames === undefined || this.response.destroyed) return;
    this.isHeadWritten = true;
    this.response.writeHead(200, SSE_HEADERS);
    this.scheduleFlush();
  }

  /**
   * At the first frame of a write: checks the client is still there, writes the head, schedules the write, stamps
   * it, and puts the chat role chunk before the first delta. False when the client is gone.
   */
  private openBurst(): boolean {
    const response = this.response;
    if (response.destroyed || response.writableEnded) return false;
    this.writeStreamHead();
    this.scheduleFlush();
    const clock = this.context.chunkClock;
    if (clock !== undefined) {
      const epochMs = clock();
      this.stamp = timestampField(epochMs);
      // The first chunks also say when the request arrived, on the same clock.
      if (!this.hasOpened) this.stamp += arrivalField(epochMs - (this.context.now() - this.arrivalMs));
    }
    if (!this.hasOpened) {
      this.hasOpened = true;
      this.pending = this.frames?.opening(this.stamp) ?? "";
    }
    return true;
  }

  /**
   * Writes what is pending once every promise job of this turn has run (a nextTick queued from a microtask runs
   * after the microtask queue drains), so that the backend's result, if it comes in this turn, ends the stream in
   * the same write.
   */
  private scheduleFlush(): void {
    if (this.isFlushScheduled || this.isInCall) return;
    this.isFlushScheduled = true;
    // A promise job, not queueMicrotask: Node wraps each queueMicrotask callback in an AsyncResource, which
    // measured here as several times the garbage-collection work of the whole request.
    void SETTLED.then(() => process.nextTick(flush, this));
  }

  /**
   * Asks the backend for the answer. What it hands over during the call itself is flushed by one promise job
   * queued after the result's own: an answer that is complete when the call returns (the mock without latency)
   * ends in one write with no flush at all, and one still coming gets its head and first deltas out in this turn.
   * (A nextTick per stream, as for later deltas, measured 14 % of the mock's CPU per zero-latency stream.)
   */
  call(ask: (options: ServedGenerateOptions) => void): void {
    this.isInCall = true;
    ask(this);
    this.isInCall = false;
    if (this.pending !== "" || (this.isHeadWritten && !this.isHeadSent)) {
      this.isFlushScheduled = true;
      void SETTLED.then(() => this.flushPending());
    }
  }

  /** Sends the pending frames, or the headers alone when nothing else is ready. */
  flushPending(): void {
    this.isFlushScheduled = false;
    const response = this.response;
    if (response.destroyed || response.writableEnded) return;
    if (this.pending !== "") {
      response.write(this.pending);
      this.pending = "";
      this.isHeadSent = true;
    } else if (this.isHeadWritten && !this.isHeadSent) {
      response.flushHeaders();
      this.isHeadSent = true;
    }
  }
}

const SETTLED = Promise.resolve();

function flush(response: GenerationResponse): void {
  response.flushPending();
}
