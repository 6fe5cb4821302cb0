// nltk's `NLTKWordTokenizer.tokenize` (the improved Treebank tokenizer that `word_tokenize` runs per sentence).

import { PYTHON_WORD_BOUNDARY, PYTHON_WORD_CHARACTERS } from "../python-pattern.js";
import { PYTHON_WHITESPACE_CLASS, pythonSplit } from "../python-whitespace.js";

type Rule = readonly [pattern: RegExp, replacement: string];

const WORD = `[${PYTHON_WORD_CHARACTERS}]`;
const B = PYTHON_WORD_BOUNDARY;
const WS = PYTHON_WHITESPACE_CLASS;
/** Python's `$` without MULTILINE: the end, or just before a final newline. */
const END = "(?=\\n?$)";

function rule(source: string, replacement: string, flags = ""): Rule {
  return [new RegExp(source, `gu${flags}`), replacement];
}

const STARTING_QUOTES: readonly Rule[] = [
  rule("([«“‘„]|[`]+)", " $1 "),
  rule('^"', "``"),
  rule("(``)", " $1 "),
  rule(`([ ([{<])("|'{2})`, "$1 `` "),
  rule(`(')(?!re|ve|ll|m|t|s|d|n)(${WORD})${B}`, "$1 $2", "i"),
];

const PUNCTUATION: readonly Rule[] = [
  rule(`([^.])(\\.)([\\])}>"'»”’ ]*)${WS}*${END}`, "$1 $2 $3 "),
  rule("([:,])([^\\p{Nd}])", " $1 $2"),
  rule(`([:,])${END}`, " $1 "),
  rule("\\.{2,}", " $& "),
  rule("[;@#$%&]", " $& "),
  rule(`([^.])(\\.)([\\])}>"']*)${WS}*${END}`, "$1 $2$3 "),
  rule("[?!]", " $& "),
  rule("([^'])' ", "$1 ' "),
  rule("[*]", " $& "),
];

const PARENS_BRACKETS = rule("[\\][(){}<>]", " $& ");
const DOUBLE_DASHES = rule("--", " -- ");

const ENDING_QUOTES: readonly Rule[] = [
  rule("([»”’])", " $1 "),
  rule("''", " '' "),
  rule('"', " '' "),
  rule("([^' ])('[sS]|'[mM]|'[dD]|') ", "$1 $2 "),
  rule("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", "$1 $2 "),
];

/** Robert MacIntyre's contractions, case-insensitive: `cannot` → `can not`, `'tis` → `'t is`. */
const CONTRACTIONS: readonly Rule[] = [
  rule(`${B}(can)(not)${B}`, " $1 $2 ", "i"),
  rule(`${B}(d)('ye)${B}`, " $1 $2 ", "i"),
  rule(`${B}(gim)(me)${B}`, " $1 $2 ", "i"),
  rule(`${B}(gon)(na)${B}`, " $1 $2 ", "i"),
  rule(`${B}(got)(ta)${B}`, " $1 $2 ", "i"),
  rule(`${B}(lem)(me)${B}`, " $1 $2 ", "i"),
  rule(`${B}(more)('n)${B}`, " $1 $2 ", "i"),
  rule(`${B}(wan)(na)(?=${WS})`, " $1 $2 ", "i"),
  rule(` ('t)(is)${B}`, " $1 $2 ", "i"),
  rule(` ('t)(was)${B}`, " $1 $2 ", "i"),
];

function applyRules(text: string, rules: readonly Rule[]): string {
  return rules.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);
}

/** The Treebank-style tokens of one sentence (parentheses kept as they are). */
export function treebankWordTokenize(sentence: string): string[] {
  let text = applyRules(sentence, STARTING_QUOTES);
  text = applyRules(text, PUNCTUATION);
  text = applyRules(text, [PARENS_BRACKETS, DOUBLE_DASHES]);
  text = applyRules(` ${text} `, ENDING_QUOTES);
  text = applyRules(text, CONTRACTIONS);
  return pythonSplit(text);
}
