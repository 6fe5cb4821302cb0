// The `lm_eval_gsm8k_*` graders: lm-evaluation-harness's gsm8k / gsm8k-cot filters and its exact_match, as strings.
// Reference: EleutherAI/lm-evaluation-harness@4e7e0d47f33bc71070c1d38394bafbb52b117163 —
// lm_eval/tasks/gsm8k/gsm8k.yaml and gsm8k-cot.yaml (filters, `doc_to_target`, exact_match arguments),
// lm_eval/filters/extraction.py (`RegexFilter`), lm_eval/filters/selection.py (`take_first`),
// lm_eval/api/metrics.py (`exact_match_hf_evaluate`), lm_eval/api/task.py (`process_results`, generate_until).
import { pythonStrip } from "./python-whitespace.js";
import { type Grade, type Grader, type GraderInput, noAnswerGrade } from "./types.js";

export type LmEvalGsm8kTask = "gsm8k" | "gsm8k-cot";
export type LmEvalGsm8kFilter = "strict-match" | "flexible-extract";

/** `RegexFilter`'s `fallback` when the pattern finds nothing. */
const INVALID = "[invalid]";

/** strict-match: the first match's group (Python `.` is any character but `\n`). */
const STRICT_PATTERNS: Record<LmEvalGsm8kTask, RegExp> = {
  gsm8k: /#### (-?[0-9.,]+)/,
  "gsm8k-cot": /The answer is (-?[0-9.,]+)[^\n]/,
};

/** flexible-extract (the same in both yamls): `findall`, the last match (`group_select: -1`), its first non-empty
 * group. */
const FLEXIBLE_PATTERN = /(-?[$0-9.,]{2,})|(-?[0-9]+)/g;

/** The text `(?s).*#### ` removes through: greedy, so everything up to the last occurrence and it. */
const SOLUTION_MARKER = "#### ";
/** `\.$`: Python's `$` also matches before a final newline. */
const FINAL_DOT = /\.(?=\n?$)/;

/** numpy's fixed-width unicode arrays (`np.array([...])`) drop trailing NUL characters. */
const TRAILING_NULS = /\0+$/;

/** The filter's output for one response: the reference's string, or null for its `[invalid]` fallback. */
export function lmEvalGsm8kExtract(
  response: string,
  { task, filter }: { task: LmEvalGsm8kTask; filter: LmEvalGsm8kFilter },
): string | null {
  if (filter === "strict-match") {
    const group = STRICT_PATTERNS[task].exec(response)?.[1];
    return group === undefined ? null : pythonStrip(group);
  }
  const last = [...response.matchAll(FLEXIBLE_PATTERN)].at(-1);
  if (last === undefined) return null;
  const group = last[1] || last[2];
  return group ? pythonStrip(group) : null;
}

/** The gold text the task compares against: gsm8k's `{{answer}}`, gsm8k-cot's `answer.split('####')[-1].strip()`. */
export function lmEvalGsm8kTarget(gold: string, task: LmEvalGsm8kTask): string {
  return task === "gsm8k" ? gold : pythonStrip(gold.split("####").at(-1) ?? "");
}

/**
 * exact_match's normalisation: its `regexes_to_ignore` applied in order with `re.sub` — `,`, `\$`, `(?s).*#### `
 * (as a last-index cut: the regex is quadratic on long text without the marker), `\.$` — then numpy's
 * trailing-NUL drop and `ignore_case` (lower).
 */
export function lmEvalGsm8kNormalize(text: string): string {
  const bare = text.replaceAll(",", "").replaceAll("$", "");
  const markerIndex = bare.lastIndexOf(SOLUTION_MARKER);
  const tail = markerIndex === -1 ? bare : bare.slice(markerIndex + SOLUTION_MARKER.length);
  return tail.replace(FINAL_DOT, "").replace(TRAILING_NULS, "").toLowerCase();
}

/**
 * One task's filter as a grader. The gold may be the full GSM8K solution (what lm-eval compares against) or its
 * final number (what the gsm8k benchmark gives): the task's target rule and `regexes_to_ignore` reduce both to the
 * same string. Prediction and gold are compared as strings, so `72.00` ≠ `72`.
 */
export function lmEvalGsm8k(task: LmEvalGsm8kTask, filter: LmEvalGsm8kFilter): Grader {
  return (input: GraderInput): Grade => {
    const gold = lmEvalGsm8kNormalize(lmEvalGsm8kTarget(input.gold, task));
    const extracted = lmEvalGsm8kExtract(input.response, { task, filter });
    if (extracted === null) {
      return noAnswerGrade(`${task} ${filter}: ${INVALID}`);
    }
    const prediction = lmEvalGsm8kNormalize(extracted);
    const isCorrect = prediction === gold;
    return {
      isCorrect,
      score: isCorrect ? 1 : 0,
      extracted,
      isUnparsed: false,
      reason: `${task} ${filter}: ${JSON.stringify(prediction)} ${isCorrect ? "=" : "≠"} gold ${JSON.stringify(gold)}`,
    };
  };
}

export const lmEvalGsm8kStrict = lmEvalGsm8k("gsm8k", "strict-match");
export const lmEvalGsm8kFlexible = lmEvalGsm8k("gsm8k", "flexible-extract");
export const lmEvalGsm8kCotStrict = lmEvalGsm8k("gsm8k-cot", "strict-match");
export const lmEvalGsm8kCotFlexible = lmEvalGsm8k("gsm8k-cot", "flexible-extract");
