// Collects one response (streamed chunks or a whole body) into a GenerationResult: text, reasoning, timings, usage.
import type {
  FinishReason,
  GenerationError,
  GenerationResult,
  GenerationStatus,
  TokenUsage,
} from "../../core/generation.js";
import type { ToolCall } from "../../core/prompt.js";
import { ThinkSplitter } from "../../core/think-splitter.js";
import { mapFinishReason } from "../../protocol/map-finish-reason.js";
import type { CompletionResponse, StreamChunk, WireToolCall } from "../../protocol/response-schemas.js";
import { describeErrorBody } from "./describe-error-body.js";

type WireUsage = NonNullable<StreamChunk["usage"]>;

export interface ResultEnd {
  status: GenerationStatus;
  attempts: number;
  sentMs: number;
  endMs: number;
  error?: GenerationError | undefined;
}

export class ResponseAccumulator {
  readonly #splitter = new ThinkSplitter();
  readonly #reasoningParts: string[] = [];
  readonly #deltaTimesMs: number[] = [];
  #firstByteMs: number | undefined;
  #firstContentMs: number | undefined;
  #firstAnswerMs: number | undefined;
  #endMs: number | undefined;
  #finishReason: FinishReason = "unknown";
  #usage: TokenUsage = {};
  /** Function calls by their index, pieces joined as they arrive. */
  readonly #toolCalls = new Map<number, ToolCall>();
  /** An error the server reported inside a 2xx body. */
  streamError: GenerationError | undefined;
  /**
   * A choice (index 0) was applied: the body is an OpenAI answer, even an empty one. A 2xx body without any (an HTML
   * page, an empty stream, chunks without `choices`) is a protocol error, not a blank answer.
   */
  hasChoice = false;
  /** A finish_reason came (a stream's last choice chunk, or a whole answer's). */
  hasFinishReason = false;

  get hasFirstByte(): boolean {
    return this.#firstByteMs !== undefined;
  }

  markFirstByte(timeMs: number): void {
    if (this.#firstByteMs === undefined) this.#firstByteMs = timeMs;
  }

  /** The time the answer ended (`[DONE]`), when it is known before the body ends. */
  markEnd(timeMs: number): void {
    if (this.#endMs === undefined) this.#endMs = timeMs;
  }

  /** One content and/or reasoning delta; empty ones (role-only chunks) do not count as tokens. */
  addDelta(content: string | null | undefined, reasoning: string | null | undefined, timeMs: number): void {
    const hasContent = content !== undefined && content !== null && content.length > 0;
    const hasReasoning = reasoning !== undefined && reasoning !== null && reasoning.length > 0;
    if (hasContent) {
      this.#splitter.push(content);
      // Answer text that an orphan `</think>` later turns into reasoning was not the first answer token.
      if (!this.#splitter.hasText) this.#firstAnswerMs = undefined;
      else this.#firstAnswerMs ??= timeMs;
    }
    if (hasReasoning) this.#reasoningParts.push(reasoning);
    if (!hasContent && !hasReasoning) return;
    if (this.#firstContentMs === undefined) this.#firstContentMs = timeMs;
    this.#deltaTimesMs.push(timeMs);
  }

  /**
   * Function-call pieces (a stream's deltas, or a whole message's calls): each joins the call of its `index` (its
   * position when there is none); the id and name are taken from the first piece that has them, the arguments
   * appended. Each piece counts as an output delta for the timings, as content does.
   */
  addToolCalls(calls: readonly WireToolCall[], timeMs: number): void {
    if (calls.length === 0) return;
    calls.forEach((piece, position) => {
      const index = piece.index ?? position;
      const call = this.#toolCalls.get(index) ?? { id: "", name: "", arguments: "" };
      if (call.id === "" && piece.id) call.id = piece.id;
      if (call.name === "" && piece.function?.name) call.name = piece.function.name;
      const args = piece.function?.arguments;
      if (args) call.arguments += args;
      this.#toolCalls.set(index, call);
    });
    if (this.#firstContentMs === undefined) this.#firstContentMs = timeMs;
    this.#firstAnswerMs ??= timeMs;
    this.#deltaTimesMs.push(timeMs);
  }

  /** Applies one stream chunk; returns false when the chunk carried an error. */
  applyChunk(chunk: StreamChunk, timeMs: number): boolean {
    if (this.#captureError(chunk)) return false;
    const choices = chunk.choices;
    if (choices !== undefined && choices !== null) {
      for (const choice of choices) {
        if (choice.index !== undefined && choice.index !== null && choice.index !== 0) continue;
        this.hasChoice = true;
        const delta = choice.delta;
        if (delta !== undefined && delta !== null) {
          this.addDelta(delta.content, delta.reasoning_content || delta.reasoning, timeMs);
          if (delta.tool_calls) this.addToolCalls(delta.tool_calls, timeMs);
        } else {
          this.addDelta(choice.text, undefined, timeMs);
        }
        if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
          this.hasFinishReason = true;
          this.#finishReason = mapFinishReason(choice.finish_reason);
        }
      }
    }
    if (chunk.usage !== undefined && chunk.usage !== null) this.#setUsage(chunk.usage);
    return true;
  }

  /** Applies a whole non-streaming response; returns false when it carried an error. */
  applyResponse(response: CompletionResponse, timeMs: number): boolean {
    if (this.#captureError(response)) return false;
    const choice = response.choices?.find((each) => (each.index ?? 0) === 0);
    if (choice !== undefined) {
      this.hasChoice = true;
      const message = choice.message;
      if (message !== undefined && message !== null) {
        this.addDelta(message.content, message.reasoning_content || message.reasoning, timeMs);
        if (message.tool_calls) this.addToolCalls(message.tool_calls, timeMs);
      } else {
        this.addDelta(choice.text, undefined, timeMs);
      }
      this.#finishReason = mapFinishReason(choice.finish_reason);
    }
    if (response.usage !== undefined && response.usage !== null) this.#setUsage(response.usage);
    return true;
  }

  toResult(end: ResultEnd): GenerationResult {
    const split = this.#splitter.end();
    const fieldReasoning = this.#reasoningParts.join("");
    const reasoning =
      fieldReasoning.length > 0 && split.reasoning.length > 0
        ? `${fieldReasoning}\n${split.reasoning}`
        : fieldReasoning + split.reasoning;
    const error = end.error ?? this.streamError;
    const toolCalls = [...this.#toolCalls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([, call]) => call);
    return {
      status: end.status,
      text: split.text,
      reasoning,
      isThinkUnclosed: split.isThinkUnclosed,
      ...(toolCalls.length === 0 ? {} : { toolCalls }),
      finishReason: this.#finishReason,
      usage: this.#usage,
      timings: {
        sentMs: end.sentMs,
        ...(this.#firstByteMs === undefined ? {} : { firstByteMs: this.#firstByteMs }),
        ...(this.#firstContentMs === undefined ? {} : { firstContentMs: this.#firstContentMs }),
        ...(this.#firstAnswerMs === undefined ? {} : { firstAnswerMs: this.#firstAnswerMs }),
        deltaTimesMs: this.#deltaTimesMs,
        endMs: this.#endMs ?? end.endMs,
      },
      attempts: end.attempts,
      ...(error === undefined ? {} : { error }),
    };
  }

  /** Records an error payload the server sent inside a 2xx body (e.g. an `event: error`). */
  captureErrorPayload(payload: unknown): void {
    const status = statusOfErrorPayload(payload);
    this.streamError = {
      code: "E_STREAM_ERROR",
      message: `The server reported an error: ${describeErrorBody(payload)}`,
      ...(status === undefined ? {} : { httpStatus: status }),
    };
  }

  #captureError(payload: { error?: unknown; object?: string | null | undefined }): boolean {
    const hasError = (payload.error !== undefined && payload.error !== null) || payload.object === "error";
    if (!hasError) return false;
    this.captureErrorPayload(payload.error ?? payload);
    return true;
  }

  #setUsage(usage: WireUsage): void {
    const next: TokenUsage = { ...this.#usage };
    if (typeof usage.prompt_tokens === "number") next.promptTokens = usage.prompt_tokens;
    if (typeof usage.completion_tokens === "number") next.completionTokens = usage.completion_tokens;
    this.#usage = next;
  }
}

/** The HTTP status an in-stream error names as its `code` (vLLM: `"code": 500`; a numeric string too), if any. */
function statusOfErrorPayload(payload: unknown): number | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const code = (payload as { code?: unknown }).code;
  const status = typeof code === "number" ? code : typeof code === "string" ? Number(code) : Number.NaN;
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : undefined;
}
