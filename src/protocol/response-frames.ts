// The JSON text of OpenAI responses and stream chunks, built from fixed prefixes so that per token only the
// token text is JSON-escaped: the one writer of response bodies for every server of this project.

import type { ToolCall } from "../core/prompt.js";
import type { CompletionLogprobs } from "./completion-logprobs.js";
import type { GenerationKind } from "./parse-generation-request.js";
import { SSE_DATA_PREFIX, SSE_DONE_FRAME, SSE_EVENT_END } from "./sse-frames.js";
import type { WireFinishReason } from "./wire-finish-reason.js";

export interface ResponseIdentity {
  kind: GenerationKind;
  /** Written as it is (no JSON escaping, per response on the hot path): letters, digits and `-` only. */
  id: string;
  createdS: number;
  /** The model name, already JSON-encoded (with its quotes). */
  modelJson: string;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** OpenAI's usage object, in OpenAI's key order. */
export function usageJson(usage: Usage): string {
  const total = usage.promptTokens + usage.completionTokens;
  return `{"prompt_tokens":${usage.promptTokens},"completion_tokens":${usage.completionTokens},"total_tokens":${total}}`;
}

function finishJson(reason: WireFinishReason): string {
  return reason === null ? "null" : `"${reason}"`;
}

function head(identity: ResponseIdentity, object: string): string {
  return `{"id":"${identity.id}","object":"${object}","created":${identity.createdS},"model":${identity.modelJson},`;
}

/** OpenAI's `tool_calls` array of a message (whole calls: `index` for a stream's delta, as OpenAI sends it). */
export function toolCallsJson(calls: readonly ToolCall[], isDelta: boolean): string {
  const entries = calls.map(
    (call, index) =>
      `{${isDelta ? `"index":${index},` : ""}"id":${JSON.stringify(call.id)},"type":"function","function":{"name":${JSON.stringify(call.name)},"arguments":${JSON.stringify(call.arguments)}}}`,
  );
  return `[${entries.join(",")}]`;
}

/**
 * The whole non-streaming response body (`logprobs`: completions with `logprobs: N` only; `toolCalls`: a chat
 * answer's function calls, the content then null when empty, as OpenAI sends it).
 */
export function completeResponseJson(
  identity: ResponseIdentity,
  text: string,
  finishReason: WireFinishReason,
  usage: Usage,
  logprobs: CompletionLogprobs | null = null,
  toolCalls: readonly ToolCall[] = [],
): string {
  const finish = finishJson(finishReason);
  const content = toolCalls.length > 0 && text === "" ? "null" : JSON.stringify(text);
  const calls = toolCalls.length > 0 ? `,"tool_calls":${toolCallsJson(toolCalls, false)}` : "";
  const choice =
    identity.kind === "chat"
      ? `{"index":0,"message":{"role":"assistant","content":${content}${calls}},"logprobs":null,"finish_reason":${finish}}`
      : `{"index":0,"text":${JSON.stringify(text)},"logprobs":${logprobs === null ? "null" : JSON.stringify(logprobs)},"finish_reason":${finish}}`;
  const object = identity.kind === "chat" ? "chat.completion" : "text_completion";
  return `${head(identity, object)}"choices":[${choice}],"usage":${usageJson(usage)}}`;
}

/** Prebuilt SSE frames of one streamed response; `stamp` (from `timestampField`) goes first in a chunk's JSON. */
export class StreamFrames {
  private readonly chunkHead: string;
  private readonly tokenPrefix: string;
  private readonly tokenSuffix: string;
  private readonly identity: ResponseIdentity;

  constructor(identity: ResponseIdentity) {
    this.identity = identity;
    const object = identity.kind === "chat" ? "chat.completion.chunk" : "text_completion";
    // Without the opening brace, so that a timestamp field can go in front.
    this.chunkHead = `${head(identity, object).slice(1)}"choices":[`;
    this.tokenPrefix =
      identity.kind === "chat"
        ? `${this.chunkHead}{"index":0,"delta":{"content":`
        : `${this.chunkHead}{"index":0,"text":`;
    this.tokenSuffix =
      identity.kind === "chat"
        ? `},"logprobs":null,"finish_reason":null}]}${SSE_EVENT_END}`
        : `,"logprobs":null,"finish_reason":null}]}${SSE_EVENT_END}`;
  }

  /** The chat stream's opening chunk (`delta: {role: "assistant", content: ""}`); empty for completions. */
  opening(stamp = ""): string {
    if (this.identity.kind !== "chat") return "";
    return `${SSE_DATA_PREFIX}{${stamp}${this.chunkHead}{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}${SSE_EVENT_END}`;
  }

  token(text: string, stamp = ""): string {
    return `${SSE_DATA_PREFIX}{${stamp}${this.tokenPrefix}${JSON.stringify(text)}${this.tokenSuffix}`;
  }

  /** A chat chunk carrying whole function calls (`delta.tool_calls`, each with its index). */
  toolCalls(calls: readonly ToolCall[], stamp = ""): string {
    return `${SSE_DATA_PREFIX}{${stamp}${this.chunkHead}{"index":0,"delta":{"tool_calls":${toolCallsJson(calls, true)}},"logprobs":null,"finish_reason":null}]}${SSE_EVENT_END}`;
  }

  /** The chunk with `finish_reason`, the usage chunk when asked for, and `[DONE]`. */
  closing(finishReason: WireFinishReason, usage: Usage | undefined, stamp = ""): string {
    const finish = finishJson(finishReason);
    const choice =
      this.identity.kind === "chat"
        ? `{"index":0,"delta":{},"logprobs":null,"finish_reason":${finish}}`
        : `{"index":0,"text":"","logprobs":null,"finish_reason":${finish}}`;
    let frames = `${SSE_DATA_PREFIX}{${stamp}${this.chunkHead}${choice}]}${SSE_EVENT_END}`;
    if (usage !== undefined)
      frames += `${SSE_DATA_PREFIX}{${stamp}${this.chunkHead}],"usage":${usageJson(usage)}}${SSE_EVENT_END}`;
    return frames + SSE_DONE_FRAME;
  }
}

/** The JSON field `"server_ts_ms":T,` for a chunk written at epoch milliseconds `epochMs`. */
export function timestampField(epochMs: number): string {
  return `"server_ts_ms":${epochMs.toFixed(3)},`;
}

/** The JSON field `"server_arrival_ts_ms":T,`: when the request arrived, epoch ms (on the first chunks only). */
export function arrivalField(epochMs: number): string {
  return `"server_arrival_ts_ms":${epochMs.toFixed(3)},`;
}
