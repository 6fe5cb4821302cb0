// What a set of IFEval instructions asks of one response, gathered per aspect (counts as ranges, flags, pieces).
import { pythonRegExp } from "../../python-pattern.js";
import { pythonStrip } from "../../python-whitespace.js";
import type { ComparisonRelation } from "../instruction-kwargs.js";
import type { IfevalInstruction } from "../parse-ifeval-instructions.js";

/** A count's allowed values: `min` ≤ count < `below`. */
export interface CountRange {
  min: number;
  below: number;
}

export type LetterCase = "as-is" | "lower" | "upper";

export interface ResponsePlan {
  /** The language langdetect must detect ("en" when nothing asks for another). */
  language: string;
  letterCase: LetterCase;
  hasNoComma: boolean;
  isJson: boolean;
  isQuoted: boolean;
  isTwoResponses: boolean;
  hasTitle: boolean;
  isConstrained: boolean;
  repeatPrompt: string | undefined;
  endPhrase: string | undefined;
  postscriptMarkers: string[];
  placeholders: number;
  highlights: number;
  /** Exact bullet count, when asked. */
  bullets: number | undefined;
  sections: { splitter: string; count: number }[];
  /** Exact `***`-separated paragraph count, when asked. */
  starParagraphs: number | undefined;
  /** `\n\n`-separated paragraphs: their count and the first word of some of them (1-based index → word). */
  newlineParagraphs: { count: number; firstWords: Map<number, string> } | undefined;
  words: CountRange;
  sentences: CountRange;
  capitalWords: CountRange;
  letters: Map<string, CountRange>;
  /** Keywords (Python regexes) with their allowed number of case-insensitive matches. */
  keywords: Map<string, CountRange>;
  /** Forbidden words, as `\bword\b` patterns. */
  forbiddenWords: string[];
}

function unbounded(): CountRange {
  return { min: 0, below: Number.POSITIVE_INFINITY };
}

/** Narrows a range by one relation ("less than" n → below n; "at least" n → min n). */
function narrow(range: CountRange, relation: ComparisonRelation, threshold: number): void {
  if (relation === "less than") range.below = Math.min(range.below, threshold);
  else range.min = Math.max(range.min, threshold);
}

function rangeOf(map: Map<string, CountRange>, key: string): CountRange {
  const existing = map.get(key);
  if (existing !== undefined) return existing;
  const created = unbounded();
  map.set(key, created);
  return created;
}

function emptyPlan(): ResponsePlan {
  return {
    language: "en",
    letterCase: "as-is",
    hasNoComma: false,
    isJson: false,
    isQuoted: false,
    isTwoResponses: false,
    hasTitle: false,
    isConstrained: false,
    repeatPrompt: undefined,
    endPhrase: undefined,
    postscriptMarkers: [],
    placeholders: 0,
    highlights: 0,
    bullets: undefined,
    sections: [],
    starParagraphs: undefined,
    newlineParagraphs: undefined,
    words: unbounded(),
    sentences: unbounded(),
    capitalWords: unbounded(),
    letters: new Map(),
    keywords: new Map(),
    forbiddenWords: [],
  };
}

/** Adds one instruction's demand to the plan (a later demand of the same kind narrows or replaces the earlier). */
function addInstruction(plan: ResponsePlan, instruction: IfevalInstruction): void {
  switch (instruction.instructionId) {
    case "keywords:existence":
      for (const keyword of instruction.kwargs.keywords) {
        const range = rangeOf(plan.keywords, keyword);
        range.min = Math.max(range.min, 1);
      }
      return;
    case "keywords:frequency": {
      const { keyword, relation, frequency } = instruction.kwargs;
      narrow(rangeOf(plan.keywords, pythonStrip(keyword)), relation, frequency);
      return;
    }
    case "keywords:forbidden_words":
      plan.forbiddenWords.push(...instruction.kwargs.forbidden_words);
      return;
    case "keywords:letter_frequency": {
      const { letter, let_relation, let_frequency } = instruction.kwargs;
      narrow(rangeOf(plan.letters, pythonStrip(letter).toLowerCase()), let_relation, let_frequency);
      return;
    }
    case "language:response_language":
      plan.language = instruction.kwargs.language;
      return;
    case "length_constraints:number_sentences":
      narrow(plan.sentences, instruction.kwargs.relation, instruction.kwargs.num_sentences);
      return;
    case "length_constraints:number_paragraphs":
      plan.starParagraphs = instruction.kwargs.num_paragraphs;
      return;
    case "length_constraints:number_words":
      narrow(plan.words, instruction.kwargs.relation, instruction.kwargs.num_words);
      return;
    case "length_constraints:nth_paragraph_first_word": {
      const { num_paragraphs, nth_paragraph, first_word } = instruction.kwargs;
      const firstWords = plan.newlineParagraphs?.firstWords ?? new Map<number, string>();
      firstWords.set(nth_paragraph, first_word);
      plan.newlineParagraphs = { count: num_paragraphs, firstWords };
      return;
    }
    case "detectable_content:number_placeholders":
      plan.placeholders = Math.max(plan.placeholders, instruction.kwargs.num_placeholders);
      return;
    case "detectable_content:postscript":
      plan.postscriptMarkers.push(pythonStrip(instruction.kwargs.postscript_marker));
      return;
    case "detectable_format:number_bullet_lists":
      plan.bullets = instruction.kwargs.num_bullets;
      return;
    case "detectable_format:constrained_response":
      plan.isConstrained = true;
      return;
    case "detectable_format:number_highlighted_sections":
      plan.highlights = Math.max(plan.highlights, instruction.kwargs.num_highlights);
      return;
    case "detectable_format:multiple_sections":
      plan.sections.push({
        splitter: pythonStrip(instruction.kwargs.section_spliter),
        count: instruction.kwargs.num_sections,
      });
      return;
    case "detectable_format:json_format":
      plan.isJson = true;
      return;
    case "detectable_format:title":
      plan.hasTitle = true;
      return;
    case "combination:two_responses":
      plan.isTwoResponses = true;
      return;
    case "combination:repeat_prompt":
      plan.repeatPrompt = instruction.kwargs.prompt_to_repeat;
      return;
    case "startend:end_checker":
      plan.endPhrase = instruction.kwargs.end_phrase;
      return;
    case "change_case:capital_word_frequency":
      narrow(plan.capitalWords, instruction.kwargs.capital_relation, instruction.kwargs.capital_frequency);
      return;
    case "change_case:english_capital":
      plan.letterCase = "upper";
      return;
    case "change_case:english_lowercase":
      plan.letterCase = "lower";
      return;
    case "punctuation:no_comma":
      plan.hasNoComma = true;
      return;
    case "startend:quotation":
      plan.isQuoted = true;
      return;
    default: {
      const unreachable: never = instruction;
      throw new Error(`Unhandled instruction ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Everything the instructions ask of the response. */
export function planResponse(instructions: readonly IfevalInstruction[]): ResponsePlan {
  const plan = emptyPlan();
  for (const instruction of instructions) addInstruction(plan, instruction);
  return plan;
}

/** Whether a filler word may appear: none of its letters is capped, it is no forbidden word, no capped keyword. */
export function fillerWordFilter(plan: ResponsePlan): (word: string) => boolean {
  const cappedLetters = [...plan.letters].filter(([, range]) => range.below !== Number.POSITIVE_INFINITY);
  const patterns: RegExp[] = [];
  for (const word of plan.forbiddenWords) patterns.push(safeRegExp(word));
  for (const [keyword, range] of plan.keywords) {
    if (range.below !== Number.POSITIVE_INFINITY) patterns.push(safeRegExp(keyword));
  }
  return (word) => {
    const lower = word.toLowerCase();
    if (cappedLetters.some(([letter]) => lower.includes(letter))) return false;
    return !patterns.some((pattern) => pattern.test(word));
  };
}

/** The pattern case-insensitively, or the literal text when it is no pattern this port reads. */
function safeRegExp(pattern: string): RegExp {
  try {
    return pythonRegExp(pattern, { isIgnoreCase: true });
  } catch {
    return new RegExp(pattern.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&"), "iu");
  }
}
