// The `startend:` instructions: an exact closing phrase, and the whole response in double quotes.

import { pythonStrip } from "../python-whitespace.js";
import type { InstructionKwargs } from "./instruction-kwargs.js";
import { stripCharacters } from "./python-text.js";

/** The response, stripped of whitespace and then of `"`, ends with the phrase (both lower-cased). */
export function checkEndPhrase(response: string, kwargs: InstructionKwargs["startend:end_checker"]): boolean {
  const value = stripCharacters(pythonStrip(response), '"').toLowerCase();
  return value.endsWith(pythonStrip(kwargs.end_phrase).toLowerCase());
}

/** The stripped response is at least two characters long and starts and ends with `"`. */
export function checkQuotation(response: string): boolean {
  const characters = [...pythonStrip(response)];
  return characters.length > 1 && characters[0] === '"' && characters.at(-1) === '"';
}
