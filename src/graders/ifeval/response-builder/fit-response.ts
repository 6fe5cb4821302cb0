// Tunes the filler amounts of a layout until the response's counts (words, sentences, letters, keywords,
// all-capital words) fall in the plan's ranges, measuring each rendering with the graders' own counters.
import { pythonRegExp } from "../../python-pattern.js";
import { countWords } from "../count-words.js";
import { countSentences } from "../punkt/count-sentences.js";
import { isPythonUpper } from "../python-text.js";
import { wordTokenize } from "../word-tokenize.js";
import { type FillAmounts, type Layout, renderResponse, slotCount } from "./render-response.js";
import type { CountRange, ResponsePlan } from "./response-plan.js";

const MAX_ROUNDS = 16;
const DEFAULT_WORDS_PER_SENTENCE = 9;

function isInside(count: number, range: CountRange): boolean {
  return count >= range.min && count < range.below;
}

function isBounded(range: CountRange): boolean {
  return range.min > 0 || range.below !== Number.POSITIVE_INFINITY;
}

function countMatches(text: string, keyword: string): number {
  try {
    return [...text.matchAll(pythonRegExp(keyword, { isIgnoreCase: true, isGlobal: true }))].length;
  } catch {
    return 0;
  }
}

function countLetter(text: string, letter: string): number {
  return text.toLowerCase().split(letter).length - 1;
}

function countCapitalWords(text: string): number {
  return wordTokenize(text).filter(isPythonUpper).length;
}

function initialAmounts(plan: ResponsePlan, layout: Layout): FillAmounts {
  const slots = slotCount(plan);
  const wordsPerSentence = DEFAULT_WORDS_PER_SENTENCE;
  let sentences = Math.max(slots, plan.sentences.min, layout.sentencesPerParagraph * slots);
  if (plan.words.min > 0) sentences = Math.max(sentences, Math.ceil(plan.words.min / wordsPerSentence));
  sentences = Math.max(slots, Math.min(sentences, plan.sentences.below - 1));
  const keywordCopies = new Map<string, number>();
  for (const [keyword, range] of plan.keywords) if (range.min > 0) keywordCopies.set(keyword, range.min);
  return {
    sentences,
    wordsPerSentence: Math.min(
      wordsPerSentence,
      Math.max(1, Math.floor((plan.words.below * 0.7) / Math.max(1, sentences))),
    ),
    keywordCopies,
    letterRuns: new Map(),
    capitalWords: plan.capitalWords.min,
  };
}

/** Moves the sentence count and length toward the sentence and word ranges; false when nothing can move. */
function adjustLength(plan: ResponsePlan, amounts: FillAmounts, words: number, sentences: number): boolean {
  const minimumSentences = slotCount(plan);
  if (sentences < plan.sentences.min) {
    amounts.sentences += plan.sentences.min - sentences;
    return true;
  }
  if (sentences >= plan.sentences.below) {
    const next = Math.max(minimumSentences, amounts.sentences - (sentences - plan.sentences.below + 1));
    if (next === amounts.sentences) return false;
    amounts.sentences = next;
    return true;
  }
  const sentenceRoom = plan.sentences.below - 1 - sentences;
  if (words < plan.words.min) {
    const deficit = plan.words.min - words + 1;
    const extraSentences = Math.ceil(deficit / amounts.wordsPerSentence);
    if (extraSentences <= sentenceRoom && amounts.wordsPerSentence >= 4) amounts.sentences += extraSentences;
    else amounts.wordsPerSentence += Math.ceil(deficit / amounts.sentences);
    return true;
  }
  if (words >= plan.words.below) {
    const excess = words - plan.words.below + 2;
    const fewer = Math.ceil(excess / amounts.wordsPerSentence);
    if (amounts.sentences - fewer >= minimumSentences && sentences - fewer >= plan.sentences.min) {
      amounts.sentences -= fewer;
    } else if (amounts.wordsPerSentence > 1) {
      amounts.wordsPerSentence = Math.max(
        1,
        amounts.wordsPerSentence - Math.ceil(excess / amounts.sentences),
      );
    } else return false;
    return true;
  }
  return false;
}

/** Adds keyword copies, letter runs or capital words that are short; false when nothing changed. */
function adjustContent(plan: ResponsePlan, amounts: FillAmounts, response: string): boolean {
  let changed = false;
  for (const [keyword, range] of plan.keywords) {
    const count = countMatches(response, keyword);
    if (count < range.min) {
      amounts.keywordCopies.set(keyword, (amounts.keywordCopies.get(keyword) ?? 0) + range.min - count);
      changed = true;
    }
  }
  for (const [letter, range] of plan.letters) {
    const count = countLetter(response, letter);
    if (count < range.min) {
      amounts.letterRuns.set(letter, (amounts.letterRuns.get(letter) ?? 0) + range.min - count);
      changed = true;
    }
  }
  if (isBounded(plan.capitalWords)) {
    const count = countCapitalWords(response);
    if (count < plan.capitalWords.min) {
      amounts.capitalWords += plan.capitalWords.min - count;
      changed = true;
    } else if (count >= plan.capitalWords.below && amounts.capitalWords > 0) {
      amounts.capitalWords = Math.max(0, amounts.capitalWords - (count - plan.capitalWords.below + 1));
      changed = true;
    }
  }
  return changed;
}

/** The response whose counts fit the plan under this layout, or the last try when they never all fit. */
export function fitResponse(plan: ResponsePlan, layout: Layout): string {
  const amounts = initialAmounts(plan, layout);
  let response = renderResponse(plan, layout, amounts);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const words = countWords(response);
    const sentences = countSentences(response);
    const isContentShort = adjustContent(plan, amounts, response);
    const isLengthOff =
      !isInside(words, plan.words) || !isInside(sentences, plan.sentences)
        ? adjustLength(plan, amounts, words, sentences)
        : false;
    if (!isContentShort && !isLengthOff) return response;
    response = renderResponse(plan, layout, amounts);
  }
  return response;
}
