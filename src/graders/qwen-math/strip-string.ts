// Qwen2.5-Math's `strip_string` (evaluation/parser.py) and aiperf's port of it (`_math_strip.strip_string`), step by step.
import { PYTHON_WORD_CLASS, pythonInt, pythonLength, pythonRightStrip, pythonStrip } from "./python-text.js";
import { AIPERF_UNITS, QWEN_UNITS, type UnitList } from "./unit-texts.js";
import { convertWordNumber } from "./word-to-number.js";

export interface StripStringOptions {
  /**
   * "qwen": QwenLM/Qwen2.5-Math evaluation/parser.py. "aiperf": ai-dynamo/aiperf `_math_strip.py`, which differs
   * in five places: the unit list once (not twice) with "m square" for "m sqaure", no word-number conversion,
   * month names removed, and `a/b` → `\frac{a}{b}` whenever both sides are integers (no round-trip check).
   */
  flavor: "qwen" | "aiperf";
  /** `skip_unit=True` (Qwen's carp_en and minerva_math): keep the unit words. */
  isSkippingUnits?: boolean;
}

const TRAILING_TEXT = /\\text\{[^\n]*?\}$/u;
const TEXT_COMMAND = /\\text\{([^\n]*?)\}/gu;
const MBOX_COMMAND = /\\mbox\{[^\n]*?\}/gu;
const ARRAY_BEGIN = /\\begin\{array\}\{[^\n]*?\}/gu;
const MONTHS = new RegExp(
  `(?<!${PYTHON_WORD_CLASS})(?:January|February|March|April|May|June|July|August|September|October|November|December)(?!${PYTHON_WORD_CLASS})`,
  "giu",
);
const ASSIGNMENT_KEYS = ["x=", "y=", "z=", "x\\in", "y\\in", "z\\in", "x\\to", "y\\to", "z\\to"] as const;
const SQRT_SHORTHAND = new RegExp(`\\\\sqrt(${PYTHON_WORD_CLASS}+)`, "gu");
const CANONICAL_INTEGER = /^(?:0|-?[1-9][0-9]*)$/;

function removeUnits(text: string, units: UnitList, passes: number): string {
  let result = text;
  for (let pass = 0; pass < passes; pass++) {
    if (!units.anyUnit.test(result)) break;
    for (const unit of units.patterns) {
      if (!result.includes(unit.required)) continue;
      const next = result.replace(unit.pattern, "$1$2");
      if (next !== "") result = next;
    }
  }
  return result;
}

/** `_fix_fracs`: `\frac12` → `\frac{1}{2}`, `\frac1{x}` → `\frac{1}{x}`; the text unchanged when a `\frac` has < 2 characters after it. */
export function fixFractions(text: string): string {
  const pieces = text.split("\\frac");
  let result = pieces[0] ?? "";
  for (const piece of pieces.slice(1)) {
    result += "\\frac";
    if (piece.startsWith("{")) {
      result += piece;
      continue;
    }
    const characters = Array.from(piece);
    const [first, second] = characters;
    if (first === undefined || second === undefined) return text;
    const rest = characters.slice(2).join("");
    result += second === "{" ? `{${first}}${second}${rest}` : `{${first}}{${second}}${rest}`;
  }
  return result;
}

/** `_fix_a_slash_b`: `a/b` → `\frac{a}{b}` when each side is an integer or contains "sqrt". */
function fixSlash(text: string, flavor: StripStringOptions["flavor"]): string {
  const parts = text.split("/");
  if (parts.length !== 2) return text;
  const [left = "", right = ""] = parts;
  if (flavor === "qwen") {
    // int() then `assert string == "{}/{}".format(a, b)`: only canonical integers survive the round trip.
    const isKept = (part: string) =>
      part.includes("sqrt") || (CANONICAL_INTEGER.test(part) && part.length <= 4300);
    return isKept(left) && isKept(right) ? `\\frac{${left}}{${right}}` : text;
  }
  const convert = (part: string) => (part.includes("sqrt") ? part : pythonInt(part)?.toString());
  const numerator = convert(left);
  const denominator = convert(right);
  return numerator === undefined || denominator === undefined ? text : `\\frac{${numerator}}{${denominator}}`;
}

const CACHE_SIZE = 4096;
const stripped = new Map<string, string>();

/** The answer normalisation of Qwen2.5-Math (and aiperf's port), reproduced rule for rule (cached: golds repeat). */
export function stripString(input: string, options: StripStringOptions): string {
  const key = `${options.flavor}${options.isSkippingUnits === true ? "!" : ""}\u0000${input}`;
  const cached = stripped.get(key);
  if (cached !== undefined) return cached;
  const result = computeStripString(input, options);
  if (stripped.size >= CACHE_SIZE) stripped.clear();
  stripped.set(key, result);
  return result;
}

function computeStripString(input: string, options: StripStringOptions): string {
  const isQwen = options.flavor === "qwen";
  let text = pythonStrip(input).replaceAll("\n", "");
  text = pythonRightStrip(text, ".");
  text = text.replaceAll("\\!", "");
  text = text.replace(ARRAY_BEGIN, "\\begin{pmatrix}").replaceAll("\\end{array}", "\\end{pmatrix}");
  text = text.replaceAll("bmatrix", "pmatrix");
  text = text.replaceAll("tfrac", "frac").replaceAll("dfrac", "frac");
  text = text.replaceAll("\\neq", "\\ne").replaceAll("\\leq", "\\le").replaceAll("\\geq", "\\ge");
  text = text.replaceAll("\\left", "").replaceAll("\\right", "");
  text = text.replaceAll("\\{", "{").replaceAll("\\}", "}");
  // A trailing \text{…} is a unit, unless removing it leaves nothing (from the first \text{ when the text ends in }).
  const withoutUnit = pythonStrip(text.replace(TRAILING_TEXT, ""));
  if (withoutUnit !== "" && withoutUnit !== text) text = withoutUnit;
  if (options.isSkippingUnits !== true) {
    text = isQwen ? removeUnits(text, QWEN_UNITS, 2) : removeUnits(text, AIPERF_UNITS, 1);
  }
  text = text.replaceAll("^{\\circ}", "").replaceAll("^\\circ", "");
  text = text.replaceAll("\\$", "").replaceAll("$", "");
  text = text.replaceAll("\\(", "").replaceAll("\\)", "");
  if (isQwen) text = convertWordNumber(text);
  text = text.replace(TEXT_COMMAND, "$1");
  for (const key of ASSIGNMENT_KEYS) text = text.replaceAll(key, "");
  text = text.replaceAll("\\emptyset", "{}");
  text = text.replaceAll("(-\\infty,\\infty)", "\\mathbb{R}");
  text = text.replaceAll("\\%", "").replaceAll("%", "");
  if (!isQwen) text = text.replace(MONTHS, "");
  text = text.replaceAll(" .", " 0.").replaceAll("{.", "{0.");
  // (The reference's "unwrap {x}, (x), [x] when alphanumeric" branch tests the whole string, brackets included,
  // with isalnum(), so it never fires; it is left out.)
  text = text.replaceAll("infinity", "\\infty");
  if (!text.includes("\\infty")) text = text.replaceAll("inf", "\\infty");
  text = text.replaceAll("+\\inity", "\\infty");
  text = text.replaceAll("and", "");
  text = text.replaceAll("\\mathbf", "");
  text = text.replace(MBOX_COMMAND, "");
  if (text.includes("j") && !text.includes("i")) text = text.replaceAll("j", "i");
  text = text.replace(/(\p{Nd}+)\.0*([^\p{Nd}])/gu, "$1$2");
  text = text.replace(/(\p{Nd}+)\.0*$/u, "$1");
  if (text.length === 0) return text;
  if (text.startsWith(".")) text = `0${text}`;
  const sides = text.split("=");
  if (sides.length === 2 && pythonLength(sides[0] ?? "") <= 2) text = sides[1] ?? "";
  text = text.replace(SQRT_SHORTHAND, "\\sqrt{$1}");
  text = text.replaceAll(" ", "");
  text = fixFractions(text);
  return fixSlash(text, options.flavor);
}
