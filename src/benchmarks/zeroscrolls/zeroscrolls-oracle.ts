// The mock server's oracle for ZeroSCROLLS: a prompt is recognised by its last characters (the document's end and
// the query), and answered with the first reference (a perfect score) or with a variation of it that every recipe's
// metric scores below perfect.
import type { BenchmarkOracle, Recipe } from "../types.js";
import { findAnswerLetter, findPercentage, summaryIds } from "./zeroscrolls-metrics.js";
import { officialPromptText, trtllmPromptText } from "./zeroscrolls-prompt.js";
import { isTrtllmRecipe } from "./zeroscrolls-recipes.js";
import type { ZeroscrollsSample } from "./zeroscrolls-sample.js";
import { TASK_METRIC } from "./zeroscrolls-tasks.js";

/** How much of a prompt's end identifies it. */
const SUFFIX_LENGTH = 160;

function tail(text: string): string {
  let start = Math.max(0, text.length - SUFFIX_LENGTH);
  const code = text.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start++;
  return text.slice(start);
}

const LETTER_PHRASINGS: readonly ((letter: string) => string)[] = [
  (letter) => letter,
  (letter) => `(${letter})`,
  (letter) => `The answer is ${letter}.`,
];

function letterAnswer(reference: string, isCorrect: boolean, variant: number): string {
  const gold = "ABCD".indexOf(findAnswerLetter(reference) ?? "A");
  const letter = "ABCD"[isCorrect ? gold : (gold + 1 + (variant % 3)) % 4] ?? "A";
  return (LETTER_PHRASINGS[variant % LETTER_PHRASINGS.length] ?? LETTER_PHRASINGS[0])?.(letter) ?? letter;
}

function percentageAnswer(reference: string, isCorrect: boolean, variant: number): string {
  const gold = findPercentage(reference) ?? 0;
  const value = isCorrect ? gold : gold + 10 <= 100 ? gold + 10 : gold - 10;
  return variant % 2 === 0 ? `${value}%` : `Percentage of positive reviews: ${value}%`;
}

function orderAnswer(reference: string, isCorrect: boolean, variant: number): string {
  const ids = summaryIds(reference);
  const answer = isCorrect ? ids : [ids[1] ?? 0, ids[0] ?? 0, ...ids.slice(2)];
  return answer.join(variant % 2 === 0 ? ", " : " ");
}

/** A text answer: the reference, or (wrong) its first half of words, or the reference with a sentence added. */
function textAnswer(reference: string, isCorrect: boolean, variant: number): string {
  if (isCorrect) return variant % 2 === 0 ? reference : `${reference}\n`;
  const words = reference.split(/\s+/).filter((word) => word !== "");
  if (variant % 2 === 0 && words.length >= 2) return words.slice(0, Math.floor(words.length / 2)).join(" ");
  return `${reference} Nothing else was said about it.`;
}

export const zeroscrollsOracle: BenchmarkOracle<ZeroscrollsSample> = {
  promptSuffix(sample, recipe: Recipe) {
    if (isTrtllmRecipe(recipe)) return tail(trtllmPromptText(sample));
    return tail(officialPromptText(sample, "completions").text);
  },
  otherPromptSuffixes(sample, recipe: Recipe) {
    if (isTrtllmRecipe(recipe)) return [];
    return [tail(officialPromptText(sample, "chat").text)];
  },
  answer(sample, isCorrect, variant) {
    const reference = sample.references[0] ?? sample.gold;
    switch (TASK_METRIC[sample.task]) {
      case "accuracy":
        return letterAnswer(reference, isCorrect, variant);
      case "exp_similarity":
        return percentageAnswer(reference, isCorrect, variant);
      case "concordance_index":
        return orderAnswer(reference, isCorrect, variant);
      default:
        return textAnswer(reference, isCorrect, variant);
    }
  },
};
