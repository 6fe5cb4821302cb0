// Applies the SSE events of one streamed response to a ResponseAccumulator: `[DONE]`, error events, and each JSON
// chunk, the plain content deltas through the chunk template (no JSON.parse) and everything else parsed and checked.
import { StreamParseError } from "../../errors.js";
import { type StreamChunk, streamChunkSchema } from "../../protocol/response-schemas.js";
import { type ChunkTemplate, learnChunkTemplate, matchChunkTemplate } from "./chunk-template.js";
import type { ResponseAccumulator } from "./response-accumulator.js";
import type { SseEvent } from "./sse-decoder.js";
import { asStreamChunk } from "./wire-checks.js";

const MAX_QUOTED_LENGTH = 200;
/**
 * Templates tried per stream: 3, and one more per 8 chunks read through one, so that a server whose every chunk
 * differs (e.g. a timestamp) costs little extra and a stream whose template changes (a stray chunk) finds it again.
 */
const BASE_LEARNINGS = 3;

export interface StreamEventReaderOptions {
  /** Called once at `[DONE]`. */
  onDone: () => void;
  /** Off: every chunk takes the parse-and-check path (the reference the fast path is tested against). */
  isFastPathOn?: boolean;
}

export class StreamEventReader {
  /** `[DONE]`, an error event or an error chunk was read: later events are ignored. */
  isDone = false;
  /** Data that is not a valid chunk; later events are ignored. */
  failure: StreamParseError | undefined;
  /** Chunks applied through the template, without JSON.parse. */
  fastChunkCount = 0;
  /** The first data read (not `[DONE]`), kept to say what came back when no chunk had a choice. */
  firstData: string | undefined;
  readonly #accumulator: ResponseAccumulator;
  readonly #onDone: () => void;
  readonly #isFastPathOn: boolean;
  #template: ChunkTemplate | undefined;
  #learnings = 0;

  constructor(accumulator: ResponseAccumulator, options: StreamEventReaderOptions) {
    this.#accumulator = accumulator;
    this.#onDone = options.onDone;
    this.#isFastPathOn = options.isFastPathOn ?? true;
  }

  read(event: SseEvent, timeMs: number): void {
    if (this.isDone || this.failure !== undefined) return;
    const data = event.data;
    if (data === "[DONE]") {
      this.isDone = true;
      this.#accumulator.markEnd(timeMs);
      this.#onDone();
      return;
    }
    if (isBlank(data)) return;
    const isErrorEvent = event.event === "error";
    const template = this.#template;
    if (template !== undefined && !isErrorEvent) {
      const content = matchChunkTemplate(template, data);
      if (content !== undefined) {
        this.#accumulator.addDelta(content, template.reasoning, timeMs);
        this.fastChunkCount++;
        return;
      }
    }
    this.#readParsed(data, isErrorEvent, timeMs);
  }

  #readParsed(data: string, isErrorEvent: boolean, timeMs: number): void {
    this.firstData ??= data;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch (error) {
      if (isErrorEvent) {
        this.#accumulator.captureErrorPayload(data);
        this.isDone = true;
        return;
      }
      this.failure = new StreamParseError(`Stream data is not JSON: ${data.slice(0, MAX_QUOTED_LENGTH)}`, {
        cause: error,
      });
      return;
    }
    if (isErrorEvent) {
      this.#accumulator.captureErrorPayload(json);
      this.isDone = true;
      return;
    }
    const chunk = asStreamChunk(json);
    if (chunk === undefined) {
      const parsed = streamChunkSchema.safeParse(json);
      this.failure = new StreamParseError(`Unexpected stream chunk: ${data.slice(0, MAX_QUOTED_LENGTH)}`, {
        cause: parsed.error,
      });
      return;
    }
    if (!this.#accumulator.applyChunk(chunk, timeMs)) {
      this.isDone = true;
      return;
    }
    if (
      this.#isFastPathOn &&
      this.#learnings < BASE_LEARNINGS + (this.fastChunkCount >> 3) &&
      isContentDelta(chunk)
    ) {
      // A content delta that did not match the template (or came before it): learn its own.
      this.#learnings++;
      const learnt = learnChunkTemplate(data, chunk);
      if (learnt !== undefined) this.#template = learnt;
    }
  }
}

/** A chunk with some content or text (the kind a template would be learnt from). */
function isContentDelta(chunk: StreamChunk): boolean {
  const choice = chunk.choices?.[0];
  const content = choice?.delta?.content ?? choice?.text;
  return typeof content === "string" && content.length > 0;
}

/** `data.trim() === ""` without allocating. */
function isBlank(data: string): boolean {
  for (let index = 0; index < data.length; index++) {
    const code = data.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return false;
  }
  return true;
}
