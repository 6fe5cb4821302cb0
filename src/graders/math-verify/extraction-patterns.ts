// The prioritised extraction regexes of Math-Verify's parser and lighteval's extractive_match_utils, per target.
// Facts read in huggingface/Math-Verify src/math_verify/parser.py@5d148cfaaf99214c2e4ffb4bc497ab042c592a7a and
// huggingface/lighteval src/lighteval/metrics/utils/extractive_match_utils.py@3fd15266bc8448b797e61462d293aa3fd40b3580
import { TRANSLATION_LITERALS, type TranslationLiterals } from "./translation-literals.js";

/** Which reference's copy of the regexes: Math-Verify 0.8.0, or lighteval's (its number and colon forms differ). */
export type ExtractionFlavor = "math-verify" | "lighteval";

/**
 * `language` (lighteval flavour only; lighteval's `Language` value, ISO 639-3, default `eng`): its answer word,
 * punctuation, sentence space and and/or words (`TRANSLATION_LITERALS`); the "final answer" patterns are English's.
 */
export type ExtractionTarget =
  | { kind: "latex"; boxedMatchPriority: number; tryExtractWithoutAnchor?: boolean; language?: string }
  | { kind: "expr"; tryExtractWithoutAnchor?: boolean; language?: string }
  | { kind: "string"; strings: readonly string[]; tryExtractWithoutAnchor?: boolean; isLowercase?: boolean }
  | { kind: "indices"; letters: readonly string[]; tryExtractWithoutAnchor?: boolean; language?: string };

export interface PrioritisedPattern {
  pattern: RegExp;
  priority: number;
  /** A lowercase word every match contains: texts without it skip the pattern (a speed-up only). */
  mustContain?: string;
}

/** The anchor word a pattern's source starts with, for the cheap pre-check. */
function anchorWord(source: string): string | undefined {
  if (source.startsWith(caseless("final answer"))) return "final answer";
  if (source.startsWith(caseless("answer"))) return "answer";
  if (source.startsWith(String.raw`(?<first_latexBoxed>\\boxed`)) return "\\boxed";
  return undefined;
}

function compilePatterns(patterns: readonly [string, number][], flags: string): PrioritisedPattern[] {
  return patterns.map(([source, priority]) => {
    const mustContain = anchorWord(source);
    const pattern = new RegExp(source, flags);
    return mustContain === undefined ? { pattern, priority } : { pattern, priority, mustContain };
  });
}

/** Python's `(?i:word)` (JavaScript on Node 20 has no inline flags): each cased letter as a two-case class. */
function caseless(word: string): string {
  return [...word]
    .map((character) => {
      const upper = character.toUpperCase();
      const lower = character.toLowerCase();
      if (upper === lower || [...upper].length !== 1 || [...lower].length !== 1)
        return escapeRegExp(character);
      return `[${upper}${lower}]`;
    })
    .join("");
}

/** The literals of a target's language; a language lighteval has no answer word for is an error. */
export function literalsOf(language: string | undefined): TranslationLiterals {
  const literals = TRANSLATION_LITERALS[language ?? "eng"];
  if (literals === undefined) {
    throw new RangeError(
      `lighteval has no answer word for language "${language}"; its extraction cannot read it.`,
    );
  }
  return literals;
}

/** Python's `rf"[{re.escape(literal)}\{ascii}]"`: the language's mark or the ASCII one. */
function markClass(literal: string, ascii: string): string {
  return `[${literal.replace(/[\\\]^-]/g, "\\$&")}\\${ascii}]`;
}

/** The punctuation a lighteval pattern accepts around an answer, in the target's language. */
function punctuation(literals: TranslationLiterals) {
  return {
    fullStop: markClass(literals.fullStop, "."),
    comma: markClass(literals.comma, ","),
    colon: markClass(literals.colon, ":"),
    sentenceSpace: escapeRegExp(literals.sentenceSpace),
  };
}

/** Python's `$` without MULTILINE: the end, or before a final newline. */
const END = String.raw`(?=\n?$)`;
/** Python's `.` without DOTALL: anything but a newline. */
const ANY = String.raw`[^\n]`;

function exprPatterns(
  flavor: ExtractionFlavor,
  target: Extract<ExtractionTarget, { kind: "expr" }>,
): PrioritisedPattern[] {
  const integerOne =
    flavor === "lighteval" ? String.raw`-?\d{1,3}(?:[ ,]\d{3})+` : String.raw`-?[1-9]\d{0,2}(?:[ ,]\d{3})+`;
  const number =
    `${flavor === "lighteval" ? "" : String.raw`(?<!\d)`}` +
    String.raw`(?:(?<integer1>${integerOne})(?<decimal1>\.\d+)?|` +
    String.raw`(?<integer2>-?\d+)(?<decimal2>[.,]\d+)|(?<decimal3>\.\d+)|(?<integer3>-?\d+))` +
    String.raw`(?<percent>\s*(?:%|[Pp]ercent|\s*[Pp]ercentage|\s*[Pp]ct))?`;
  const operators = String.raw`+\-*×/^()÷`;
  const exprChars = String.raw`[\d.\s${operators}]`;
  const expr = String.raw`(?<expr>-?\(?-?\d${exprChars}*[${operators}]${exprChars}+\)?)`;
  const literals = literalsOf(target.language);
  const marks = punctuation(literals);
  const isEnglish = literals === literalsOf("eng");
  const colon = flavor === "lighteval" ? String.raw`\s?${marks.colon}` : ":";
  const currency = "$€£¥₹₽₪₩₫฿₡₢₣₤₥₦₧₨₩₪₫₭₮₯₰₱₲₳₴₵₶₷₸₹₺₻₼₽₾₿".replace("$", "\\$");
  // lighteval: `(?:\s|{sentence_space})` (`\s` itself for the languages whose sentence space is a space).
  const space = flavor === "lighteval" ? String.raw`(?:\s|${marks.sentenceSpace})` : String.raw`\s`;
  const prefix = String.raw`(?:^|${space}|=)(?:\*\*)?`;
  const suffix =
    flavor === "lighteval"
      ? String.raw`(?:\*\*)?(?:${marks.fullStop}|${marks.comma}|${colon}|${space}|\)|\$|${END})`
      : String.raw`(?:\*\*)?(?:\.|,|${colon}|\s|\)|\$|${END})`;
  const exprWithAnchors = `(?:${prefix}${expr}${suffix})`;
  const numberWithAnchors = `(?:${prefix}[${currency}]?${number})`;
  const exprOrNumber = `(?:${exprWithAnchors}|${numberWithAnchors})`;
  const answer = caseless(literals.answer);
  const answerColon = flavor === "lighteval" ? String.raw`${answer}\s?${marks.colon}` : `${answer}:`;
  const patterns: [string, number][] = [
    ...(isEnglish
      ? ([
          [String.raw`${caseless("final answer is")}:?\s*${exprOrNumber}\.?\s?I hope`, 0],
          [String.raw`${caseless("final answer")}${ANY}{0,100}?\s+is:?${exprOrNumber}`, 50],
        ] as [string, number][])
      : []),
    [String.raw`${answerColon}(?:${ANY}{0,100}=\s*|${ANY}{0,50}?)${exprOrNumber}(?!\s*=)`, 100],
    [String.raw`${answer}(?:${ANY}{0,100}=\s*|${ANY}{0,50}?)${exprOrNumber}(?!\s*=)`, 200],
  ];
  if (target.tryExtractWithoutAnchor ?? true) patterns.push([exprWithAnchors, 300], [numberWithAnchors, 300]);
  return compilePatterns(patterns, "g");
}

/** make_latex_env_pattern: `$$…$$`, `\[…\]`, `$…$`, `\(…\)`, ` […] ` (and a bare `\frac{a}{b}`), then a percent sign. */
function latexEnvironment(prefix: string, context: "boxed" | "plain"): string {
  const percent = String.raw`(?<${prefix}percent>(?:\\?%|[Pp]ercent|[Pp]ercentage|[Pp]ct))`;
  let displayDollar = String.raw`(?:[^$]|\$(?!\$))`;
  let displayBracket = String.raw`(?:[^\\]|\\(?!\]))`;
  let inlineDollar = String.raw`(?:\\[$]|[^\n$])`;
  let inlineParenthesis = String.raw`(?:[^\\\n]|\\(?!\)))`;
  let inlineBracket = String.raw`[^\n\]\[]`;
  const wrap = (content: string) =>
    context === "boxed" ? String.raw`${content}*?\\boxed\{${content}+?\}${content}*?` : `${content}+?`;
  displayDollar = wrap(displayDollar);
  displayBracket = wrap(displayBracket);
  inlineDollar = wrap(inlineDollar);
  inlineParenthesis = wrap(inlineParenthesis);
  inlineBracket = wrap(inlineBracket);
  const environments = [
    String.raw`(?<!\\)\$\$(?<${prefix}latexDisplayDollar>${displayDollar})(?<!\\)\$\$`,
    String.raw`(?<!\\)\\\[(?<${prefix}latexDisplayBracket>${displayBracket})(?<!\\)\\\]`,
    String.raw`(?<!\\|\d)\$(?<${prefix}latexInlineDollar>${inlineDollar})(?<!\\)\$`,
    String.raw`(?<!\\)\\\((?<${prefix}latexInlineParenthesis>${inlineParenthesis})(?<!\\)\\\)`,
    String.raw`\s\[(?<${prefix}latexInlineBracket>${inlineBracket})\]\s`,
  ];
  if (context === "plain") {
    const simpleNumber = String.raw`-?\d+(?:[.,]\d+)?`;
    environments.push(String.raw`(?<${prefix}latexFraction>-?\\frac\{${simpleNumber}\}\{${simpleNumber}\})`);
  }
  return String.raw`(?:(?:${environments.join("|")})\s*${percent}?)`;
}

function latexPatterns(
  flavor: ExtractionFlavor,
  target: Extract<ExtractionTarget, { kind: "latex" }>,
): PrioritisedPattern[] {
  const literals = literalsOf(target.language);
  const isEnglish = literals === literalsOf("eng");
  if (literals.andWord === undefined || literals.orWord === undefined) {
    throw new RangeError(
      `lighteval has no and/or words for language "${target.language}"; its LaTeX extraction cannot read it.`,
    );
  }
  const joiner = flavor === "lighteval" ? `(?:${literals.andWord}|${literals.orWord}|,)` : "(?:,?and|,?or|,)";
  // Math-Verify's boxed form has a `\s*` before each optional group; lighteval's has none.
  const next = (context: "boxed" | "plain", lead: string) =>
    [1, 2, 3, 4, 5]
      .map((index) => String.raw`${lead}(?:\s*${joiner}\s*${latexEnvironment(`next${index}_`, context)})?`)
      .join("");
  const environments = `(?:${latexEnvironment("first_", "plain")}${next("plain", "")})`;
  const answer = caseless(literals.answer);
  const colon = flavor === "lighteval" ? String.raw`\s?${punctuation(literals).colon}` : ":";
  const patterns: [string, number][] = [
    ...(isEnglish
      ? ([
          [String.raw`${caseless("final answer is")}:?\s*${environments}\.?\s?I hope`, 0],
          [String.raw`${caseless("final answer")}.{0,100}?\s+is:?\s*${environments}`, 50],
        ] as [string, number][])
      : []),
    [`${answer}${colon}.{0,50}?${environments}`, 100],
    [`${answer}.{0,50}?${environments}`, 200],
  ];
  if (target.tryExtractWithoutAnchor ?? true) patterns.push([environments, 300]);
  if (target.boxedMatchPriority >= 0) {
    const boxedLead = flavor === "lighteval" ? "" : String.raw`\s*`;
    patterns.push(
      [`${latexEnvironment("first_", "boxed")}${next("boxed", boxedLead)}`, target.boxedMatchPriority],
      [String.raw`(?<first_latexBoxed>\\boxed\{.+\})`, target.boxedMatchPriority],
    );
  }
  return compilePatterns(patterns, "gs");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function stringPatterns(target: Extract<ExtractionTarget, { kind: "string" }>): PrioritisedPattern[] {
  const keys = `(?<string_keys>${target.strings.map(escapeRegExp).join("|")})`;
  const suffix = String.raw`(?:\*\*)?(?:\.|,|:|\s|${END})`;
  const answerAnywhere = String.raw`(?:^|\s)(?:\*\*)?${keys}${suffix}`;
  const answer = caseless("answer");
  const patterns: [string, number][] = [
    [String.raw`${caseless("final answer is")}:?\s*${keys}\.?\s?I hope`, 0],
    [String.raw`${caseless("final answer")}${ANY}{0,100}?\s+is:?\s*${keys}`, 50],
    [`${answer}:${ANY}{0,50}?${answerAnywhere}`, 100],
    [`${answer}${ANY}{0,50}?${answerAnywhere}`, 200],
  ];
  if (target.tryExtractWithoutAnchor ?? true) {
    patterns.push([String.raw`^(?:\*\*)?${keys}${suffix}`, 250], [answerAnywhere, 300]);
  }
  return compilePatterns(patterns, "g");
}

/** lighteval's lazy_indices_regex: `A` or `(A)` after answer phrases, at a line start, or alone. */
function indicesPatterns(target: Extract<ExtractionTarget, { kind: "indices" }>): PrioritisedPattern[] {
  const literals = literalsOf(target.language);
  const marks = punctuation(literals);
  const keys = `(?<indices>${target.letters.map((letter) => `(?:${escapeRegExp(letter)}|\\(${escapeRegExp(letter)}\\))`).join("|")})`;
  // `re.escape(sentence_space)`: a literal space in English, nothing at all in Chinese (so any position matches).
  const space = marks.sentenceSpace;
  const suffix = String.raw`(?:\*\*)?(?:${marks.fullStop}|${marks.comma}|\s?${marks.colon}|${space}|${END})`;
  const answerAnywhere = String.raw`(?:^|${space})(?:\*\*)?${keys}${suffix}`;
  const answer = caseless(literals.answer);
  const patterns: [string, number][] = [
    ...(literals === literalsOf("eng")
      ? ([
          [String.raw`${caseless("final answer is")}:?\s*${keys}\.?\s?I hope`, 0],
          [String.raw`${caseless("final answer")}${ANY}{0,100}?\s+is:?\s*${keys}`, 50],
        ] as [string, number][])
      : []),
    [String.raw`${answer}\s?${marks.colon}${ANY}{0,50}?${answerAnywhere}`, 100],
    [`${answer}${ANY}{0,50}?${answerAnywhere}`, 150],
    [String.raw`^(?:\*\*)?${keys}${suffix}`, 200],
    [String.raw`\n(?:\*\*)?${keys}${suffix}`, 210],
  ];
  if (target.tryExtractWithoutAnchor ?? false) patterns.push([answerAnywhere, 250], [keys, 300]);
  return compilePatterns(patterns, "g");
}

const CACHE = new Map<string, PrioritisedPattern[]>();
const BY_TARGET = new WeakMap<ExtractionTarget, Map<ExtractionFlavor, PrioritisedPattern[]>>();

/** The target's regexes with their priorities (0 first), compiled once per configuration. */
export function extractionPatterns(flavor: ExtractionFlavor, target: ExtractionTarget): PrioritisedPattern[] {
  const known = BY_TARGET.get(target)?.get(flavor);
  if (known) return known;
  const key = `${flavor}:${JSON.stringify(target)}`;
  const cached = CACHE.get(key);
  if (cached) {
    BY_TARGET.set(target, (BY_TARGET.get(target) ?? new Map()).set(flavor, cached));
    return cached;
  }
  const patterns =
    target.kind === "expr"
      ? exprPatterns(flavor, target)
      : target.kind === "latex"
        ? latexPatterns(flavor, target)
        : target.kind === "indices"
          ? indicesPatterns(target)
          : stringPatterns(target);
  CACHE.set(key, patterns);
  return patterns;
}
