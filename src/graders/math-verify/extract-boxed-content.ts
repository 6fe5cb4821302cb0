// latex2sympy2_extended's extract_boxed_content: the `\boxed{…}`/`\fbox{…}` contents, read right to left, joined by commas.
// Facts read in huggingface/latex2sympy2_extended src/latex2sympy2_extended/math_normalization.py@08735067b667bb8fb5beb9ef1cbc77d06bae3660
// (1.10.2) and @5ca648f1440f6b8562db5b04d74938550ddc5fa5 (1.0.6, lighteval's pin).
import type { ExtractionFlavor } from "./extraction-patterns.js";

const SEPARATOR = /and|or|,|;/;
/** 1.0.6 (lighteval's pin) joins two boxed only when nothing but a separator stands between them. */
const SEPARATOR_ONLY_1_0_6 = /^\s*(?:and|or|,)\s*$/;

/** The index of the brace closing the one at `open`, looking no further than `limit`; undefined when none. */
function closingBrace(text: string, open: number, limit: number): number | undefined {
  let depth = 1;
  for (let index = open + 1; index < limit; index++) {
    if (text[index] === "{") depth++;
    else if (text[index] === "}") {
      depth--;
      if (depth === 0) return index;
    }
  }
  return undefined;
}

/** Whether a boxed further left still belongs to the answer (close by, or a different value after a separator). */
function isJoined(
  text: string,
  content: string,
  previous: string,
  contentEnd: number,
  nextStart: number,
  flavor: ExtractionFlavor,
): boolean {
  const between = text.slice(contentEnd + 1, nextStart);
  if (flavor === "lighteval") return SEPARATOR_ONLY_1_0_6.test(between);
  if (between.length < 10) return true;
  return previous !== content && between.length < 70 && SEPARATOR.test(between);
}

/** Python's text.rfind(word, 0, end): the last occurrence lying wholly before `end`, or -1. */
function lastIndexBefore(text: string, word: string, end: number): number {
  return end - word.length < 0 ? -1 : text.lastIndexOf(word, end - word.length);
}

/**
 * mode "all": every boxed content; mode "last": the last one plus those joined to it by a separator. The text is
 * returned unchanged when it has no boxed command.
 */
export function extractBoxedContent(
  text: string,
  mode: "all" | "last",
  flavor: ExtractionFlavor = "math-verify",
): string {
  const results: string[] = [];
  let searchEnd = text.length;
  let limit = text.length;
  let lastStart: number | undefined;
  for (;;) {
    const boxedIndex = lastIndexBefore(text, "\\boxed", searchEnd);
    const fboxIndex = lastIndexBefore(text, "\\fbox", searchEnd);
    if (boxedIndex < 0 && fboxIndex < 0) break;
    const start = Math.max(boxedIndex, fboxIndex);
    let next = start + (boxedIndex > fboxIndex ? 6 : 5);
    while (next < limit && /\s/.test(text[next] ?? "")) next++;
    if (next >= limit) break;
    if (text[next] !== "{") {
      if (results.length === 0) results.push(text.slice(next));
      break;
    }
    const close = closingBrace(text, next, limit);
    if (close === undefined) {
      if (results.length === 0) results.push(text.slice(next));
      break;
    }
    const content = text.slice(next + 1, close).trim();
    if (
      mode === "last" &&
      lastStart !== undefined &&
      !isJoined(text, content, results.at(-1) ?? "", close, lastStart, flavor)
    ) {
      break;
    }
    results.push(content);
    lastStart = start;
    limit = start;
    searchEnd = start;
  }
  return results.length === 0 ? text : results.reverse().join(",");
}
