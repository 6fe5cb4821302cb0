// Qwen2.5-Math's `extract_answer` (evaluation/parser.py) for its non-choice data sets, and `choice_answer_clean`.
import {
  PYTHON_SPACE_CLASS,
  PYTHON_WORD_CLASS,
  pythonLeftStrip,
  pythonRightStrip,
  pythonStrip,
} from "./python-text.js";
import { stripString } from "./strip-string.js";

export interface QwenExtraction {
  /** The answer after `strip_string`. */
  answer: string;
  /** Which branch found it: "minerva", "boxed", "the answer is", "final answer is", "答案是", "last number" or "none". */
  rule: string;
}

const LAST_NUMBER = /-?\p{Nd}*\.?\p{Nd}+/gu;
const NEWLINE_AND_SPACE = new RegExp(`\\n${PYTHON_SPACE_CLASS}*`, "gu");
const CHOICE_LETTER = new RegExp(`(?<!${PYTHON_WORD_CLASS})[A-E](?!${PYTHON_WORD_CLASS})`, "gu");

/** The content after the last "boxed": a balanced `{…}` (to the end when it never closes), else up to the next `$`. */
export function contentAfterLastBoxed(text: string): string {
  const after = text.slice(text.lastIndexOf("boxed") + "boxed".length);
  if (!after.startsWith("{")) return pythonStrip(after.split("$")[0] ?? "");
  let depth = 1;
  let content = "";
  for (const character of after.slice(1)) {
    if (character === "{") depth++;
    else if (character === "}") {
      depth--;
      if (depth === 0) break;
    }
    content += character;
  }
  return content;
}

function rawAnswer(text: string): { raw: string; rule: string } | { empty: true } {
  if (text.includes("final answer is $") && text.includes("$. I hope")) {
    const tail = text.slice(text.indexOf("final answer is $") + "final answer is $".length);
    const end = tail.indexOf("$. I hope");
    return { raw: pythonStrip(end >= 0 ? tail.slice(0, end) : tail), rule: "minerva" };
  }
  if (text.includes("boxed")) {
    if (text.endsWith("boxed")) return { empty: true };
    return { raw: contentAfterLastBoxed(text), rule: "boxed" };
  }
  for (const phrase of ["he answer is", "final answer is"]) {
    if (text.includes(phrase))
      return { raw: pythonStrip(text.split(phrase).at(-1) ?? ""), rule: phrase.replace("he ", "the ") };
  }
  if (text.includes("答案是")) {
    const after = pythonStrip(text.split("答案是")[1] ?? "");
    return { raw: pythonStrip(after.split("\n\n")[0] ?? ""), rule: "答案是" };
  }
  const numbers = text.replaceAll(",", "").match(LAST_NUMBER);
  return { raw: numbers?.at(-1) ?? "", rule: numbers ? "last number" : "none" };
}

/**
 * `extract_answer(pred_str, data_name)` for data sets outside the choice and `skip_unit` lists (math, gsm8k,
 * aime24, amc23, …): Minerva's "final answer is $X$. I hope", else the content after the last "boxed", else
 * the tail after "he answer is" / "final answer is" / "答案是", else the last number; then one newline-and-spaces
 * removal, a leading ":" and a trailing "." and "/" dropped, and `strip_string`.
 */
export function extractAnswer(response: string): QwenExtraction {
  const text = response.replaceAll("\u043a\u0438", "");
  const found = rawAnswer(text);
  if ("empty" in found) return { answer: "", rule: "boxed" };
  let answer = found.raw.replace(NEWLINE_AND_SPACE, "");
  if (answer.startsWith(":")) answer = answer.slice(1);
  if (answer.endsWith(".")) answer = answer.slice(0, -1);
  if (answer.endsWith("/")) answer = answer.slice(0, -1);
  return { answer: stripString(answer, { flavor: "qwen" }), rule: found.rule };
}

/** The letters A–E standing alone (Python `\b(A|B|C|D|E)\b`) in the upper-cased text. */
export function choiceLetters(text: string): string[] {
  return text.toUpperCase().match(CHOICE_LETTER) ?? [];
}

/**
 * parser.py's `choice_answer_clean`, which math_eval.py applies to the whole response when the gold is a
 * letter A–E and the extracted answer is not: with "choice is"/"answer is" present the first letter after
 * the last trigger (only the first paragraph when a trigger repeats), else the last letter, else the text.
 */
export function choiceAnswerClean(response: string): string {
  let text = pythonStrip(response, "\n");
  const triggers = ["choice is", "answer is"];
  if (triggers.some((trigger) => text.split(trigger).length - 1 > 1)) text = text.split("\n\n")[0] ?? "";
  const pieces = text.split(/choice is|answer is/);
  const isAfterTrigger = pieces.length > 1;
  if (isAfterTrigger) text = pieces.at(-1) ?? "";
  text = pythonLeftStrip(
    pythonStrip(pythonRightStrip(pythonRightStrip(pythonStrip(text, "\n"), "."), "/"), " "),
    ":",
  );
  const letters = choiceLetters(text);
  const candidates = letters.length > 0 ? letters : [pythonStrip(pythonStrip(text), ".")];
  const chosen = (isAfterTrigger ? candidates[0] : candidates.at(-1)) ?? "";
  return pythonRightStrip(pythonRightStrip(chosen, "."), "/");
}
