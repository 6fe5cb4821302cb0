// What the perplexity programs (slimpajama, wikitext) share: the run's tokenizer or a ConfigError saying how to name
// one, and the summed log-probability of a scored window's predicted tokens.
import type { PromptScores } from "../core/loglikelihood.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import { ConfigError } from "../errors.js";
import type { ProgramContext } from "./types.js";

/** The run's tokenizer: a perplexity is scored on token ids, so a run without one cannot score. */
export async function perplexityTokenizer(
  context: ProgramContext,
  benchmark: string,
): Promise<TextTokenizer> {
  if (context.tokenizer === undefined) {
    throw new ConfigError(
      `${benchmark} scores token ids and needs the model's tokenizer: give --tokenizer (hf:OWNER/REPO, a tokenizer.json, gguf:FILE or server).`,
    );
  }
  return context.tokenizer();
}

/**
 * Σ log p of the tokens from position `from` on (the earlier ones are context); a position without a
 * log-probability there is a server that did not score the whole prompt.
 */
export function sumLogprobs(scores: PromptScores, from: number, expectedCount: number): number {
  if (scores.tokenLogprobs.length !== expectedCount) {
    throw new Error(
      `the server scored ${scores.tokenLogprobs.length} tokens of a ${expectedCount}-token window; its echo does not match the ids sent`,
    );
  }
  let sum = 0;
  for (let position = Math.max(from, 1); position < expectedCount; position++) {
    const logprob = scores.tokenLogprobs[position];
    if (typeof logprob !== "number" || !Number.isFinite(logprob)) {
      throw new Error(`the server gave no finite log-probability for token ${position} of the window`);
    }
    sum += logprob;
  }
  return sum;
}
