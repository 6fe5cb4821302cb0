// HellaSwag text helpers: lm-evaluation-harness's preprocessing and Python's str.capitalize.
// Reference: EleutherAI/lm-evaluation-harness lm_eval/tasks/hellaswag/utils.py@4e7e0d47f33bc71070c1d38394bafbb52b117163.
import { pythonStrip } from "../../graders/python-whitespace.js";

/**
 * lm-evaluation-harness `hellaswag/utils.py` preprocess: Python `strip()`, " [title]" → ". ", drop "[…]" tags on
 * one line (Python's `.` is any character but `\n`), "  " → " " (one pass, as `str.replace`).
 */
export function preprocessHellaswag(text: string): string {
  return pythonStrip(text)
    .replaceAll(" [title]", ". ")
    .replace(/\[[^\n]*?\]/g, "")
    .replaceAll("  ", " ");
}

/** Python's `str.capitalize()`: the first character upper-cased, the rest lower-cased. */
export function capitalizePython(text: string): string {
  const [first, ...rest] = [...text];
  return first === undefined ? "" : first.toUpperCase() + rest.join("").toLowerCase();
}
