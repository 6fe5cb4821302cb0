// The `lm_eval_aime` grader: lm-evaluation-harness's AIME `process_results` (EleutherAI/lm-evaluation-harness lm_eval/tasks/aime/utils.py@4e7e0d47f33bc71070c1d38394bafbb52b117163).
import { pythonInt } from "./qwen-math/python-text.js";
import type { Grade, GraderInput } from "./types.js";

/** Where the reference raises (an assert, an index, a failed int()): `is_equiv` then compares the raw strings. */
class StripFailed extends Error {}

/** `last_boxed_only_string`: "\boxed " up to the next "$", else the last `\boxed`/`\fbox` through its closing brace. */
function lastBoxedOnly(text: string): string | undefined {
  if (text.includes("\\boxed "))
    return `\\boxed ${(text.split("\\boxed ").at(-1) ?? "").split("$")[0] ?? ""}`;
  let index = text.lastIndexOf("\\boxed");
  if (index < 0) index = text.lastIndexOf("\\fbox");
  if (index < 0) return undefined;
  let open = 0;
  for (let cursor = index; cursor < text.length; cursor++) {
    if (text[cursor] === "{") open++;
    if (text[cursor] === "}") {
      open--;
      if (open === 0) return text.slice(index, cursor + 1);
    }
  }
  return undefined;
}

/** `remove_boxed`; undefined where its asserts fail (an `\fbox{}`, a missing brace). */
function removeBoxed(boxed: string): string | undefined {
  if (boxed.includes("\\boxed "))
    return boxed.startsWith("\\boxed ") ? boxed.slice("\\boxed ".length) : undefined;
  if (!boxed.startsWith("\\boxed{") || !boxed.endsWith("}")) return undefined;
  return boxed.slice("\\boxed{".length, -1);
}

function fixFractions(text: string): string {
  const pieces = text.split("\\frac");
  let result = pieces[0] ?? "";
  for (const piece of pieces.slice(1)) {
    result += "\\frac";
    const characters = Array.from(piece);
    const [first, second] = characters;
    if (first === undefined) throw new StripFailed("\\frac at the end");
    if (first === "{") {
      result += piece;
      continue;
    }
    if (second === undefined) return text;
    const rest = characters.slice(2).join("");
    result += second === "{" ? `{${first}}${second}${rest}` : `{${first}}{${second}}${rest}`;
  }
  return result;
}

function fixSlash(text: string): string {
  const parts = text.split("/");
  if (parts.length !== 2) return text;
  const numerator = pythonInt(parts[0] ?? "");
  const denominator = pythonInt(parts[1] ?? "");
  if (numerator === undefined || denominator === undefined) throw new StripFailed("int() of a non-integer");
  return text === `${numerator}/${denominator}` ? `\\frac{${numerator}}{${denominator}}` : text;
}

function fixSqrt(text: string): string {
  if (!text.includes("\\sqrt")) return text;
  const pieces = text.split("\\sqrt");
  let result = pieces[0] ?? "";
  for (const piece of pieces.slice(1)) {
    const first = Array.from(piece)[0];
    if (first === undefined) throw new StripFailed("\\sqrt at the end");
    result += first === "{" ? `\\sqrt${piece}` : `\\sqrt{${first}}${piece.slice(first.length)}`;
  }
  return result;
}

/** The Hendrycks MATH `strip_string` of lm-eval's aime/utils.py (not Qwen's: no unit words, no number parsing). */
export function hendrycksStripString(input: string): string {
  let text = input.replaceAll("\n", "").replaceAll("\\!", "").replaceAll("\\\\", "\\");
  text = text.replaceAll("tfrac", "frac").replaceAll("dfrac", "frac");
  text = text.replaceAll("\\left", "").replaceAll("\\right", "");
  text = text.replaceAll("^{\\circ}", "").replaceAll("^\\circ", "");
  text = text.replaceAll("\\$", "");
  if (text.includes("\\text{ ")) {
    const pieces = text.split("\\text{ ");
    if (pieces.length !== 2) throw new StripFailed("two \\text{ units");
    text = pieces[0] ?? "";
  }
  text = text.replaceAll("\\%", "");
  text = text.replaceAll(" .", " 0.").replaceAll("{.", "{0.");
  if (text.length === 0) return text;
  if (text.startsWith(".")) text = `0${text}`;
  const sides = text.split("=");
  if (sides.length === 2 && Array.from(sides[0] ?? "").length <= 2) text = sides[1] ?? "";
  text = fixSqrt(text);
  text = text.replaceAll(" ", "");
  text = fixFractions(text);
  if (text === "0.5") text = "\\frac{1}{2}";
  return fixSlash(text);
}

/** `is_equiv`: the stripped strings equal; the raw strings when stripping raised. */
function isEquivalent(answer: string, target: string): boolean {
  try {
    return hendrycksStripString(answer) === hendrycksStripString(target);
  } catch (error) {
    if (error instanceof StripFailed) return answer === target;
    throw error;
  }
}

/**
 * lm-eval's AIME `process_results`: the text between the first and last `$` (the whole response with fewer
 * than two), replaced by the last `\boxed{}` content when there is one; then string equality after the
 * Hendrycks `strip_string` — no numeric comparison, so `033` ≠ `33` and `204.0` ≠ `204`.
 * `isUnparsed` is true when no `\boxed{}` answer was read.
 */
export function lmEvalAime(input: GraderInput): Grade {
  const response = input.response;
  const first = response.indexOf("$");
  const last = response.lastIndexOf("$");
  let answer = first >= 0 && last > first ? response.slice(first + 1, last) : response;
  let rule = first >= 0 && last > first ? "$…$" : "response";
  const boxed = lastBoxedOnly(response);
  const content = boxed === undefined ? undefined : removeBoxed(boxed);
  if (content !== undefined) {
    answer = content;
    rule = "boxed";
  }
  const isCorrect = isEquivalent(answer, input.gold);
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: answer,
    isUnparsed: rule !== "boxed",
    reason: `${rule}: ${JSON.stringify(answer)} ${isCorrect ? "=" : "≠"} gold ${JSON.stringify(input.gold)} (is_equiv)`,
  };
}
