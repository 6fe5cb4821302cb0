// aiperf's MathGrader extraction (`_extract_with_flag`, ai-dynamo/aiperf src/aiperf/accuracy/graders/math.py): boxed, phrase, last number.
import { PYTHON_SPACE_CLASS, pythonStrip } from "./python-text.js";

export interface AiperfExtraction {
  /** The raw answer (before `strip_string`). */
  answer: string;
  /** "boxed", "####", "answer phrase", "last number" or "response". */
  rule: string;
  /** True when extraction fell back past the `\boxed{}` step. */
  isUnparsed: boolean;
}

const BOXED = "\\boxed{";
const ANSWER_PHRASE = new RegExp(
  `(?:final${PYTHON_SPACE_CLASS}+answer|the${PYTHON_SPACE_CLASS}+answer${PYTHON_SPACE_CLASS}+is|answer${PYTHON_SPACE_CLASS}*[:=]|answer${PYTHON_SPACE_CLASS}+is)${PYTHON_SPACE_CLASS}*[:=]?${PYTHON_SPACE_CLASS}*([^\\n]+?)(?:(?<!\\p{Nd})\\.(?!\\p{Nd})|\\n|$)`,
  "giu",
);
const NUMBER = /-?\p{Nd}+(?:\.\p{Nd}+)?(?:\/\p{Nd}+)?/gu;
const LATEX_HINT = /[\\{}]/;
const NEWLINE_AND_SPACE = new RegExp(`\\n${PYTHON_SPACE_CLASS}*`, "gu");
/** GSM8K's own answer line; not in aiperf (see the README): "#### 1,000" would otherwise read as "000". */
const HASHES = /####[ \t]*([^\n]*)/;

/** `_extract_last_boxed`: the balanced content after the last `\boxed{`; undefined when it never closes. */
export function lastBoxedContent(text: string): string | undefined {
  const index = text.lastIndexOf(BOXED);
  if (index < 0) return undefined;
  const start = index + BOXED.length;
  let depth = 0;
  for (let cursor = start; cursor < text.length; cursor++) {
    const character = text[cursor];
    if (character === "{") depth++;
    else if (character === "}") {
      if (depth === 0) return text.slice(start, cursor);
      depth--;
    }
  }
  return undefined;
}

function lastNumber(text: string): string | undefined {
  return text.match(NUMBER)?.at(-1);
}

/** `_format_response_tail`: newlines (and the spaces after them) removed, a leading ":" and a trailing "." or "/" dropped. */
function formatTail(content: string): string {
  let answer = content.replace(NEWLINE_AND_SPACE, "");
  if (answer.startsWith(":")) answer = answer.slice(1);
  if (answer.endsWith(".")) answer = answer.slice(0, -1);
  if (answer.endsWith("/")) answer = answer.slice(0, -1);
  return answer;
}

/**
 * The answer aiperf's MathGrader reads: the last balanced `\boxed{}`; else (our addition) a GSM8K `#### X`
 * line; else the tail of the last "final answer" / "the answer is" / "answer:" phrase (its `\boxed{}`, the
 * whole tail when it holds LaTeX, else its last number, else the tail); else the last number; else the
 * response itself.
 */
export function aiperfExtractAnswer(response: string): AiperfExtraction {
  if (response === "") return { answer: "", rule: "response", isUnparsed: true };
  const boxed = lastBoxedContent(response);
  if (boxed !== undefined) return { answer: formatTail(boxed), rule: "boxed", isUnparsed: false };
  const hashes = HASHES.exec(response)?.[1];
  if (hashes !== undefined && lastNumber(hashes) !== undefined) {
    return { answer: pythonStrip(hashes), rule: "####", isUnparsed: true };
  }
  const phrases = [...response.matchAll(ANSWER_PHRASE)];
  const tail = phrases.at(-1)?.[1];
  if (tail !== undefined) {
    const stripped = pythonStrip(tail);
    const tailBoxed = lastBoxedContent(stripped);
    if (tailBoxed !== undefined)
      return { answer: formatTail(tailBoxed), rule: "answer phrase", isUnparsed: true };
    if (LATEX_HINT.test(stripped)) return { answer: stripped, rule: "answer phrase", isUnparsed: true };
    return { answer: lastNumber(stripped) ?? stripped, rule: "answer phrase", isUnparsed: true };
  }
  const number = lastNumber(response);
  if (number !== undefined) return { answer: number, rule: "last number", isUnparsed: true };
  return { answer: pythonStrip(response), rule: "response", isUnparsed: true };
}
