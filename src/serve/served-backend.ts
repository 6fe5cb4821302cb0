// What the OpenAI-compatible HTTP layer serves: a Backend that hands over its answer text as it comes, and may
// answer completions with `echo` / `logprobs`. The in-process model (`serve`) and the mock server implement it.
import type {
  Backend,
  FinishReason,
  GenerateOptions,
  GenerationError,
  GenerationRequest,
  GenerationResult,
} from "../core/generation.js";
import type { CompletionLogprobs } from "../protocol/completion-logprobs.js";
import type { ParsedGenerationRequest } from "../protocol/parse-generation-request.js";
import type { Usage } from "../protocol/response-frames.js";

/** A GenerationRequest plus the vLLM sampling extras a server may read off the wire (absent: 0 and false). */
export interface ServedGenerationRequest extends GenerationRequest {
  minTokens?: number;
  isEosIgnored?: boolean;
}

export interface ServedGenerateOptions extends GenerateOptions {
  /**
   * Each piece of answer text as it is produced, in order. Pieces produced in one turn of the event loop are
   * written to the client together (one write), each as its own chunk.
   */
  onTextDelta?: ((text: string) => void) | undefined;
  /**
   * The request is valid and its answer has begun: a streamed response sends its headers now, and a failure after
   * this becomes an SSE error event, not an HTTP error. Without this call the headers go with the first delta.
   */
  onStart?: (() => void) | undefined;
  /** When the request arrived, on the server's clock (its `now`); the backend's own `now()` when unset. */
  arrivalMs?: number;
  /** The request's number on its server (1-based; every generation request counts, refused ones too). */
  requestNumber?: number;
}

/** The answer to a completions request with `echo` and/or `logprobs` (never streamed). */
export type LogprobsAnswer =
  | {
      status: "ok";
      /** The whole `text` field: the prompt when echoed, then the generated text. */
      text: string;
      finishReason: FinishReason;
      usage: Usage;
      /** null when the request asked for `echo` without `logprobs`. */
      logprobs: CompletionLogprobs | null;
    }
  | { status: "error"; error: GenerationError };

export interface ServedBackend extends Backend {
  /** The one model served: `GET /v1/models` lists it and a request naming another gets a 404. */
  readonly modelId: string;
  /** A failed result with `error.httpStatus` is answered with that status (else 500) when nothing was sent yet. */
  generate(request: ServedGenerationRequest, options?: ServedGenerateOptions): Promise<GenerationResult>;
  /**
   * Completions with `echo` or `logprobs`, not streamed (lm-evaluation-harness's loglikelihood requests). A backend
   * without it gets such requests through `generate`, answered without logprobs.
   */
  completeWithLogprobs?(
    request: ParsedGenerationRequest,
    options: ServedGenerateOptions,
  ): Promise<LogprobsAnswer>;
}
