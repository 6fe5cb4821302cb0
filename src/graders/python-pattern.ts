// Python `re` patterns as JavaScript RegExps (IFEval's kwargs: keywords, section splitters, postscript markers; the
// simple-evals answer words under `(?i)`).
import { PYTHON_WHITESPACE_CLASS } from "./python-whitespace.js";

/** Python's `\w` on `str`: `isalnum()` (letters and every numeric character) or `_`; combining marks are not. */
export const PYTHON_WORD_CHARACTERS = "\\p{L}\\p{N}_";
const WORD = `[${PYTHON_WORD_CHARACTERS}]`;
const NOT_WORD = `[^${PYTHON_WORD_CHARACTERS}]`;
const WHITESPACE_CHARACTERS = PYTHON_WHITESPACE_CLASS.slice(1, -1);
/** Python's `\b`: between a `\w` and a non-`\w` (or an end); JavaScript's `\b` only knows ASCII word characters. */
export const PYTHON_WORD_BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;
const NOT_WORD_BOUNDARY = `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`;
/** Under `re.IGNORECASE` Python also matches dotless ı and dotted İ for i; JavaScript's `iu` does not. */
const IGNORE_CASE_I = "[iI\\u0130\\u0131]";
const SYNTAX_CHARACTER = /[\\^$.*+?()[\]{}|/]/;
const QUANTIFIER_BRACES = /^\{(\d*)(,(\d*))?\}/;

export interface PythonPatternOptions {
  isIgnoreCase?: boolean;
  isMultiline?: boolean;
}

/** A Python pattern element that JavaScript spells differently, or that this translation does not support. */
export class UnsupportedPythonPatternError extends Error {}

function literal(character: string): string {
  return SYNTAX_CHARACTER.test(character) ? `\\${character}` : character;
}

function escapeOutsideClass(character: string): string {
  switch (character) {
    case "d":
      return "\\p{Nd}";
    case "D":
      return "\\P{Nd}";
    case "w":
      return WORD;
    case "W":
      return NOT_WORD;
    case "s":
      return PYTHON_WHITESPACE_CLASS;
    case "S":
      return `[^${WHITESPACE_CHARACTERS}]`;
    case "b":
      return PYTHON_WORD_BOUNDARY;
    case "B":
      return NOT_WORD_BOUNDARY;
    case "A":
      return "^";
    case "Z":
      return "$";
    case "n":
    case "t":
    case "r":
    case "f":
    case "v":
      return `\\${character}`;
    default:
      if (/[1-9]/.test(character)) return `\\${character}`;
      if (/[\p{L}\p{N}]/u.test(character)) {
        throw new UnsupportedPythonPatternError(`unsupported escape \\${character}`);
      }
      return literal(character);
  }
}

function escapeInsideClass(character: string): string {
  switch (character) {
    case "d":
      return "\\p{Nd}";
    case "w":
      return PYTHON_WORD_CHARACTERS;
    case "s":
      return WHITESPACE_CHARACTERS;
    case "n":
    case "t":
    case "r":
    case "f":
    case "v":
      return `\\${character}`;
    default:
      if (/[\p{L}\p{N}]/u.test(character)) {
        throw new UnsupportedPythonPatternError(`unsupported escape \\${character} in a character class`);
      }
      return character === "-" || SYNTAX_CHARACTER.test(character) ? `\\${character}` : character;
  }
}

/** Translates a character class starting at `start` (the `[`); returns the source and the index after `]`. */
function translateClass(
  characters: readonly string[],
  start: number,
  isIgnoreCase: boolean,
): [string, number] {
  let index = start + 1;
  let source = "[";
  if (characters[index] === "^") {
    source += "^";
    index++;
  }
  let isFirst = true;
  while (index < characters.length) {
    const character = characters[index] ?? "";
    if (character === "]" && !isFirst) return [`${source}]`, index + 1];
    isFirst = false;
    if (character === "\\") {
      source += escapeInsideClass(characters[index + 1] ?? "");
      index += 2;
      continue;
    }
    if (isIgnoreCase && (character === "i" || character === "I")) source += "iI\\u0130\\u0131";
    else if (character === "[" || character === "]") source += `\\${character}`;
    else source += character;
    index++;
  }
  throw new UnsupportedPythonPatternError("unterminated character class");
}

/** Translates a group opener at `start` (the `(`); returns the source and the index after the opener. */
function translateGroupOpen(characters: readonly string[], start: number): [string, number] {
  if (characters[start + 1] !== "?") return ["(", start + 1];
  const next = characters[start + 2];
  if (next === ":" || next === "=" || next === "!") return [`(?${next}`, start + 3];
  if (next === "<" && (characters[start + 3] === "=" || characters[start + 3] === "!")) {
    return [`(?<${characters[start + 3]}`, start + 4];
  }
  if (next === "P" && characters[start + 3] === "<") return ["(?<", start + 4];
  throw new UnsupportedPythonPatternError(`unsupported group (?${next ?? ""}`);
}

/**
 * JavaScript source (for the `u` flag, plus `i` when `isIgnoreCase`) matching what Python's `re` matches for
 * `pattern`: `.` stops only at `\n`; `\s`, `\w`, `\d`, `\b` are Python's Unicode classes; `^`/`$` follow Python
 * (`$` also before a final newline, and under MULTILINE only `\n` ends a line). Inline flags, comments and named
 * back-references are not supported (no IFEval kwarg uses them) and throw.
 */
export function translatePythonPattern(pattern: string, options: PythonPatternOptions = {}): string {
  const { isIgnoreCase = false, isMultiline = false } = options;
  const characters = [...pattern];
  let source = "";
  let index = 0;
  while (index < characters.length) {
    const character = characters[index] ?? "";
    switch (character) {
      case "\\":
        source += escapeOutsideClass(characters[index + 1] ?? "");
        index += 2;
        continue;
      case "[": {
        const [classSource, after] = translateClass(characters, index, isIgnoreCase);
        source += classSource;
        index = after;
        continue;
      }
      case "(": {
        const [groupSource, after] = translateGroupOpen(characters, index);
        source += groupSource;
        index = after;
        continue;
      }
      case ".":
        source += "[^\\n]";
        break;
      case "^":
        source += isMultiline ? "(?<![^\\n])" : "^";
        break;
      case "$":
        source += isMultiline ? "(?![^\\n])" : "(?=\\n?$)";
        break;
      case "{": {
        const match = QUANTIFIER_BRACES.exec(characters.slice(index).join(""));
        const isQuantifier = match !== null && (match[1] !== "" || match[2] !== undefined);
        if (match !== null && isQuantifier) {
          source += match[2] === undefined ? `{${match[1]}}` : `{${match[1] || "0"},${match[3] ?? ""}}`;
          index += match[0].length;
          continue;
        }
        source += "\\{";
        break;
      }
      case "}":
      case "]":
        source += `\\${character}`;
        break;
      case ")":
      case "|":
      case "*":
      case "+":
      case "?":
        source += character;
        break;
      default:
        source +=
          isIgnoreCase && (character === "i" || character === "I") ? IGNORE_CASE_I : literal(character);
    }
    index++;
  }
  return source;
}

/** A RegExp for a Python pattern (see `translatePythonPattern`), global when `isGlobal`. */
export function pythonRegExp(
  pattern: string,
  options: PythonPatternOptions & { isGlobal?: boolean } = {},
): RegExp {
  const flags = `u${options.isIgnoreCase ? "i" : ""}${options.isGlobal ? "g" : ""}`;
  return new RegExp(translatePythonPattern(pattern, options), flags);
}
