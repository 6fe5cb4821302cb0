// The `lm_eval_bbh_*` graders: lm-evaluation-harness's BBH scoring — `bbh_cot_fewshot`'s get-answer filter, or
// `bbh_fewshot`'s raw response — then its exact_match (plain string equality).
// Reference: EleutherAI/lm-evaluation-harness@4e7e0d47f33bc71070c1d38394bafbb52b117163 —
// lm_eval/tasks/bbh/cot_fewshot/_cot_fewshot_template_yaml (filter "get-answer": regex
// `(?<=the answer is )(.*)(?=.)`, take_first), lm_eval/tasks/bbh/fewshot/_fewshot_template_yaml (no filter),
// lm_eval/filters/extraction.py (`RegexFilter`: findall, group 0, strip, fallback "[invalid]"),
// lm_eval/api/metrics.py (`exact_match_hf_evaluate` without options: `predictions == references`).
import { pythonStrip } from "./python-whitespace.js";
import { type Grade, type Grader, type GraderInput, noAnswerGrade } from "./types.js";

/** `RegexFilter`'s fallback when the pattern finds nothing. */
const INVALID = "[invalid]";

/**
 * The get-answer pattern: what follows "the answer is " up to one character before the end of its line (Python's
 * `.` is any character but `\n`; `(?=.)` gives back the line's last character, the sentence's period).
 */
const GET_ANSWER = /(?<=the answer is )([^\n]*)(?=[^\n])/;

/** numpy's fixed-width unicode arrays drop trailing NUL characters before comparing. */
const TRAILING_NULS = /\0+$/;

/** The get-answer filter's output: the first match's group, stripped (Python `str.strip`), or null for "[invalid]". */
export function lmEvalBbhCotExtract(response: string): string | null {
  const group = GET_ANSWER.exec(response)?.[1];
  return group === undefined ? null : pythonStrip(group);
}

function compare(prediction: string, gold: string, rule: string): Grade {
  const normalizedPrediction = prediction.replace(TRAILING_NULS, "");
  const normalizedGold = gold.replace(TRAILING_NULS, "");
  const isCorrect = normalizedPrediction === normalizedGold;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: prediction,
    isUnparsed: false,
    reason: `${rule}: ${JSON.stringify(prediction)} ${isCorrect ? "=" : "≠"} gold ${JSON.stringify(gold)}`,
  };
}

/** `bbh_cot_fewshot`: the get-answer filter, then exact equality with the target (no case or space folding). */
export const lmEvalBbhCot: Grader = (input: GraderInput): Grade => {
  const extracted = lmEvalBbhCotExtract(input.response);
  if (extracted === null) {
    return noAnswerGrade(`get-answer: ${INVALID}`);
  }
  return compare(extracted, input.gold, "get-answer");
};

/**
 * `bbh_fewshot`: no filter — the whole response (as the server returned it, cut at the stop sequences) must equal
 * the target exactly, so a leading space (" yes") is wrong, as in the reference.
 */
export const lmEvalBbhFewshot: Grader = (input: GraderInput): Grade =>
  compare(input.response, input.gold, "raw response");
