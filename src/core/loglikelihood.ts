// The loglikelihood scoring API every scoring backend offers (local llama.cpp, OpenAI-compatible `echo` + `logprobs`) and `serve` answers.
import type { GenerateOptions } from "./generation.js";

/** One question: a shared context and the continuations (choices) to score after it. */
export interface LoglikelihoodRequest {
  context: string;
  continuations: readonly string[];
}

export interface ContinuationScore {
  /** Sum of the continuation tokens' log-probabilities (natural log). */
  logprob: number;
  /** Every continuation token is the model's greedy choice (lm-eval's `is_greedy`). */
  isGreedy: boolean;
  tokenLogprobs: number[];
}

/** Log-probabilities of every token of a text, as OpenAI's `echo: true, logprobs: N` returns them. */
export interface PromptScores {
  tokens: string[];
  tokenIds: number[];
  /** null for the first token (nothing before it to condition on). */
  tokenLogprobs: (number | null)[];
  /** The most likely token at each position, with its log-probability; null for the first. */
  topLogprobs: ({ token: string; logprob: number } | null)[];
  /** Character offset of each token in the detokenized text. */
  textOffsets: number[];
}

export interface LoglikelihoodScorer {
  /** Scores each continuation after the context; the context is evaluated once and its KV cache reused. */
  loglikelihood(request: LoglikelihoodRequest, options?: GenerateOptions): Promise<ContinuationScore[]>;
  /** Scores every token of `prompt` (text, or token ids) given the tokens before it. */
  scorePrompt(prompt: string | readonly number[], options?: GenerateOptions): Promise<PromptScores>;
}
