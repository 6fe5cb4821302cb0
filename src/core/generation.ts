// What the engine asks a backend for and what it gets back: plain values, failures included as data.
import type { FaultCounts } from "./fault-classes.js";
import type { Prompt, ToolCall } from "./prompt.js";

/** A function the model may call, as OpenAI's `tools[]` entry (`{type: "function", function: {name, description, parameters}}`). */
export interface ToolDefinition {
  type: "function";
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface GenerationParams {
  maxTokens?: number;
  temperature?: number;
  seed?: number;
  stop?: string[];
  /** Functions the model may call (chat only); the answer's calls come back in `GenerationResult.toolCalls`. */
  tools?: readonly ToolDefinition[];
  /** OpenAI's `tool_choice`: `auto` (the server's default with tools), `none`, `required`. */
  toolChoice?: "auto" | "none" | "required";
  /** Merged last into the request body (`--extra-inputs`). */
  extraBody?: Record<string, unknown>;
}

export interface GenerationRequest {
  prompt: Prompt;
  params: GenerationParams;
  stream: boolean;
}

export const FINISH_REASONS = ["stop", "length", "content-filter", "tool-calls", "other", "unknown"] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];

export const GENERATION_STATUSES = ["ok", "error", "timeout", "aborted"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/**
 * Absolute times from the backend's `now()` (ms, `performance.now()` by default).
 * `firstContentMs` is the first non-empty content or reasoning delta (TTFT).
 */
export interface RequestTimings {
  sentMs: number;
  firstByteMs?: number;
  firstContentMs?: number;
  /** The first non-empty answer (content, not reasoning) delta: time to first output token excluding reasoning. */
  firstAnswerMs?: number;
  /** Time of every non-empty content or reasoning delta, in arrival order. */
  deltaTimesMs: number[];
  endMs: number;
}

export interface TokenUsage {
  promptTokens?: number;
  completionTokens?: number;
}

export interface GenerationError {
  code: string;
  message: string;
  httpStatus?: number;
  /** The fault class of the failure (`http_503`, `stream_reset`, `timeout_idle` …: src/core/fault-classes.ts). */
  fault?: string;
}

export interface GenerationResult {
  status: GenerationStatus;
  /** The answer text, with `<think>` blocks removed. */
  text: string;
  /** Reasoning text: `reasoning_content` / `reasoning` deltas plus `<think>` blocks of the text. */
  reasoning: string;
  /** True when a `<think>` block was opened and never closed. */
  isThinkUnclosed: boolean;
  /** The function calls the answer made (chat with `tools`), in their order; absent when none. */
  toolCalls?: ToolCall[];
  finishReason: FinishReason;
  usage: TokenUsage;
  timings: RequestTimings;
  /** 1 for a request that succeeded first time. */
  attempts: number;
  /**
   * The fault class of every failed attempt and every anomaly of the request, counted (e.g. `{http_503: 1,
   * stream_reset: 1}`); absent when none.
   */
  faults?: FaultCounts;
  error?: GenerationError;
  /** With several replicas (`--base-url` given more than once): the base URL (keys redacted) of the one that gave this. */
  replica?: string;
  /** The replicas this request left after a connection error, in order; absent when none. */
  replicaFailures?: string[];
}

export interface GenerateOptions {
  signal?: AbortSignal;
}

export interface TokenizeOptions extends GenerateOptions {
  /** Add the special tokens the model's tokenizer puts around a prompt (BOS …), as Hugging Face's `tokenizer(text)`. */
  addSpecialTokens: boolean;
}

export interface DetokenizeOptions extends GenerateOptions {
  /** Leave special tokens out of the text, where the backend can choose (a server decides for itself). */
  skipSpecialTokens?: boolean;
}

/** A model that answers requests: an OpenAI-compatible server over HTTP, or a model in-process. */
export interface Backend {
  readonly name: string;
  /** Never throws for a failed request: the failure comes back as `status: "error" | "timeout" | "aborted"`. */
  generate(request: GenerationRequest, options?: GenerateOptions): Promise<GenerationResult>;
  /** Model ids the backend serves. Throws `ServerUnreachableError` when it cannot be asked. */
  listModels(options?: GenerateOptions): Promise<string[]>;
  /**
   * Opens up to `count` connections for generation requests before a load starts, so that its first requests do
   * not each pay a connect (backends without connections leave it out). Never throws: a failed connect is left to
   * the requests.
   */
  openConnections?(count: number, options?: GenerateOptions): Promise<void>;
  /**
   * The token ids the served model's tokenizer gives `text`, or undefined when the backend cannot tell (a server
   * without a tokenize endpoint). A reference that fits its prompts to a token budget (MMLU-Pro's local script)
   * needs it. Throws `ServerUnreachableError` or `ApiCallError` when asking fails.
   */
  tokenize?(text: string, options: TokenizeOptions): Promise<number[] | undefined>;
  /**
   * The text of token ids of the served model's tokenizer (`tokenize`'s inverse), or undefined when the backend
   * cannot tell (a server without a detokenize endpoint). Throws as `tokenize` does.
   */
  detokenize?(tokens: readonly number[], options?: DetokenizeOptions): Promise<string | undefined>;
  close(): Promise<void>;
}
