// The fault kinds that carry part of the oracle's own answer: the complete answer, kept by a CapturedAnswer, goes
// out cut, broken, stalled, mislabelled or trickled.
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { SSE_DONE_FRAME } from "../protocol/sse-frames.js";
import type { CompleteAnswer } from "./captured-answer.js";
import { dropConnection, halfOf, splitSseEvents, VLLM_ERROR_EVENT, writeThenReset } from "./fault-wire.js";

export const ANSWER_FAULT_KINDS = [
  "reset-mid-stream",
  "stall",
  "broken-json-chunk",
  "missing-done",
  "error-event",
  "wrong-content-type",
  "slow-trickle",
] as const;

export type AnswerFaultKind = (typeof ANSWER_FAULT_KINDS)[number];

export interface AnswerFaultTiming {
  /** How long a stalled answer stays silent before the connection is dropped. */
  stallMs: number;
  /** Gap between the pieces of a slow trickle. */
  trickleMs: number;
}

/** Bytes per piece of a slow trickle. */
export const TRICKLE_PIECE_BYTES = 8;

/** Writes `answer` to the client with the fault `kind`; `isStream` says whether it is an SSE stream. */
export function writeFaultedAnswer(
  kind: AnswerFaultKind,
  response: ServerResponse,
  answer: CompleteAnswer,
  isStream: boolean,
  timing: AnswerFaultTiming,
): void {
  if (response.destroyed) return;
  const { headers, body } = answer;
  const { events } = splitSseEvents(isStream ? body : "");
  const halfEvents = events.slice(0, halfOf(events.length)).join("");
  const bytes = Buffer.from(body);
  const halfBytes = bytes.subarray(0, Math.floor(bytes.length / 2));
  switch (kind) {
    case "reset-mid-stream":
      response.writeHead(200, headers);
      writeThenReset(response, isStream ? halfEvents : halfBytes);
      return;
    case "stall": {
      response.writeHead(200, headers);
      response.write(isStream ? halfEvents : halfBytes);
      const timer = setTimeout(() => dropConnection(response), timing.stallMs);
      response.once("close", () => clearTimeout(timer));
      return;
    }
    case "broken-json-chunk":
      if (isStream) {
        response.writeHead(200, headers);
        response.end(breakOneEvent(events).join("") + SSE_DONE_FRAME);
      } else {
        response.writeHead(200, { ...headers, "content-length": halfBytes.length });
        response.end(halfBytes);
      }
      return;
    case "missing-done":
      if (isStream) {
        response.writeHead(200, { ...headers, connection: "close" });
        response.end(events.join(""));
      } else {
        // The whole body, chunked, and then the connection ends without the chunked body's last (empty) chunk.
        response.writeHead(200, withoutLength(headers));
        response.write(body, () => dropConnection(response));
      }
      return;
    case "error-event":
      response.writeHead(200, headers);
      response.end(halfEvents + VLLM_ERROR_EVENT);
      return;
    case "wrong-content-type":
      response.writeHead(200, { ...headers, "content-type": "text/plain; charset=utf-8" });
      response.end(body);
      return;
    case "slow-trickle":
      response.writeHead(200, headers);
      response.flushHeaders();
      trickle(response, bytes, timing.trickleMs);
      return;
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown fault kind ${JSON.stringify(unreachable)}`);
    }
  }
}

/** The events with one, after at least one good event (when there are two or more), cut to half its JSON. */
function breakOneEvent(events: readonly string[]): string[] {
  const index = Math.min(halfOf(events.length), events.length - 1);
  return events.map((event, at) => {
    if (at !== index) return event;
    const json = event.slice("data: ".length, -2);
    return `data: ${json.slice(0, Math.floor(json.length / 2))}\n\n`;
  });
}

function withoutLength(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const { "content-length": _length, ...rest } = headers;
  return rest;
}

/** Writes `bytes` in pieces of TRICKLE_PIECE_BYTES, `gapMs` apart, and ends; stops when the client hangs up. */
function trickle(response: ServerResponse, bytes: Buffer, gapMs: number): void {
  let offset = 0;
  let timer: NodeJS.Timeout | undefined;
  const next = (): void => {
    if (response.destroyed) return;
    const piece = bytes.subarray(offset, offset + TRICKLE_PIECE_BYTES);
    offset += piece.length;
    if (offset >= bytes.length) {
      response.end(piece);
      return;
    }
    response.write(piece);
    timer = setTimeout(next, gapMs);
  };
  response.once("close", () => clearTimeout(timer));
  timer = setTimeout(next, gapMs);
}
