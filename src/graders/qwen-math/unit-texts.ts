// The MathQA unit words Qwen2.5-Math's `strip_string` removes (parser.py `unit_texts`), and aiperf's copy of them.
import { PYTHON_NON_WORD_CLASS } from "./python-text.js";

/** `unit_texts` in list order (duplicates kept: the list is applied in order, so order matters). */
// biome-ignore format: the reference list, kept compact
const QWEN_UNIT_TEXTS = [
  "east", "degree", "mph", "kmph", "ft", "m sqaure", " m east", "sq m", "deg", "mile", "q .", "monkey",
  "prime", "ratio", "profit of rs", "rd", "o", "gm", "p . m", "lb", "tile", "per", "dm", "lt", "gain", "ab",
  "way", "west", "a .", "b .", "c .", "d .", "e .", "f .", "g .", "h .", "t", "a", "h", "no change", "men",
  "soldier", "pie", "bc", "excess", "st", "inches", "noon", "percent", "by", "gal", "kmh", "c", "acre", "rise",
  "a . m", "th", "π r 2", "sq", "mark", "l", "toy", "coin", "sq . m", "gallon", "° f", "profit", "minw", "yr",
  "women", "feet", "am", "pm", "hr", "cu cm", "square", "v â € ™", "are", "rupee", "rounds", "cubic", "cc",
  "mtr", "s", "ohm", "number", "kmph", "day", "hour", "minute", "min", "second", "man", "woman", "sec", "cube",
  "mt", "sq inch", "mp", "∏ cm ³", "hectare", "more", "sec", "unit", "cu . m", "cm 2", "rs .", "rs", "kg", "g",
  "month", "km", "m", "cm", "mm", "apple", "liter", "loss", "yard", "pure", "year", "increase", "decrease", "d",
  "less", "Surface", "litre", "pi sq m", "s .", "metre", "meter", "inch",
] as const;

export interface UnitPattern {
  /** `(^|\W)unit($|\W)` as a global, Unicode regular expression; replace with `$1$2`. */
  pattern: RegExp;
  /** A piece of the unit text with no regex wildcard: when the text lacks it, the pattern cannot match. */
  required: string;
}

function toPattern(unit: string): UnitPattern {
  // The unit text is used as a regex: its "." matches any character but a newline.
  const body = unit.replaceAll(".", "[^\\n]");
  const required = unit
    .split(".")
    .reduce((longest, part) => (part.length > longest.length ? part : longest), "");
  return {
    pattern: new RegExp(`(^|${PYTHON_NON_WORD_CLASS})${body}($|${PYTHON_NON_WORD_CLASS})`, "gu"),
    required,
  };
}

export interface UnitList {
  /** One pattern per unit text, in list order. */
  patterns: readonly UnitPattern[];
  /** Matches where any of the patterns would: when it does not match, a whole pass is a no-op. */
  anyUnit: RegExp;
}

function withPlurals(units: readonly string[]): UnitList {
  const texts = [...units, ...units.map((unit) => `${unit}s`)];
  const alternatives = texts.map((unit) => unit.replaceAll(".", "[^\\n]")).join("|");
  return {
    patterns: texts.map(toPattern),
    anyUnit: new RegExp(
      `(?:^|${PYTHON_NON_WORD_CLASS})(?:${alternatives})(?:$|${PYTHON_NON_WORD_CLASS})`,
      "u",
    ),
  };
}

/** Qwen2.5-Math's list plus its plurals (`unit_texts.extend([t + "s" for t in unit_texts])`). */
export const QWEN_UNITS: UnitList = withPlurals(QWEN_UNIT_TEXTS);

/** aiperf's `_math_strip._UNIT_TEXTS`: the same list with the typo "m sqaure" spelled "m square". */
export const AIPERF_UNITS: UnitList = withPlurals(
  QWEN_UNIT_TEXTS.map((unit) => (unit === "m sqaure" ? "m square" : unit)),
);
