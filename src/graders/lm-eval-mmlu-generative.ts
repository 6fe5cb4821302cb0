// The `lm_eval_mmlu_generative` grader: lm-evaluation-harness's `mmlu_generative` filters and exact_match.
// Reference: EleutherAI/lm-evaluation-harness@4e7e0d47f33bc71070c1d38394bafbb52b117163 —
// lm_eval/tasks/mmlu/generative/_default_template_yaml (filter_list `get_response`, exact_match with `ignore_case`
// and `ignore_punctuation`), lm_eval/filters/extraction.py (`RegexFilter`, `WhitespaceFilter`),
// lm_eval/api/metrics.py (`exact_match_hf_evaluate`).
import { pythonStrip } from "./python-whitespace.js";
import type { Grade, GraderInput } from "./types.js";

/** Python's `string.punctuation`, which `ignore_punctuation` deletes from both sides. */
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
/** numpy's fixed-width unicode arrays drop trailing NUL characters. */
const TRAILING_NULS = /\0+$/;

/**
 * The `get_response` filter chain: `^(.*?)(?=\n|$)` (the first line — Python's `.` is any character but `\n`),
 * stripped; `remove_whitespace` (strip); `^(.*?)\s*$` (trailing whitespace off, stripped); `take_first`. Every step
 * matches something, so there is no `[invalid]` fallback: an empty first line is the empty string.
 */
export function lmEvalMmluGenerativeExtract(response: string): string {
  const firstLine = response.split("\n", 1)[0] ?? "";
  return pythonStrip(firstLine);
}

/** exact_match's normalisation here: lower case (`np.char.lower`), `string.punctuation` deleted. */
function normalize(text: string): string {
  return text.replace(TRAILING_NULS, "").toLowerCase().replace(PUNCTUATION, "");
}

/** The response's first line against the gold letter, case and punctuation ignored: `(b).` = `B`, `B. 42` ≠ `B`. */
export function lmEvalMmluGenerative(input: GraderInput): Grade {
  const extracted = lmEvalMmluGenerativeExtract(input.response);
  const prediction = normalize(extracted);
  const gold = normalize(input.gold);
  const isCorrect = prediction === gold;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted,
    isUnparsed: extracted === "",
    reason: `mmlu_generative get_response: ${JSON.stringify(prediction)} ${isCorrect ? "=" : "≠"} gold ${JSON.stringify(gold)}`,
  };
}
