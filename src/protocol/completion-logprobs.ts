// The legacy completions `logprobs` object (`echo: true, logprobs: N`), as OpenAI and vLLM send it.

export interface CompletionLogprobs {
  tokens: string[];
  /** null for the first token of the prompt (nothing before it). */
  token_logprobs: (number | null)[];
  /** Offset of each token in the response text, in characters (vLLM counts code points). */
  text_offset: number[];
  /** The most likely token(s) at each position, with their log-probabilities; null where the logprob is. */
  top_logprobs: (Record<string, number> | null)[];
}
