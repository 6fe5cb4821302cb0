// The readers of one response body, fed chunk by chunk from the transport's dispatch handler: a streamed (SSE)
// answer, a whole JSON answer, and the text of an error response (or of a page that is not an answer).
import type { AttemptGuard } from "./attempt-guard.js";
import { describeBody, quoteBody } from "./protocol-error.js";
import type { ResponseAccumulator } from "./response-accumulator.js";
import { SseDecoder, type SseEvent } from "./sse-decoder.js";
import { StreamEventReader } from "./stream-event-reader.js";
import { asCompletionResponse } from "./wire-checks.js";

const MAX_TEXT_BODY_BYTES = 64 * 1024;

export interface BodyReader {
  /** Takes the next chunk; false when the rest of the body is not wanted. Throws StreamParseError on bad data. */
  push(chunk: Buffer): boolean;
  /** The body has ended. Throws StreamParseError on bad data. */
  end(): void;
  /**
   * What the body was, for the message of a 2xx response that gave no answer (no choice): e.g. "an empty body",
   * `a text/html body (<!DOCTYPE html>…)`, `an event stream whose chunks have no "choices" (first: {…})`.
   */
  describe(contentType: string | undefined): string;
}

/**
 * Times every chunk as it arrives and applies its events. After `[DONE]` the rest is read and dropped, so the socket
 * can be reused (the guard cuts a body that does not end soon after); an error reported in the stream stops it.
 */
export class SseBodyReader implements BodyReader {
  readonly #accumulator: ResponseAccumulator;
  readonly #guard: AttemptGuard;
  readonly #now: () => number;
  readonly #decoder = new SseDecoder();
  readonly #reader: StreamEventReader;
  #timeMs = 0;
  /** The first chunk when it held no data, kept (not copied) to say what came back. */
  #firstChunk: Buffer | undefined;
  readonly #onEvent = (event: SseEvent): void => this.#reader.read(event, this.#timeMs);

  constructor(accumulator: ResponseAccumulator, guard: AttemptGuard, now: () => number) {
    this.#accumulator = accumulator;
    this.#guard = guard;
    this.#now = now;
    this.#reader = new StreamEventReader(accumulator, { onDone: () => guard.onDone() });
  }

  push(chunk: Buffer): boolean {
    const timeMs = this.#now();
    this.#timeMs = timeMs;
    this.#accumulator.markFirstByte(timeMs);
    this.#guard.onChunk();
    if (this.#reader.isDone) return true;
    this.#decoder.push(chunk, this.#onEvent);
    // Kept only while no data came (a stream's first chunk normally has its first event): nothing held otherwise.
    if (this.#firstChunk === undefined && this.#reader.firstData === undefined) this.#firstChunk = chunk;
    if (this.#reader.failure !== undefined) throw this.#reader.failure;
    return this.#accumulator.streamError === undefined;
  }

  end(): void {
    if (this.#accumulator.streamError !== undefined) return;
    this.#timeMs = this.#now();
    this.#decoder.end(this.#onEvent);
    if (this.#reader.failure !== undefined) throw this.#reader.failure;
  }

  /** `[DONE]` (or an error event) was read. */
  get hasDone(): boolean {
    return this.#reader.isDone;
  }

  describe(contentType: string | undefined): string {
    const firstData = this.#reader.firstData;
    if (firstData !== undefined) {
      return `an event stream whose chunks have no "choices" (first: ${quoteBody(firstData)})`;
    }
    if (this.#reader.isDone) return "an event stream with [DONE] and no chunk before it";
    return describeBody(contentType, this.#firstChunk === undefined ? "" : String(this.#firstChunk));
  }
}

/**
 * A non-streaming answer: the first body byte is the first-byte and first-content time; the text is one delta. A
 * body that is not JSON, or not shaped as a completion, is applied as nothing (no choice) and described.
 */
export class JsonBodyReader implements BodyReader {
  readonly #accumulator: ResponseAccumulator;
  readonly #guard: AttemptGuard;
  readonly #now: () => number;
  readonly #chunks: Buffer[] = [];
  #firstByteMs = 0;
  #text = "";
  #problem: " that is not JSON" | " that is not a completion" | undefined;

  constructor(accumulator: ResponseAccumulator, guard: AttemptGuard, now: () => number) {
    this.#accumulator = accumulator;
    this.#guard = guard;
    this.#now = now;
  }

  push(chunk: Buffer): boolean {
    if (this.#chunks.length === 0) {
      this.#firstByteMs = this.#now();
      this.#accumulator.markFirstByte(this.#firstByteMs);
    }
    this.#guard.onChunk();
    this.#chunks.push(chunk);
    return true;
  }

  end(): void {
    const chunks = this.#chunks;
    const text = chunks.length === 1 ? String(chunks[0]) : Buffer.concat(chunks).toString("utf8");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.#text = text;
      this.#problem = " that is not JSON";
      return;
    }
    const response = asCompletionResponse(json);
    if (response === undefined) {
      this.#text = text;
      this.#problem = " that is not a completion";
      return;
    }
    this.#accumulator.applyResponse(response, this.#firstByteMs);
    // Kept only for an answer without a choice, to say what came back.
    if (!this.#accumulator.hasChoice) this.#text = text;
  }

  describe(contentType: string | undefined): string {
    return describeBody(contentType, this.#text, this.#problem ?? ' without "choices"');
  }
}

/** The body of an error status, or of a 2xx page that is not an answer (text/html), kept up to `maxBytes`. */
export class TextBodyReader implements BodyReader {
  readonly #chunks: Buffer[] = [];
  readonly #maxBytes: number;
  #byteCount = 0;

  constructor(maxBytes = MAX_TEXT_BODY_BYTES) {
    this.#maxBytes = maxBytes;
  }

  push(chunk: Buffer): boolean {
    this.#chunks.push(chunk);
    this.#byteCount += chunk.byteLength;
    return this.#byteCount < this.#maxBytes;
  }

  end(): void {}

  get text(): string {
    return Buffer.concat(this.#chunks).toString("utf8");
  }

  describe(contentType: string | undefined): string {
    return describeBody(contentType, this.text);
  }
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const SSE_FIELD = /^(?:data|event|id|retry)?:/;

/**
 * A 2xx answer whose content type names neither an event stream nor JSON (e.g. `text/plain`): read by its shape.
 * Its first non-blank bytes decide once: `{` or `[` is a JSON answer, an SSE field (`data:`, `event:`, `id:`,
 * `retry:`, a `:` comment) an event stream, anything else what the request asked for.
 */
export class ShapeSniffingBodyReader implements BodyReader {
  readonly #makeSse: () => SseBodyReader;
  readonly #makeJson: () => JsonBodyReader;
  readonly #pending: Buffer[] = [];
  readonly #isStream: boolean;
  #inner: SseBodyReader | JsonBodyReader | undefined;

  constructor(accumulator: ResponseAccumulator, guard: AttemptGuard, now: () => number, isStream: boolean) {
    this.#isStream = isStream;
    this.#makeSse = () => new SseBodyReader(accumulator, guard, now);
    this.#makeJson = () => new JsonBodyReader(accumulator, guard, now);
  }

  /** The reader the shape chose; undefined while only blanks came. */
  get inner(): SseBodyReader | JsonBodyReader | undefined {
    return this.#inner;
  }

  push(chunk: Buffer): boolean {
    const inner = this.#inner;
    if (inner !== undefined) return inner.push(chunk);
    const first = chunk.findIndex((byte) => !WHITESPACE.has(byte));
    if (first < 0) {
      this.#pending.push(chunk);
      return true;
    }
    const start = chunk.subarray(first, first + 8).toString("latin1");
    const isJson = start.startsWith("{") || start.startsWith("[");
    const isSse = SSE_FIELD.test(start);
    const chosen = isJson || (!isSse && !this.#isStream) ? this.#makeJson() : this.#makeSse();
    this.#inner = chosen;
    for (const pending of this.#pending.splice(0)) chosen.push(pending);
    return chosen.push(chunk);
  }

  end(): void {
    this.#inner?.end();
  }

  describe(contentType: string | undefined): string {
    return this.#inner?.describe(contentType) ?? describeBody(contentType, "");
  }
}
