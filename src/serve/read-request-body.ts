// A request's body as text, once, for every route of the server: at most MAX_BODY_CHARS characters (a larger body
// is answered 413 and the request destroyed), and a JSON reading that answers 400 for a body that is not JSON.
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendError } from "./send-reply.js";

/** A 128k-token prompt is about 0.5 M characters; this leaves room for the longest contexts servers take. */
export const MAX_BODY_CHARS = 64 * 1024 * 1024;

/**
 * Calls `onBody` with the whole body, unless it was too large (then 413 was sent, and `onTooLarge` told) or the
 * response was already sent.
 */
export function readRequestBody(
  request: IncomingMessage,
  response: ServerResponse,
  onBody: (text: string) => void,
  onTooLarge?: () => void,
): void {
  let bodyText = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => {
    bodyText += chunk;
    if (bodyText.length > MAX_BODY_CHARS) {
      onTooLarge?.();
      sendError(response, 413, { message: `The request body is larger than ${MAX_BODY_CHARS} characters.` });
      request.destroy();
    }
  });
  request.on("end", () => {
    if (response.headersSent) return;
    onBody(bodyText);
  });
}

/** What a body that is not JSON reads as: a 400 was sent. */
export const NOT_JSON: unique symbol = Symbol("not JSON");

export function parseJsonBody(text: string, response: ServerResponse): unknown {
  try {
    return JSON.parse(text);
  } catch {
    sendError(response, 400, { message: "The request body is not JSON." });
    return NOT_JSON;
  }
}
