// The program each HumanEval recipe executes for an answer: human-eval's `prompt + completion + "\n" + test + "\n" +
// "check(entry_point)"`; the spec recipe first takes the code out of a markdown fence and accepts a whole function
// (with its signature) as well as a body.
import type { HumanevalRow } from "./humaneval-rows.js";

/** human-eval's check program (openai/human-eval human_eval/execution.py@6d43fb980f9fee3c892a914eda09951f772ad10d). */
export function checkProgram(row: HumanevalRow, completion: string): string {
  return `${row.prompt}${completion}\n${row.test}\ncheck(${row.entry_point})`;
}

/** The first fenced block's content (a `python`/`py` block first), or the text as it is when it has none. */
export function stripMarkdownFences(text: string): string {
  const blocks = [...text.matchAll(/```([^\n`]*)\n([\s\S]*?)(?:```|$)/g)].map((match) => ({
    language: (match[1] ?? "").trim().toLowerCase(),
    code: match[2] ?? "",
  }));
  const chosen = blocks.find((block) => block.language === "python" || block.language === "py") ?? blocks[0];
  return chosen === undefined ? text : chosen.code;
}

/** True when `code` defines the entry point itself (`def name(` at the start of a line, unindented). */
export function definesFunction(code: string, entryPoint: string): boolean {
  return new RegExp(`^(?:async\\s+)?def\\s+${entryPoint}\\s*\\(`, "m").test(code);
}

/** A body whose first code line starts at column 0 indented by four spaces, so that it continues the signature. */
export function indentBody(code: string): string {
  const firstCode = code.split("\n").find((line) => line.trim() !== "");
  if (firstCode === undefined || /^\s/.test(firstCode)) return code;
  return code
    .split("\n")
    .map((line) => (line.trim() === "" ? line : `    ${line}`))
    .join("\n");
}

/**
 * The spec recipe's completion: fences stripped; a whole function is appended after the prompt (it redefines the
 * stub, and keeps the prompt's imports and helpers); a body continues the prompt, indented if it was not.
 */
export function specCompletion(row: HumanevalRow, response: string): string {
  const code = stripMarkdownFences(response);
  return definesFunction(code, row.entry_point) ? `\n${code}` : indentBody(code);
}
