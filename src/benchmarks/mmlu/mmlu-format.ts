// What one MMLU recipe decides: the shots' order, the prompt bytes, the prompt's fixed ending and the oracle's answers.
import type { Prompt } from "../../core/prompt.js";
import type { TiktokenEncodingName } from "../../prompts/load-tiktoken-counter.js";
import type { LetterPhrasing } from "../letter-oracle.js";
import type { PromptOptions } from "../types.js";
import type { MmluSample } from "./mmlu-sample.js";
import type { MmluRow } from "./read-mmlu-rows.js";

export interface MmluPromptInput {
  sample: MmluSample;
  /** The subject's dev rows in the recipe's shot order (`orderShots`); the prompt shows the first `nShots`. */
  orderedDev: readonly MmluRow[];
  options: PromptOptions;
}

export interface MmluFormat {
  /** The subject's dev rows in the order the reference shows them as shots (computed once per subject). */
  orderShots(dev: readonly MmluRow[]): MmluRow[];
  buildPrompt(input: MmluPromptInput): Prompt;
  /** The text every prompt of the sample ends with (the last user turn in chat), whatever the shots and system prompt. */
  promptSuffix(sample: MmluSample): string;
  /**
   * A reference that drops shots while its few-shot text is over a token budget (SGLang: 1,536 `gpt-3.5-turbo`
   * tokens): the prompt then shows the largest count, at most the asked one, whose text fits.
   */
  shotTokenLimit?: ShotTokenLimit;
  /** Oracle answers the recipe's grader reads as the phrased letter (a recipe sharing suffixes shares phrasings). */
  phrasings: readonly [LetterPhrasing, ...LetterPhrasing[]];
}

export interface ShotTokenLimit {
  encoding: TiktokenEncodingName;
  maxTokens: number;
  /** The text the reference counts: for a subject, its first `nShots` ordered dev rows. */
  fewShotText(subject: string, orderedDev: readonly MmluRow[], nShots: number): string;
}
