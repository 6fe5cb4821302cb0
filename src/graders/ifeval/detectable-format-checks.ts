// The `detectable_format:` instructions: bullets, constrained answers, highlights, sections, JSON and a title.

import { pythonRegExp } from "../python-pattern.js";
import { pythonStrip } from "../python-whitespace.js";
import type { InstructionKwargs } from "./instruction-kwargs.js";
import { isPythonJson } from "./python-json.js";
import { stripCharacters, stripCharactersEnd, stripCharactersStart } from "./python-text.js";

const STAR_BULLET = pythonRegExp("^\\s*\\*[^\\*].*$", { isMultiline: true, isGlobal: true });
const DASH_BULLET = pythonRegExp("^\\s*-.*$", { isMultiline: true, isGlobal: true });
const CONSTRAINED_ANSWERS = ["My answer is yes.", "My answer is no.", "My answer is maybe."] as const;
const HIGHLIGHT = /\*[^\n*]*\*/g;
const DOUBLE_HIGHLIGHT = /\*\*[^\n*]*\*\*/g;
const TITLE = /<<[^\n]+>>/g;
const JSON_FENCE_PREFIXES = ["```json", "```Json", "```JSON", "```"] as const;

function countMatches(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** Exactly `num_bullets` lines starting (after whitespace) with `*` not followed by `*`, or with `-`. */
export function checkNumberBulletLists(
  response: string,
  kwargs: InstructionKwargs["detectable_format:number_bullet_lists"],
): boolean {
  return countMatches(response, STAR_BULLET) + countMatches(response, DASH_BULLET) === kwargs.num_bullets;
}

/** The stripped response contains one of "My answer is yes." / "no." / "maybe.". */
export function checkConstrainedResponse(response: string): boolean {
  const value = pythonStrip(response);
  return CONSTRAINED_ANSWERS.some((answer) => value.includes(answer));
}

/**
 * At least `num_highlights` highlights: each `*…*` within a line whose inside is not blank counts once, and each
 * `**…**` with a non-blank inside counts once more.
 */
export function checkNumberHighlightedSections(
  response: string,
  kwargs: InstructionKwargs["detectable_format:number_highlighted_sections"],
): boolean {
  let count = 0;
  for (const highlight of response.match(HIGHLIGHT) ?? []) {
    if (pythonStrip(stripCharacters(highlight, "*")) !== "") count++;
  }
  for (const highlight of response.match(DOUBLE_HIGHLIGHT) ?? []) {
    if (pythonStrip(highlight.slice(2, -2)) !== "") count++;
  }
  return count >= kwargs.num_highlights;
}

/** At least `num_sections` splits on `\s?SPLITTER\s?\d+\s?` (the splitter stripped, read as a Python regex). */
export function checkMultipleSections(
  response: string,
  kwargs: InstructionKwargs["detectable_format:multiple_sections"],
): boolean {
  const splitter = pythonRegExp(`\\s?${pythonStrip(kwargs.section_spliter)}\\s?\\d+\\s?`);
  return response.split(splitter).length - 1 >= kwargs.num_sections;
}

/** The stripped response, less one leading fence (```json, ```Json, ```JSON or ```) and a trailing ```, is JSON. */
export function checkJsonFormat(response: string): boolean {
  let value = pythonStrip(response);
  for (const prefix of JSON_FENCE_PREFIXES) {
    if (value.startsWith(prefix)) value = value.slice(prefix.length);
  }
  if (value.endsWith("```")) value = value.slice(0, -3);
  return isPythonJson(pythonStrip(value));
}

/** Some `<<…>>` within a line (greedy) has a non-blank inside once its `<` and `>` ends are stripped. */
export function checkTitle(response: string): boolean {
  return (response.match(TITLE) ?? []).some(
    (title) => pythonStrip(stripCharactersEnd(stripCharactersStart(title, "<"), ">")) !== "",
  );
}
