// Reads the body text of a chat or completions request into a GenerationRequest plus the wire options a server
// needs (stream, usage, echo, logprobs, vLLM's min_tokens / ignore_eos); a bad body becomes a clear message.
import type { z } from "zod";
import type { GenerationParams, GenerationRequest } from "../core/generation.js";
import type { ChatMessage } from "../core/prompt.js";
import { toError } from "../errors.js";
import { type chatMessageSchema, chatRequestSchema, completionRequestSchema } from "./request-schemas.js";

export const GENERATION_KINDS = ["chat", "completions"] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

export interface ParsedGenerationRequest extends GenerationRequest {
  kind: GenerationKind;
  /** The `model` field, when sent. */
  model: string | undefined;
  /** `min_tokens` (0 when absent). */
  minTokens: number;
  /** `ignore_eos`: the answer runs to `max_tokens` unless a stop string ends it. */
  isEosIgnored: boolean;
  /** `stream_options.include_usage`. */
  isUsageIncluded: boolean;
  /** Completions `echo: true` (false for chat). */
  isEcho: boolean;
  /** Completions `logprobs: N` (undefined when absent, and for chat). */
  logprobs: number | undefined;
  /** A completions prompt sent as token ids (then `prompt.text` is ""); only with `echo` and not streamed. */
  promptTokenIds: number[] | undefined;
}

export type ParseGenerationResult =
  | { status: "ok"; request: ParsedGenerationRequest }
  | { status: "error"; message: string };

/** Parses the raw body text of a `kind` request; bad JSON or a wrong shape come back as an error message. */
export function parseGenerationRequest(kind: GenerationKind, bodyText: string): ParseGenerationResult {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch (error) {
    return { status: "error", message: `The request body is not valid JSON: ${toError(error).message}` };
  }
  if (kind === "chat") {
    const parsed = chatRequestSchema.safeParse(json);
    if (!parsed.success) return { status: "error", message: describeIssues(parsed.error) };
    const data = parsed.data;
    const messages: ChatMessage[] = data.messages.map((message) => ({
      role: message.role === "developer" ? "system" : message.role,
      content: contentText(message.content),
      ...(message.tool_calls && message.tool_calls.length > 0
        ? {
            toolCalls: message.tool_calls.map((call) => ({
              id: call.id,
              name: call.function.name,
              arguments: call.function.arguments,
            })),
          }
        : {}),
      ...(message.tool_call_id ? { toolCallId: message.tool_call_id } : {}),
    }));
    const params = toParams(data, data.max_completion_tokens ?? data.max_tokens);
    if (data.tools && data.tools.length > 0) {
      params.tools = data.tools.map((tool) => ({
        type: "function",
        function: {
          name: tool.function.name,
          ...(tool.function.description ? { description: tool.function.description } : {}),
          ...(tool.function.parameters ? { parameters: tool.function.parameters } : {}),
        },
      }));
    }
    if (data.tool_choice) {
      params.toolChoice = typeof data.tool_choice === "string" ? data.tool_choice : "required";
    }
    return {
      status: "ok",
      request: {
        kind,
        prompt: { type: "chat", messages },
        params,
        stream: data.stream === true,
        model: data.model ?? undefined,
        minTokens: data.min_tokens ?? 0,
        isEosIgnored: data.ignore_eos === true,
        isUsageIncluded: data.stream_options?.include_usage === true,
        isEcho: false,
        logprobs: undefined,
        promptTokenIds: undefined,
      },
    };
  }
  const parsed = completionRequestSchema.safeParse(json);
  if (!parsed.success) return { status: "error", message: describeIssues(parsed.error) };
  const data = parsed.data;
  const raw = data.prompt;
  if (typeof raw !== "string" && raw.length > 1 && typeof raw[0] === "string")
    return {
      status: "error",
      message: `Invalid request body at prompt: a batch of ${raw.length} prompts is not supported; send one prompt per request.`,
    };
  const first = typeof raw === "string" ? raw : raw[0];
  const promptTokenIds = typeof first === "number" ? (raw as number[]) : undefined;
  const isStream = data.stream === true;
  if (promptTokenIds !== undefined && (data.echo !== true || isStream))
    return {
      status: "error",
      message:
        "Invalid request body at prompt: token-id prompts are supported only for scoring (echo: true, not streamed); send the prompt as text.",
    };
  return {
    status: "ok",
    request: {
      kind,
      prompt: { type: "completion", text: typeof first === "string" ? first : "" },
      params: toParams(data, data.max_tokens),
      stream: isStream,
      model: data.model ?? undefined,
      minTokens: data.min_tokens ?? 0,
      isEosIgnored: data.ignore_eos === true,
      isUsageIncluded: data.stream_options?.include_usage === true,
      isEcho: data.echo === true,
      logprobs: data.logprobs ?? undefined,
      promptTokenIds,
    },
  };
}

function contentText(content: z.infer<typeof chatMessageSchema>["content"]): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  let text = "";
  for (const part of content) if (part.type === "text" && typeof part.text === "string") text += part.text;
  return text;
}

function toParams(
  data: {
    temperature?: number | null | undefined;
    seed?: number | null | undefined;
    stop?: string | string[] | null | undefined;
  },
  maxTokens: number | null | undefined,
): GenerationParams {
  const params: GenerationParams = {};
  if (maxTokens !== null && maxTokens !== undefined) params.maxTokens = maxTokens;
  if (data.temperature !== null && data.temperature !== undefined) params.temperature = data.temperature;
  if (data.seed !== null && data.seed !== undefined) params.seed = data.seed;
  const stop = data.stop;
  if (stop !== null && stop !== undefined) {
    const list = (typeof stop === "string" ? [stop] : stop).filter((value) => value.length > 0);
    if (list.length > 0) params.stop = list;
  }
  return params;
}

function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return "Invalid request body.";
  const path = issue.path.length > 0 ? issue.path.join(".") : "body";
  return `Invalid request body at ${path}: ${issue.message}`;
}
