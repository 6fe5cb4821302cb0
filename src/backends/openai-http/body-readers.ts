// The readers of one response body, fed chunk by chunk from undici's dispatch handler: a streamed (SSE) answer, a
// whole JSON answer, and the text of an error response.
import { StreamParseError } from "../../errors.js";
import type { AttemptGuard } from "./attempt-guard.js";
import type { ResponseAccumulator } from "./response-accumulator.js";
import { SseDecoder, type SseEvent } from "./sse-decoder.js";
import { StreamEventReader } from "./stream-event-reader.js";
import { asCompletionResponse } from "./wire-checks.js";
import { completionResponseSchema } from "./wire-schemas.js";

const MAX_QUOTED_LENGTH = 200;
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export interface BodyReader {
  /** Takes the next chunk; false when the rest of the body is not wanted. Throws StreamParseError on bad data. */
  push(chunk: Buffer): boolean;
  /** The body has ended. Throws StreamParseError on bad data. */
  end(): void;
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
    if (this.#reader.failure !== undefined) throw this.#reader.failure;
    return this.#accumulator.streamError === undefined;
  }

  end(): void {
    if (this.#accumulator.streamError !== undefined) return;
    this.#timeMs = this.#now();
    this.#decoder.end(this.#onEvent);
    if (this.#reader.failure !== undefined) throw this.#reader.failure;
  }
}

/** A non-streaming answer: the first body byte is the first-byte and first-content time; the text is one delta. */
export class JsonBodyReader implements BodyReader {
  readonly #accumulator: ResponseAccumulator;
  readonly #guard: AttemptGuard;
  readonly #now: () => number;
  readonly #chunks: Buffer[] = [];
  #firstByteMs = 0;

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
    } catch (error) {
      throw new StreamParseError(`Response body is not JSON: ${text.slice(0, MAX_QUOTED_LENGTH)}`, {
        cause: error,
      });
    }
    const response = asCompletionResponse(json);
    if (response === undefined) {
      throw new StreamParseError(`Unexpected response body: ${text.slice(0, MAX_QUOTED_LENGTH)}`, {
        cause: completionResponseSchema.safeParse(json).error,
      });
    }
    this.#accumulator.applyResponse(response, this.#firstByteMs);
  }
}

/** The body of an error status, kept up to `maxBytes` (the rest is not read). */
export class ErrorBodyReader implements BodyReader {
  readonly #chunks: Buffer[] = [];
  readonly #maxBytes: number;
  #byteCount = 0;

  constructor(maxBytes = MAX_ERROR_BODY_BYTES) {
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
}
