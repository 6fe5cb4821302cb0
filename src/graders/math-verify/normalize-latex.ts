// latex2sympy2_extended's normalize_latex: boxed extraction, LaTeX clean-up, unit removal, nits and malformed operators.
// Facts read in huggingface/latex2sympy2_extended src/latex2sympy2_extended/math_normalization.py@08735067b667bb8fb5beb9ef1cbc77d06bae3660
// (1.10.2, Math-Verify's pin) and @5ca648f1440f6b8562db5b04d74938550ddc5fa5 (1.0.6, lighteval's pin).
import { extractBoxedContent } from "./extract-boxed-content.js";
import type { ExtractionFlavor } from "./extraction-patterns.js";

export interface NormalizationConfig {
  basicLatex: boolean;
  units: boolean;
  malformedOperators: boolean;
  nits: boolean;
  boxed: "all" | "last" | "none";
  /** Deprecated in the reference (the parser splits equations): keeps only the last `=` part. */
  equations: boolean;
}

const LEFT =
  /\\m?left(\\\{|\{|\\\||\||\[|\(|\\rbracl|\\lgroup|\\lbrace|\\lbrack|\\vert|\\lvert|\\lceil|\\lfloor|\\vert|\\lvert|\\langle|\\llcorner|\\ulcorner)/g;
const RIGHT =
  /\\m?right(\\\}|\}|\\\||\||\]|\)|\\rbrack|\\rgroup|\\rbrace|\\rbrack|\\vert|\\rvert|\\rceil|\\rfloor|\\vert|\\rvert|\\rangle|\\lrcorner|\\urcorner)/g;

/** The reference's unit words, in its order ("integer" "point" is one word there: Python joins the two literals). */
const UNITS = [
  "integerpoint",
  "feet",
  "sue",
  "digit",
  "pound",
  "meal",
  "edge",
  "student",
  "children ticket",
  "multiple",
  "east",
  "degree",
  "mph",
  "kmph",
  "ft",
  "m square",
  " m east",
  "sq m",
  "deg",
  "mile",
  "q .",
  "monkey",
  "prime",
  "ratio",
  "profit of rs",
  "rd",
  "o",
  "gm",
  "p . m",
  "lb",
  "tile",
  "per",
  "dm",
  "lt",
  "gain",
  "ab",
  "way",
  "west",
  "a .",
  "b .",
  "c .",
  "d .",
  "e .",
  "f .",
  "g .",
  "h .",
  "t",
  "h",
  "no change",
  "men",
  "soldier",
  "pie",
  "bc",
  "excess",
  "st",
  "inches",
  "noon",
  "cent",
  "by",
  "gal",
  "kmh",
  "c",
  "acre",
  "rise",
  "a . m",
  "th",
  "π r 2",
  "sq",
  "mark",
  "l",
  "toy",
  "coin",
  "sq . m",
  "gallon",
  "° f",
  "profit",
  "minw",
  "yr",
  "women",
  "am",
  "pm",
  "hr",
  "cu cm",
  "square",
  "v â € ™",
  "are",
  "rupee",
  "rounds",
  "cubic",
  "cc",
  "mtr",
  "s",
  "ohm",
  "number",
  "kmph",
  "day",
  "hour",
  "minute",
  "min",
  "second",
  "man",
  "woman",
  "sec",
  "cube",
  "mt",
  "sq inch",
  "mp",
  "∏ cm ³",
  "hectare",
  "more",
  "sec",
  "unit",
  "cu . m",
  "cm 2",
  "rs .",
  "rs",
  "kg",
  "g",
  "month",
  "km",
  "m",
  "cm",
  "mm",
  "apple",
  "liter",
  "loss",
  "yard",
  "pure",
  "year",
  "increase",
  "decrease",
  "d",
  "less",
  "Surface",
  "litre",
  "pi sq m",
  "s .",
  "metre",
  "meter",
  "inch",
];
const UNITS_AT_END = new RegExp(`(\\d|\\}|\\s)\\s*(?:(?:${UNITS.join("|")})(?:s|es)?)\\s*$`);
const UNIT_SUPERSCRIPT = /(\\(?:text|mbox)\{.*?\})(\^\d|\{\^\d\})?$/;
const TO_REMOVE = /\\mathrm\{th\}|\\!\s*|\\text\s*\{\s*\}|\\\$|\$|(?<!\\)["']|\\displaystyle/g;
const COMMAND_SLASH = /\\\\(?=[a-zA-Z])/g;
const PERMUTATION = /\(([a-zA-Z0-9+\-*/\\ ]+?)\)_\{([a-zA-Z0-9+\-*/\\ ]+?)\}/g;
const EQUATION_SPLIT = /(?<!\\|<|!|>)=/;

/** to_replace_patterns of 1.10.2, tried as one alternation left to right (the first listed alternative wins). */
const REPLACEMENTS: readonly (readonly [string, string])[] = [
  [String.raw`\\math(?:rm|it|bf)`, String.raw`\text`],
  [String.raw`\\text(?:normal|bf|it|rm)`, String.raw`\text`],
  [String.raw`\\(?:d|t|c)frac`, String.raw`\frac`],
  [String.raw`\s\.`, " 0."],
  [String.raw`\{\.`, "{0."],
  [String.raw`\~\=`, String.raw`\approx`],
  [String.raw`\s*\{\s*,\s*\}`, ","],
  [String.raw`(?<![a-zA-Z])(?:,?\s*(?:and|or))(?![a-zA-Z])`, ","],
  [String.raw`(?:,?\s*\\text\{\s*(?:and|or)\s*\})`, ","],
  [String.raw`(?<!\\)\\\s`, " "],
  ["infinity", String.raw`\infty`],
  [String.raw`,?(?:\\ldots)`, " "],
  [String.raw`\s*percentage`, String.raw`\%`],
  [String.raw`\\text\{percentage\}`, String.raw`\%`],
  [String.raw`\s*percent`, String.raw`\%`],
  [String.raw`\\text\{percent\}`, String.raw`\%`],
  [String.raw`\s*pct`, String.raw`\%`],
  [String.raw`\\text\{pct\}`, String.raw`\%`],
  [String.raw`(?:(?<!\\)inf(?!inity))`, String.raw`\infty`],
  [" sqrt", String.raw`\sqrt`],
];

/** 1.0.6's list: `and`/`or` become `;`, percent becomes a literal `\\%`, no percentage/pct forms. */
const REPLACEMENTS_1_0_6: readonly (readonly [string, string])[] = [
  ...REPLACEMENTS.slice(0, 7),
  [String.raw`(?<!\w)(?:and|or)(?!\w)`, ";"],
  [String.raw`(?:\\text\{\s*(?:and|or)\s*\})`, ";"],
  ...REPLACEMENTS.slice(9, 12),
  [String.raw`\s*percent`, String.raw`\\%`],
  [String.raw`\\text\{percent\}`, String.raw`\\%`],
  ...REPLACEMENTS.slice(18),
];

const compile = (list: readonly (readonly [string, string])[]) =>
  new RegExp(list.map(([pattern], index) => `(?<r${index}>${pattern})`).join("|"), "g");
const REPLACE = compile(REPLACEMENTS);
const REPLACE_1_0_6 = compile(REPLACEMENTS_1_0_6);

/**
 * 1.0.6's unit regex is `(?=\s)(?:unit(?:s|es)?)($|\W)` per unit, replaced by `\1\2`: a unit must start with
 * whitespace, which of its list only " m east" does (not among the first two units, so nothing of it is kept).
 */
const UNITS_1_0_6 = / m east(?:s|es)?(?:$|\W)/g;
const EMPTY_TEXT = /\\text\s*\{\s*\}/g;

function replaceInLatex(text: string, flavor: ExtractionFlavor): string {
  const list = flavor === "lighteval" ? REPLACEMENTS_1_0_6 : REPLACEMENTS;
  return text.replace(flavor === "lighteval" ? REPLACE_1_0_6 : REPLACE, (...args: unknown[]) => {
    const groups = args.at(-1) as Record<string, string | undefined>;
    const index = list.findIndex((_, position) => groups[`r${position}`] !== undefined);
    return list[index]?.[1] ?? "";
  });
}

const MALFORMED: readonly (readonly [RegExp, string])[] = [
  [/\^\s?\((.*?)\)/g, "^{$1}"],
  [/sqrt\s?\((.*?)\)/g, "\\sqrt{$1}"],
  [/\\frac\s?(\d)\s?(\d+)/g, "\\frac{$1}{$2}"],
  [/\\log_\s?(\d)\s?(\d+)/g, "\\log_{$1}{$2}"],
  [/\\frac\s?\{(.*?)\}\s?(\d)/g, "\\frac{$1}{$2}"],
  [/\\frac\s?(\d)\s?\{(.*?)\}/g, "\\frac{$1}{$2}"],
  [/\\sqrt\s?(\d)/g, "\\sqrt{$1}"],
];

/** hendrycks' _fix_fracs: `\frac12` → `\frac{1}{2}`, `\frac1{2}` → `\frac{1}{2}`. */
function fixFractions(text: string): string {
  const parts = text.split("\\frac");
  let result = parts[0] ?? "";
  for (const raw of parts.slice(1)) {
    const part = raw.trimStart();
    result += "\\frac";
    if (part.startsWith("{")) {
      result += part;
      continue;
    }
    if (part.length < 2) return text;
    const [first, second] = [part[0], part[1]];
    const rest = part.slice(2);
    result += second !== "{" ? `{${first}}{${second}}${rest}` : `{${first}}${second}${rest}`;
  }
  return result;
}

/** hendrycks' _fix_a_slash_b: an exact `int/int` becomes `\frac{a}{b}`. */
function fixSlash(text: string): string {
  const parts = text.split("/");
  if (parts.length !== 2) return text;
  const [top = "", bottom = ""] = parts;
  const canonical = (value: string) =>
    /^\s*[+-]?\d+\s*$/.test(value) && String(BigInt(value.trim())) === value;
  if (!canonical(top) || !canonical(bottom)) return text;
  return `\\frac{${top}}{${bottom}}`;
}

/** hendrycks' _fix_sqrt: `\sqrt3` → `\sqrt{3}`. */
function fixSquareRoot(text: string): string {
  if (!text.includes("\\sqrt")) return text;
  const parts = text.split("\\sqrt");
  let result = parts[0] ?? "";
  for (const raw of parts.slice(1)) {
    const part = raw.trimStart();
    const first = part[0];
    result +=
      first !== undefined && first !== "{" && first !== "["
        ? `\\sqrt{${first}}${part.slice(1)}`
        : `\\sqrt${part}`;
  }
  return result;
}

/** Python's str.strip(): whitespace at both ends. */
function pythonStrip(text: string): string {
  return text.replace(/^\s+|\s+$/g, "");
}

/** normalize_latex(text, config), as latex2sympy2_extended 1.10.2 ("math-verify") or 1.0.6 ("lighteval") does it. */
export function normalizeLatex(
  input: string,
  config: NormalizationConfig,
  flavor: ExtractionFlavor = "math-verify",
): string {
  let text = input;
  if (config.boxed === "all" || config.boxed === "last")
    text = extractBoxedContent(text, config.boxed, flavor);
  if (config.basicLatex) {
    text = text.replaceAll("\\mathrm{T}", "T");
    text = text.replaceAll("\\mathrm{d}", "d").replaceAll("{\\rm d}", "d");
    text = text
      .replaceAll("\\left[\\begin{matrix}", "\\begin{bmatrix}")
      .replaceAll("\\end{matrix}\\right]", "\\end{bmatrix}");
    text = text.replace(LEFT, "$1").replace(RIGHT, "$1");
    text = text.replace(PERMUTATION, "\\frac{($1)!}{(($1)-($2))!}");
    text = text.replace(TO_REMOVE, "");
    text = replaceInLatex(text, flavor);
    text = text.replaceAll("\n", " ").replaceAll("\t", " ");
    if (!text.includes("matrix")) text = text.replace(COMMAND_SLASH, "\\");
  }
  if (config.equations && !text.includes(",") && !text.includes(";")) {
    const parts = text.split(EQUATION_SPLIT);
    if (parts.length > 2) text = parts.at(-1) ?? text;
  }
  if (config.units) {
    const withoutSuperscript = pythonStrip(text.replace(UNIT_SUPERSCRIPT, ""));
    if (withoutSuperscript !== "" && withoutSuperscript !== text) text = withoutSuperscript;
    for (let round = 0; round < 2; round++) {
      const withoutUnit =
        flavor === "lighteval" ? text.replace(UNITS_1_0_6, "") : text.replace(UNITS_AT_END, "$1");
      if (withoutUnit !== "" && withoutUnit !== text) text = withoutUnit;
    }
    if (flavor === "lighteval") text = text.replace(EMPTY_TEXT, " ");
  }
  if (config.nits) {
    if (text.startsWith(".")) text = `0${text}`;
    if (text === "0.5") text = "\\frac{1}{2}";
  }
  if (config.malformedOperators) {
    for (const [pattern, replacement] of MALFORMED) text = text.replace(pattern, replacement);
    text = text.replaceAll(" sqrt", "\\sqrt");
    text = fixSlash(fixFractions(fixSquareRoot(text)));
  }
  return pythonStrip(text);
}
