// The `startend:` instructions: an exact closing phrase, and the whole response in double quotes.

import { pythonStrip } from "../python-whitespace.js";
import type { InstructionKwargs } from "./instruction-kwargs.js";
import { stripCharacters } from "./python-text.js";

/** The response, stripped of whitespace and then of `"`, ends with the phrase (both lower-cased). */
export function checkEndPhrase(response: string, kwargs: InstructionKwargs["startend:end_checker"]): boolean {
  const value = stripCharacters(pythonStrip(response), '"').toLowerCase();
  return value.endsWith(pythonStrip(kwargs.end_phrase).toLowerCase());
}

/** An opening and a closing quotation mark. */
export type QuotePair = readonly [opening: string, closing: string];

const DOUBLE_QUOTES: readonly QuotePair[] = [['"', '"']];

/** The stripped response is at least two characters long and starts and ends with one of the pairs. */
export function isQuotedWith(response: string, pairs: readonly QuotePair[]): boolean {
  const characters = [...pythonStrip(response)];
  return (
    characters.length > 1 &&
    pairs.some(([opening, closing]) => characters[0] === opening && characters.at(-1) === closing)
  );
}

/** The stripped response is at least two characters long and starts and ends with `"`. */
export function checkQuotation(response: string): boolean {
  return isQuotedWith(response, DOUBLE_QUOTES);
}
