// `serve --api-key`/`mock-server --api-key`: whether a request carries `Authorization: Bearer KEY`, compared in
// constant time; the routes left open; the 401 it gets otherwise. As vLLM's AuthenticationMiddleware
// (vllm-project/vllm vllm/entrypoints/openai/api_server.py@048027fbbdb8c252560205a6159ba3288ede291e): the scheme
// case-insensitive, SHA-256 digests of the sent and the expected token compared, so neither length nor content
// shows in the timing.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendError } from "./send-reply.js";

/** Routes answered without the key: a liveness probe and Prometheus' scrape (vLLM leaves both open too). */
export const OPEN_ROUTES: readonly string[] = ["GET /health", "GET /metrics"];

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

/** A check of the request's bearer token against `apiKey`. */
export function bearerCheck(apiKey: string): (request: IncomingMessage) => boolean {
  const expected = digest(apiKey);
  return (request) => {
    const header = request.headers.authorization ?? "";
    const space = header.indexOf(" ");
    if (space < 0 || header.slice(0, space).toLowerCase() !== "bearer") return false;
    return timingSafeEqual(digest(header.slice(space + 1).trim()), expected);
  };
}

/** The 401 of a request without the right token, in OpenAI's error body; the token sent is never echoed. */
export function sendUnauthorized(request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  const isMissing = request.headers.authorization === undefined;
  sendError(
    response,
    401,
    {
      message: isMissing
        ? "No API key provided: send it in an Authorization header as Bearer KEY (the key this server was started with, --api-key)."
        : "Incorrect API key provided: this server was started with another --api-key.",
      type: "invalid_request_error",
      code: "invalid_api_key",
    },
    { "www-authenticate": "Bearer" },
  );
}
