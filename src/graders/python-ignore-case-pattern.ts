// Python's `(?i)` over a pattern of literals, `\s` and `*`, as JavaScript regex source for the `iu` flags.
import { PYTHON_WHITESPACE_CLASS } from "./python-whitespace.js";

/** Under `(?i)` Python also matches dotless ı (U+0131) and dotted İ (U+0130) for i; JavaScript's `iu` does not. */
const PYTHON_IGNORE_CASE_I = "[iI\\u0130\\u0131]";

const SYNTAX_CHARACTER = /[\\^$.*+?()[\]{}|/]/;

/** One character as a literal of a `u`-flag pattern (where only syntax characters may be escaped). */
function literal(character: string): string {
  return SYNTAX_CHARACTER.test(character) ? `\\${character}` : character;
}

/**
 * JavaScript source, for the `iu` flags, matching what Python's `(?i)` matches for `source`: a Python pattern made
 * of literal characters, `\s`, the `*` quantifier and escaped punctuation (`\:` is `:`), which is all the
 * simple-evals answer words use. With `iu`, every other letter of those words folds as Python folds it (checked over all code points in the
 * tests).
 */
export function pythonIgnoreCasePattern(source: string): string {
  let pattern = "";
  const characters = [...source];
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index] ?? "";
    if (character === "\\") {
      const escaped = characters[index + 1] ?? "";
      pattern += escaped === "s" ? PYTHON_WHITESPACE_CLASS : literal(escaped);
      index++;
    } else if (character === "*") {
      pattern += "*";
    } else if (character === "i" || character === "I") {
      pattern += PYTHON_IGNORE_CASE_I;
    } else {
      pattern += literal(character);
    }
  }
  return pattern;
}
