// The `multiple_choice` grader: reads an option letter from free text and compares it with the gold letter.
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DEFAULT_OPTION_COUNT = 4;

/** "the answer is (B)", "answer: B", "**Answer:** B", "correct answer is option B"; the letter is group 1 or 2. */
const ANSWER_PHRASE =
  /answer\s*(?:is\s*:?|:)[\s*_]*(?:(?:option|choice)\s+)?[*_]*(?:\(([a-z])\)|([a-z])(?![a-z0-9]))/gi;
/** A response that opens with "(B)", "B.", "B)" or "B:", after optional markdown emphasis. */
const LEADING_LETTER = /^[\s*_]*(?:\(([A-Z])\)|([A-Z])[.):])/;
/** A response that is one letter, maybe wrapped in emphasis or followed by a newline and more text. */
const LONE_LETTER = /^[\s*_]*([A-Z])[*_]*(?:\s*$|\s*\n)/;
/** A capital letter standing alone as a word. */
const STANDALONE_LETTER = /(?<![A-Za-z0-9])([A-Z])(?![A-Za-z0-9'])/g;

interface Extraction {
  letter: string;
  isUnparsed: boolean;
  rule: string;
}

/** Letters valid for `optionCount` options: A–D by default, A–J for ten. */
export function optionLetters(optionCount: number = DEFAULT_OPTION_COUNT): string {
  const count = Math.min(Math.max(Math.trunc(optionCount), 1), ALPHABET.length);
  return ALPHABET.slice(0, count);
}

/** The letter of option `index` (0 → "A"). */
export function letterOf(index: number): string {
  const letter = ALPHABET[index];
  if (letter === undefined) throw new RangeError(`No option letter for index ${index}.`);
  return letter;
}

function fromAnswerPhrase(response: string, letters: string): Extraction | undefined {
  let found: Extraction | undefined;
  for (const match of response.matchAll(ANSWER_PHRASE)) {
    const parenthesized = match[1];
    const bare = match[2];
    // A bare lowercase letter ("the answer is a ...") is English, not an option; "(b)" is an option.
    const letter = parenthesized !== undefined ? parenthesized.toUpperCase() : bare;
    if (letter === undefined || !letters.includes(letter)) continue;
    found = { letter, isUnparsed: false, rule: `answer phrase "${match[0].trim()}"` };
  }
  return found;
}

function fromLeadingLetter(response: string, letters: string): Extraction | undefined {
  const leading = LEADING_LETTER.exec(response);
  const leadingLetter = leading?.[1] ?? leading?.[2];
  if (leading && leadingLetter !== undefined && letters.includes(leadingLetter)) {
    return { letter: leadingLetter, isUnparsed: false, rule: `response starts with "${leading[0].trim()}"` };
  }
  const lone = LONE_LETTER.exec(response);
  const loneLetter = lone?.[1];
  if (loneLetter !== undefined && letters.includes(loneLetter)) {
    return { letter: loneLetter, isUnparsed: false, rule: `response is the lone letter "${loneLetter}"` };
  }
  return undefined;
}

function normalizeText(text: string): string {
  return text
    .trim()
    .replace(/[.\s]+$/, "")
    .toLowerCase();
}

function fromChoiceText(response: string, choices: readonly string[] | undefined): Extraction | undefined {
  if (choices === undefined) return undefined;
  const wanted = normalizeText(response);
  if (wanted === "") return undefined;
  const index = choices.findIndex((choice) => normalizeText(choice) === wanted);
  if (index < 0) return undefined;
  return {
    letter: letterOf(index),
    isUnparsed: true,
    rule: `fallback: response is the text of option ${letterOf(index)}`,
  };
}

function fromStandaloneLetter(response: string, letters: string): Extraction | undefined {
  let found: string | undefined;
  for (const match of response.matchAll(STANDALONE_LETTER)) {
    const letter = match[1];
    if (letter !== undefined && letters.includes(letter)) found = letter;
  }
  if (found === undefined) return undefined;
  return { letter: found, isUnparsed: true, rule: `fallback: last standalone letter "${found}"` };
}

/** Reads the chosen option letter from `response`, strongest rule first; undefined when none applies. */
export function extractChoiceLetter(
  response: string,
  options: { choices?: readonly string[] } = {},
): Extraction | undefined {
  const letters = optionLetters(options.choices?.length ?? DEFAULT_OPTION_COUNT);
  return (
    fromAnswerPhrase(response, letters) ??
    fromLeadingLetter(response, letters) ??
    fromChoiceText(response, options.choices) ??
    fromStandaloneLetter(response, letters)
  );
}

/**
 * Grades a multiple-choice answer. Rules, in order: an "answer is (B)" / "Answer: B" phrase (last one wins);
 * a response that starts with "(B)", "B.", "B)", "B:" or is the lone letter; then fallbacks that set
 * `isUnparsed`: the response is exactly one option's text; the last standalone capital letter in range.
 * The letter range follows `choices.length` (A–D when no choices are given).
 */
export function multipleChoice(input: GraderInput): Grade {
  return letterGrade(
    input.gold,
    extractChoiceLetter(input.response, input.choices ? { choices: input.choices } : {}),
  );
}

/** The grade of an extracted option letter (or none) against the gold letter; `rule` says how it was read. */
export function letterGrade(
  goldLetter: string,
  extraction: { letter: string; isUnparsed: boolean; rule: string } | undefined,
): Grade {
  const gold = goldLetter.trim().toUpperCase();
  if (extraction === undefined) {
    return noAnswerGrade("no option letter found");
  }
  const isCorrect = extraction.letter === gold;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: extraction.letter,
    isUnparsed: extraction.isUnparsed,
    reason: `${extraction.rule}: ${extraction.letter} ${isCorrect ? "=" : "≠"} gold ${gold}`,
  };
}
