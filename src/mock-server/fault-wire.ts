// Wire pieces the fault writers share: a socket reset, an SSE body split into its events, vLLM's in-stream error.
import type { ServerResponse } from "node:http";
import { SSE_DONE_FRAME, SSE_EVENT_END, sseFrame } from "../protocol/sse-frames.js";

export const FAULT_MESSAGE = "Injected fault (mock server).";

/** Ends the connection with a TCP RST (SO_LINGER 0): the client reads ECONNRESET. */
export function resetConnection(response: ServerResponse): void {
  const socket = response.socket;
  if (socket === null) response.destroy();
  else socket.resetAndDestroy();
}

/**
 * How long after its last bytes were written a mid-answer reset waits: an RST that reaches the client while those
 * bytes are still unread in its socket buffer is read there as a plain end (Linux), not as ECONNRESET.
 */
export const RESET_AFTER_WRITE_MS = 20;

/** Writes `bytes`, and resets the connection RESET_AFTER_WRITE_MS after they went to the socket. */
export function writeThenReset(response: ServerResponse, bytes: string | Buffer): void {
  response.write(bytes, () => {
    const timer = setTimeout(() => resetConnection(response), RESET_AFTER_WRITE_MS);
    response.once("close", () => clearTimeout(timer));
  });
}

/** Ends the connection plainly (FIN), mid-message when the response is not finished. */
export function dropConnection(response: ServerResponse): void {
  const socket = response.socket;
  if (socket === null) response.destroy();
  else socket.destroy();
}

/** The events of an SSE body (each with its blank line), `data: [DONE]` left out, and whether it was there. */
export function splitSseEvents(body: string): { events: string[]; hasDone: boolean } {
  const events: string[] = [];
  let hasDone = false;
  for (const piece of body.split(SSE_EVENT_END)) {
    if (piece === "") continue;
    const event = `${piece}${SSE_EVENT_END}`;
    if (event === SSE_DONE_FRAME) hasDone = true;
    else events.push(event);
  }
  return { events, hasDone };
}

/** How many of `count` events go out before a mid-stream fault: half, at least one. */
export function halfOf(count: number): number {
  return Math.max(1, Math.floor(count / 2));
}

/**
 * vLLM's error inside a 200 stream: `create_streaming_error_response` serializes `ErrorResponse(error=ErrorInfo(
 * message, type, param, code))`, code the HTTP status as a number, and the stream then sends `data: [DONE]`
 * (vllm-project/vllm@619e4b31da7791a6ea4f6724fe45b54556b5a8fa, vllm/entrypoints/openai/engine/serving.py).
 */
export function vllmErrorJson(message: string, status: number): string {
  return JSON.stringify({ error: { message, type: "InternalServerError", param: null, code: status } });
}

export const VLLM_ERROR_EVENT = `${sseFrame(vllmErrorJson(FAULT_MESSAGE, 500))}${SSE_DONE_FRAME}`;
