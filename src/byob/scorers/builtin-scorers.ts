// NeMo Evaluator BYOB's built-in scorers that need no model call, in TypeScript
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/scorers.py@76c865c3c09132c1d102a0a84454c36823f19cff):
// `contains`, `exact_match`, `f1_token`, `regex_match`, `multiple_choice_acc` (and, from their own files, `bleu`,
// `rouge`, `retrieval_metrics`, `any_of`/`all_of`); a YAML `scorer:` names them.
// Python's `lower()`, `strip()` and `split()` semantics (Unicode whitespace) are kept.
import { pythonSplit, pythonStrip } from "../../graders/python-whitespace.js";
import { type ScorerFunction, type ScorerInput, scorer } from "../scorer.js";
import { bleu, rouge } from "./overlap-scorers.js";
import { retrievalMetrics } from "./retrieval-scorer.js";

/** `target.lower().strip() in response.lower()`. */
export const contains = scorer(function contains(sample: ScorerInput) {
  return { correct: sample.response.toLowerCase().includes(pythonStrip(sample.target.toLowerCase())) };
});

/** `response.strip().lower() == target.strip().lower()`. */
export const exactMatch = scorer(function exact_match(sample: ScorerInput) {
  return { correct: pythonStrip(sample.response).toLowerCase() === pythonStrip(sample.target).toLowerCase() };
});

/** Token F1 over lowercased whitespace tokens, with `Counter` intersection: `{f1, precision, recall}`. */
export const f1Token = scorer(function f1_token(sample: ScorerInput) {
  const predicted = pythonSplit(sample.response.toLowerCase());
  const reference = pythonSplit(sample.target.toLowerCase());
  const zero = { f1: 0, precision: 0, recall: 0 };
  if (predicted.length === 0 || reference.length === 0) return zero;
  const counts = new Map<string, number>();
  for (const token of reference) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of predicted) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common++;
      counts.set(token, left - 1);
    }
  }
  if (common === 0) return zero;
  const precision = common / predicted.length;
  const recall = common / reference.length;
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall };
});

/**
 * Python `re` syntax a JavaScript RegExp spells differently: named groups `(?P<n>…)`/`(?P=n)`, `\A`, `\Z`. A
 * pattern that still does not compile is no match, as NeMo's `re.error` branch gives.
 */
function pythonPatternSource(pattern: string): string {
  return pattern
    .replace(/\(\?P<([A-Za-z_]\w*)>/g, "(?<$1>")
    .replace(/\(\?P=([A-Za-z_]\w*)\)/g, "\\k<$1>")
    .replace(/\\A/g, "^")
    .replace(/\\Z/g, "$(?![\\s\\S])");
}

/** `re.search(target, response, re.IGNORECASE)`: the target is the pattern. */
export const regexMatch = scorer(function regex_match(sample: ScorerInput) {
  let pattern: RegExp;
  try {
    pattern = new RegExp(pythonPatternSource(sample.target), "i");
  } catch {
    return { correct: false };
  }
  return { correct: pattern.test(sample.response) };
});

/** `_resolve_gold_index`: a letter A–Z, a stringified integer, the choice text, or the text ignoring case. */
export function resolveGoldIndex(target: string, choices: readonly string[]): number | undefined {
  const text = pythonStrip(target);
  if (text === "") return undefined;
  const inRange = (index: number) => (index >= 0 && index < choices.length ? index : undefined);
  if ([...text].length === 1 && /^\p{L}$/u.test(text.toUpperCase())) {
    const index = inRange((text.toUpperCase().codePointAt(0) ?? 0) - 65);
    if (index !== undefined) return index;
  }
  if (/^-*\d+$/.test(text) && /^-?\d+$/.test(text)) {
    const index = inRange(Number(text));
    if (index !== undefined) return index;
  }
  const verbatim = choices.findIndex((choice) => pythonStrip(choice) === text);
  if (verbatim !== -1) return verbatim;
  const folded = choices.findIndex((choice) => pythonStrip(choice).toLowerCase() === text.toLowerCase());
  return folded === -1 ? undefined : folded;
}

function argmax(values: readonly number[], indices: readonly number[]): number {
  let best = indices[0] ?? 0;
  for (const index of indices) if ((values[index] ?? -Infinity) > (values[best] ?? -Infinity)) best = index;
  return best;
}

/**
 * lm-eval's multiple-choice metrics from the candidates' log-likelihoods (`sample.choices`; NeMo reads them from
 * `metadata._choices*`): `acc` (raw argmax), `acc_norm` (per UTF-8 byte), `acc_greedy` (the most likely candidate
 * decoded greedily), each 1.0 or 0.0; all 0.0 without candidates or a resolvable gold.
 */
export const multipleChoiceAcc = scorer(function multiple_choice_acc(sample: ScorerInput) {
  const zero = { acc: 0, acc_norm: 0, acc_greedy: 0 };
  const choices = sample.choices ?? [];
  if (choices.length === 0) return zero;
  const gold = resolveGoldIndex(
    sample.target,
    choices.map((choice) => choice.text),
  );
  if (gold === undefined) return zero;
  const all = choices.map((_, index) => index);
  const logprobs = choices.map((choice) => choice.logprob);
  const normalized = choices.map(
    (choice) => choice.logprob / Math.max(Buffer.byteLength(choice.text, "utf8"), 1),
  );
  const greedy = all.filter((index) => choices[index]?.isGreedy === true);
  return {
    acc: argmax(logprobs, all) === gold ? 1 : 0,
    acc_norm: argmax(normalized, all) === gold ? 1 : 0,
    acc_greedy: greedy.length > 0 && argmax(logprobs, greedy) === gold ? 1 : 0,
  };
});

/** The scorers a YAML definition names, by NeMo's function names. */
export const BUILTIN_SCORERS: Readonly<Record<string, ScorerFunction>> = {
  contains,
  exact_match: exactMatch,
  f1_token: f1Token,
  regex_match: regexMatch,
  bleu,
  rouge,
  retrieval_metrics: retrievalMetrics,
  multiple_choice_acc: multipleChoiceAcc,
};
