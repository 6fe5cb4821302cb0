// nltk's `PunktSentenceTokenizer.span_tokenize` (nltk 3.8, with realigned boundaries), over given parameters.
import { PYTHON_WHITESPACE_CLASS, pythonRstrip } from "../../python-whitespace.js";
import {
  collocationKey,
  ORTHO_BEGIN_LOWER,
  ORTHO_LOWER,
  ORTHO_MIDDLE_UPPER,
  ORTHO_UPPER,
  type PunktParameters,
} from "./punkt-parameters.js";
import { PunktToken } from "./punkt-token.js";

const WHITESPACE_CHARACTERS = PYTHON_WHITESPACE_CLASS.slice(1, -1);
const NON_WHITESPACE = `[^${WHITESPACE_CHARACTERS}]`;
/** Characters that cannot appear within words (English: `.` excluded from the sentence-end characters). */
const NON_WORD = `[)";}\\]*:@'({\\[?!]`;
const MULTI_CHARACTER = `(?:-{2,}|\\.{2,}|(?:\\.${PYTHON_WHITESPACE_CLASS}){2,}\\.)`;
const WORD_START = '[^("`{\\[:;&#*@)}\\]\\-,]';
const WORD_TOKEN = new RegExp(
  `${MULTI_CHARACTER}|(?=${WORD_START})${NON_WHITESPACE}+?(?=${PYTHON_WHITESPACE_CLASS}|$|${NON_WORD}|${MULTI_CHARACTER}|,(?=$|${PYTHON_WHITESPACE_CLASS}|${NON_WORD}|${MULTI_CHARACTER}))|${NON_WHITESPACE}`,
  "gu",
);
const PERIOD_CONTEXT = new RegExp(
  `[.?!](?=(?<afterToken>${NON_WORD}|${PYTHON_WHITESPACE_CLASS}+(?<nextToken>${NON_WHITESPACE}+)))`,
  "gu",
);
const BOUNDARY_REALIGNMENT = new RegExp(`^["')\\]}]+?(?:${PYTHON_WHITESPACE_CLASS}+|(?=--)|(?![^\\n]))`, "u");
const ASCII_WHITESPACE = new Set([" ", "\t", "\n", "\r", "\v", "\f"]);
const SENTENCE_END_CHARACTERS = new Set([".", "?", "!"]);
const PUNCTUATION = new Set([";", ":", ",", ".", "!", "?"]);

export type Span = readonly [start: number, end: number];

/** The punkt word tokens of each non-blank line (`PunktLanguageVars.word_tokenize`). */
function tokenizeWords(text: string): PunktToken[] {
  const tokens: PunktToken[] = [];
  for (const line of text.split("\n")) {
    for (const match of line.matchAll(WORD_TOKEN)) tokens.push(new PunktToken(match[0]));
  }
  return tokens;
}

function annotateFirstPass(token: PunktToken, parameters: PunktParameters): void {
  const text = token.text;
  if (SENTENCE_END_CHARACTERS.has(text)) {
    token.isSentenceBreak = true;
  } else if (token.isEllipsisText) {
    token.isEllipsis = true;
  } else if (token.isPeriodFinal && !text.endsWith("..")) {
    const withoutPeriod = text.slice(0, -1).toLowerCase();
    const lastPart = withoutPeriod.split("-").at(-1) ?? withoutPeriod;
    if (parameters.abbreviationTypes.has(withoutPeriod) || parameters.abbreviationTypes.has(lastPart)) {
      token.isAbbreviation = true;
    } else {
      token.isSentenceBreak = true;
    }
  }
}

/** Whether `token` starts a sentence by orthographic evidence: true, false or "unknown". */
function orthographicHeuristic(token: PunktToken, parameters: PunktParameters): boolean | "unknown" {
  if (PUNCTUATION.has(token.text)) return false;
  const context = parameters.orthographicContext.get(token.typeWithoutSentencePeriod) ?? 0;
  if (token.isFirstUpper && context & ORTHO_LOWER && !(context & ORTHO_MIDDLE_UPPER)) return true;
  if (token.isFirstLower && (context & ORTHO_UPPER || !(context & ORTHO_BEGIN_LOWER))) return false;
  return "unknown";
}

function annotateSecondPass(token: PunktToken, next: PunktToken, parameters: PunktParameters): void {
  if (!token.isPeriodFinal) return;
  const type = token.typeWithoutPeriod;
  const nextType = next.typeWithoutSentencePeriod;
  const isInitial = token.isInitial;
  if (parameters.collocations.has(collocationKey(type, nextType))) {
    token.isSentenceBreak = false;
    token.isAbbreviation = true;
    return;
  }
  if ((token.isAbbreviation || token.isEllipsis) && !isInitial) {
    if (orthographicHeuristic(next, parameters) === true) {
      token.isSentenceBreak = true;
      return;
    }
    if (next.isFirstUpper && parameters.sentenceStarters.has(nextType)) {
      token.isSentenceBreak = true;
      return;
    }
  }
  if (isInitial || type === "##number##") {
    const isStarter = orthographicHeuristic(next, parameters);
    if (isStarter === false) {
      token.isSentenceBreak = false;
      token.isAbbreviation = true;
      return;
    }
    const nextContext = parameters.orthographicContext.get(nextType) ?? 0;
    if (isStarter === "unknown" && isInitial && next.isFirstUpper && !(nextContext & ORTHO_LOWER)) {
      token.isSentenceBreak = false;
      token.isAbbreviation = true;
    }
  }
}

/** `text_contains_sentbreak`: some token but the last is annotated as a sentence break. */
function containsSentenceBreak(text: string, parameters: PunktParameters): boolean {
  const tokens = tokenizeWords(text);
  for (const token of tokens) annotateFirstPass(token, parameters);
  for (let index = 0; index + 1 < tokens.length; index++) {
    const token = tokens[index] as PunktToken;
    annotateSecondPass(token, tokens[index + 1] as PunktToken, parameters);
    if (token.isSentenceBreak) return true;
  }
  return false;
}

/** The index of the last ASCII whitespace of `text`, or 0 when there is none. */
function lastWhitespaceIndex(text: string): number {
  for (let index = text.length - 1; index >= 0; index--) {
    if (ASCII_WHITESPACE.has(text[index] ?? "")) return index;
  }
  return 0;
}

interface EndContext {
  /** Where the sentence-end character is. */
  start: number;
  afterToken: string;
  nextToken: string | undefined;
  context: string;
}

/** `_match_potential_end_contexts`: each candidate end with the word before it and the token after it. */
function potentialEndContexts(text: string): EndContext[] {
  const contexts: EndContext[] = [];
  let previousSlice: Span = [0, 0];
  let previous: { start: number; afterToken: string; nextToken: string | undefined } | undefined;
  const emit = (): void => {
    if (previous === undefined) return;
    const context = `${text.slice(previousSlice[0], previousSlice[1])}${text[previous.start] ?? ""}${previous.afterToken}`;
    contexts.push({ ...previous, context });
  };
  for (const match of text.matchAll(PERIOD_CONTEXT)) {
    const start = match.index;
    const before = text.slice(previousSlice[1], start);
    let wordStart = lastWhitespaceIndex(before);
    wordStart = wordStart === 0 ? previousSlice[0] : wordStart + previousSlice[1] + 1;
    if (previous !== undefined && previousSlice[1] <= wordStart) emit();
    previous = {
      start,
      afterToken: match.groups?.["afterToken"] ?? "",
      nextToken: match.groups?.["nextToken"],
    };
    previousSlice = [wordStart, start];
  }
  emit();
  return contexts;
}

/** `_slices_from_text`: sentence spans before realignment. */
function sentenceSlices(text: string, parameters: PunktParameters): Span[] {
  const slices: Span[] = [];
  let lastBreak = 0;
  for (const end of potentialEndContexts(text)) {
    if (!containsSentenceBreak(end.context, parameters)) continue;
    slices.push([lastBreak, end.start + 1]);
    lastBreak =
      end.nextToken === undefined || end.nextToken === ""
        ? end.start + 1
        : end.start + 1 + end.afterToken.length - end.nextToken.length;
  }
  slices.push([lastBreak, pythonRstrip(text).length]);
  return slices;
}

/** `_realign_boundaries`: closing quotes and brackets after a break join the sentence before it. */
function realignBoundaries(text: string, slices: readonly Span[]): Span[] {
  const spans: Span[] = [];
  let realign = 0;
  for (const [index, slice] of slices.entries()) {
    const sentence: Span = [slice[0] + realign, slice[1]];
    const next = slices[index + 1];
    if (next === undefined) {
      if (sentence[0] < sentence[1]) spans.push(sentence);
      continue;
    }
    const match = BOUNDARY_REALIGNMENT.exec(text.slice(next[0], next[1]));
    if (match !== null) {
      spans.push([sentence[0], next[0] + pythonRstrip(match[0]).length]);
      realign = match[0].length;
    } else {
      realign = 0;
      if (sentence[0] < sentence[1]) spans.push(sentence);
    }
  }
  return spans;
}

/** The sentence spans of `text` under a Punkt model, as `PunktSentenceTokenizer.span_tokenize` yields them. */
export function punktSentenceSpans(text: string, parameters: PunktParameters): Span[] {
  return realignBoundaries(text, sentenceSlices(text, parameters));
}
