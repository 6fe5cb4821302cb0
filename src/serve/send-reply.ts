// Writes a whole JSON (or text) body, or an OpenAI error body, with its length; nothing once the response began.
import type { ServerResponse } from "node:http";
import { type ErrorBody, errorBodyJson } from "../protocol/error-body.js";
import type { AnswerSink } from "./answer-sink.js";

export function sendBody(response: ServerResponse, body: string, contentType = "application/json"): void {
  if (response.destroyed || response.headersSent) return;
  response.writeHead(200, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
  response.end(body);
}

export function sendError(
  response: AnswerSink,
  status: number,
  error: ErrorBody,
  headers: Record<string, string> = {},
): void {
  if (response.destroyed || response.headersSent) return;
  const body = errorBodyJson(status, error);
  response.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}
