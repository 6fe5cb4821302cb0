// Math-Verify's `parse` (and lighteval's extract_target_from_pred): prioritised regex matches, rightmost first, parsed.
// Facts read in huggingface/Math-Verify src/math_verify/parser.py@5d148cfaaf99214c2e4ffb4bc497ab042c592a7a and
// huggingface/lighteval src/lighteval/metrics/utils/extractive_match_utils.py@3fd15266bc8448b797e61462d293aa3fd40b3580
import { type ExtractionFlavor, type ExtractionTarget, extractionPatterns } from "./extraction-patterns.js";
import { numberFromText } from "./latex-conversions.js";
import { LatexSyntaxError } from "./latex-lexer.js";
import { type MathValue, percentOf } from "./math-value.js";
import { type NormalizationConfig, normalizeLatex } from "./normalize-latex.js";
import { parseLatex } from "./parse-latex.js";
import { parsePythonExpression } from "./parse-python-expression.js";

/** An extracted answer: a parsed value, or (the fallback) the matched text. */
export type ParsedAnswer = MathValue | string;

export interface ParseOptions {
  targets: readonly ExtractionTarget[];
  flavor?: ExtractionFlavor;
  /** "first_match" also returns the first matched text, whatever its parse (Math-Verify's default). */
  fallbackMode?: "no_fallback" | "first_match";
  /** "first_match" tries only the first match of the first priority that matched. */
  extractionMode?: "first_match" | "any_match";
  /** Overrides the LaTeX normalisation (Math-Verify's LatexExtractionConfig.normalization_config). */
  normalization?: NormalizationConfig;
  /**
   * Normalised LaTeX or an expression longer than this many characters is not parsed: the bound standing in for the
   * reference's parsing timeout (our parser is synchronous and cannot be interrupted).
   */
  maxInputLength?: number;
}

const DEFAULT_MAX_INPUT_LENGTH = 1500;

export function defaultNormalization(flavor: ExtractionFlavor): NormalizationConfig {
  return {
    basicLatex: true,
    units: true,
    malformedOperators: true,
    nits: true,
    boxed: "all",
    equations: flavor === "lighteval",
  };
}

const EQUATION_SPLIT = /(?<!\\|<|!|>)=/;

/** get_last_eq: the part after the last `=` when there are two or more and no `,`/`;`. */
function lastEquation(latex: string): string {
  if (latex.includes(",") || latex.includes(";")) return latex;
  const parts = latex.split(EQUATION_SPLIT);
  return parts.length > 2 ? (parts.at(-1) ?? latex) : latex;
}

function parseNormalizedLatex(latex: string, flavor: ExtractionFlavor, maxLength: number): MathValue {
  if (latex.length > maxLength) throw new LatexSyntaxError("too long to parse");
  try {
    return parseLatex(latex);
  } catch (error) {
    const last = lastEquation(latex);
    if (flavor === "lighteval" || last === latex) throw error;
    return parseLatex(last);
  }
}

function extractExpr(
  groups: Record<string, string | undefined>,
  maxLength: number,
): [MathValue | undefined, string] {
  const integer =
    ["integer1", "integer2", "integer3"].map((name) => groups[name]).find((value) => value) ?? "";
  const decimal =
    ["decimal1", "decimal2", "decimal3"].map((name) => groups[name]).find((value) => value) ?? "";
  if (integer || decimal) {
    const digits = integer.replace(/[, ]/g, "").replace(/^0+/, "");
    const text = `${digits === "" ? "0" : digits}${decimal.replace(",", ".")}`;
    const number = numberFromText(text);
    return [groups["percent"] ? percentOf(number) : number, text];
  }
  const expr = groups["expr"] ?? "";
  if (expr && expr.length <= maxLength) {
    try {
      return [parsePythonExpression(expr.replaceAll("\n", " ").replaceAll("^", "**")), expr];
    } catch (error) {
      if (!(error instanceof LatexSyntaxError)) throw error;
    }
  }
  return [undefined, expr];
}

function extractLatex(
  groups: Record<string, string | undefined>,
  options: ParseOptions,
  flavor: ExtractionFlavor,
): [MathValue | undefined, string] {
  const names = Object.keys(groups);
  const found = ["first", "next1", "next2", "next3", "next4", "next5"]
    .map((prefix) => names.find((name) => name.startsWith(`${prefix}_latex`) && groups[name]))
    .filter((name): name is string => name !== undefined);
  const values: (MathValue | undefined)[] = [];
  const texts: string[] = [];
  const normalization = options.normalization ?? defaultNormalization(flavor);
  for (const name of found) {
    const [prefix, groupName] = name.split("_");
    const config = groupName === "latexBoxed" ? { ...normalization, boxed: "last" as const } : normalization;
    const normalized = normalizeLatex(groups[name] ?? "", config, flavor);
    texts.push(normalized);
    try {
      const parsed = parseNormalizedLatex(
        normalized,
        flavor,
        options.maxInputLength ?? DEFAULT_MAX_INPUT_LENGTH,
      );
      values.push(groups[`${prefix}_percent`] ? percentOf(parsed) : parsed);
    } catch (error) {
      if (!(error instanceof LatexSyntaxError) && !(error instanceof RangeError)) throw error;
      values.push(undefined);
    }
  }
  if (values.length === 0) return [undefined, ""];
  if (values.length > 1 && values.every((value) => value !== undefined)) {
    const elements = values.flatMap((value) =>
      value?.type === "finite-set" ? value.elements : value ? [value] : [],
    );
    return [{ type: "finite-set", elements }, texts.join(" and ")];
  }
  return [values[0], texts[0] ?? ""];
}

function extractMatch(
  groups: Record<string, string | undefined>,
  target: ExtractionTarget,
  options: ParseOptions,
  flavor: ExtractionFlavor,
): [ParsedAnswer | undefined, string] {
  if (target.kind === "latex") return extractLatex(groups, options, flavor);
  if (target.kind === "expr") return extractExpr(groups, options.maxInputLength ?? DEFAULT_MAX_INPUT_LENGTH);
  if (target.kind === "indices") {
    const letter = (groups["indices"] ?? "").replace(/[()]/g, "").trim();
    return [letter, letter];
  }
  const text = groups["string_keys"] ?? "";
  return [(target.isLowercase ?? true) ? text.toLowerCase() : text, text];
}

/** lighteval orders targets indices, latex, expr before grouping by priority; Math-Verify keeps the given order. */
function orderedTargets(
  targets: readonly ExtractionTarget[],
  flavor: ExtractionFlavor,
): readonly ExtractionTarget[] {
  if (flavor !== "lighteval") return targets;
  const rank = (target: ExtractionTarget) =>
    target.kind === "indices" ? 0 : target.kind === "latex" ? 1 : 2;
  return [...targets].sort((left, right) => rank(left) - rank(right));
}

/** The extracted answers with the priority of the match that gave the first one (undefined when none did). */
export interface Extraction {
  answers: ParsedAnswer[];
  priority: number | undefined;
}

/** parse(text, extraction_config, fallback_mode, extraction_mode): the extracted answers, best first. */
export function parseAnswer(text: string, options: ParseOptions): ParsedAnswer[] {
  return extractAnswers(text, options).answers;
}

const CACHE_SIZE = 4096;
const CACHE = new Map<string, Extraction>();

/** extractAnswers with recent results kept (for gold answers, which repeat across samples). */
export function extractAnswersCached(text: string, options: ParseOptions): Extraction {
  const key = `${JSON.stringify(options)}\u0000${text}`;
  const cached = CACHE.get(key);
  if (cached) return cached;
  const extraction = extractAnswers(text, options);
  if (CACHE.size >= CACHE_SIZE) {
    const [oldest] = CACHE.keys();
    if (oldest !== undefined) CACHE.delete(oldest);
  }
  CACHE.set(key, extraction);
  return extraction;
}

/** parseAnswer with the priority of the successful match. */
export function extractAnswers(text: string, options: ParseOptions): Extraction {
  const lowered = text.toLowerCase();
  const flavor = options.flavor ?? "math-verify";
  const all = orderedTargets(options.targets, flavor).flatMap((target) =>
    extractionPatterns(flavor, target).map((entry) => ({ ...entry, target })),
  );
  const priorities = [...new Set(all.map((entry) => entry.priority))].sort((left, right) => left - right);
  const extracted: ParsedAnswer[] = [];
  const fallbacks: string[] = [];
  let matchedPriority: number | undefined;
  let isMatchFound = false;
  for (const priority of priorities) {
    const matches = all
      .filter(
        (entry) =>
          entry.priority === priority &&
          (entry.mustContain === undefined || lowered.includes(entry.mustContain)),
      )
      .flatMap(({ pattern, target }) =>
        [...text.matchAll(pattern)].map((match) => ({
          groups: match.groups ?? {},
          start: match.index,
          end: match.index + match[0].length,
          target,
        })),
      )
      .sort((left, right) => right.end - left.end || left.start - right.start);
    for (const match of matches) {
      const [value, fallback] = extractMatch(match.groups, match.target, options, flavor);
      isMatchFound = true;
      if (fallback) fallbacks.push(fallback);
      if (value !== undefined) {
        extracted.push(value);
        matchedPriority = priority;
        break;
      }
      if (options.extractionMode === "first_match") break;
    }
    if (extracted.length > 0 || (isMatchFound && options.extractionMode === "first_match")) break;
  }
  const [firstFallback] = fallbacks;
  if ((options.fallbackMode ?? "first_match") === "first_match" && firstFallback !== undefined) {
    extracted.push(firstFallback);
  }
  return { answers: extracted, priority: matchedPriority };
}
