// The wire checks of the hot path: the same acceptance as `streamChunkSchema` and `completionResponseSchema`, by
// hand (no copies, ~10× cheaper than zod at hundreds of thousands of chunks a second); the schemas stay the reference.
import type { CompletionResponse, StreamChunk } from "../../protocol/response-schemas.js";

const isNullish = (value: unknown): value is null | undefined => value === undefined || value === null;
const isOptionalString = (value: unknown): boolean => isNullish(value) || typeof value === "string";
const isOptionalNumber = (value: unknown): boolean => isNullish(value) || typeof value === "number";
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isToolCall(value: unknown): boolean {
  if (!isObject(value)) return false;
  const fn = value["function"];
  return (
    isOptionalNumber(value["index"]) &&
    isOptionalString(value["id"]) &&
    isOptionalString(value["type"]) &&
    (isNullish(fn) || (isObject(fn) && isOptionalString(fn["name"]) && isOptionalString(fn["arguments"])))
  );
}

function isMessage(value: unknown): boolean {
  if (isNullish(value)) return true;
  if (!isObject(value)) return false;
  const toolCalls = value["tool_calls"];
  return (
    isOptionalString(value["content"]) &&
    isOptionalString(value["reasoning_content"]) &&
    isOptionalString(value["reasoning"]) &&
    (isNullish(toolCalls) || (Array.isArray(toolCalls) && toolCalls.every(isToolCall)))
  );
}

function isChoice(value: unknown): boolean {
  if (!isObject(value)) return false;
  return (
    isOptionalNumber(value["index"]) &&
    isMessage(value["delta"]) &&
    isOptionalString(value["text"]) &&
    isOptionalString(value["finish_reason"])
  );
}

function isResponseChoice(value: unknown): boolean {
  if (!isObject(value)) return false;
  return (
    isOptionalNumber(value["index"]) &&
    isMessage(value["message"]) &&
    isOptionalString(value["text"]) &&
    isOptionalString(value["finish_reason"])
  );
}

function isUsage(value: unknown): boolean {
  if (isNullish(value)) return true;
  if (!isObject(value)) return false;
  return isOptionalNumber(value["prompt_tokens"]) && isOptionalNumber(value["completion_tokens"]);
}

/** `json` as a StreamChunk when it has the chunk's shape (unknown keys allowed), else undefined. */
export function asStreamChunk(json: unknown): StreamChunk | undefined {
  if (!isObject(json)) return undefined;
  if (!isOptionalString(json["object"]) || !isUsage(json["usage"])) return undefined;
  const choices = json["choices"];
  if (!isNullish(choices)) {
    if (!Array.isArray(choices)) return undefined;
    for (const choice of choices) if (!isChoice(choice)) return undefined;
  }
  return json as StreamChunk;
}

/** `json` as a whole CompletionResponse when it has its shape (unknown keys kept), else undefined. */
export function asCompletionResponse(json: unknown): CompletionResponse | undefined {
  if (!isObject(json)) return undefined;
  if (!isOptionalString(json["object"]) || !isUsage(json["usage"])) return undefined;
  const choices = json["choices"];
  if (!isNullish(choices)) {
    if (!Array.isArray(choices)) return undefined;
    for (const choice of choices) if (!isResponseChoice(choice)) return undefined;
  }
  return json as CompletionResponse;
}
