// The `exact_match` grader: reads the final answer from free text and compares it with the gold string exactly.
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

/** "the answer is X" (BBH CoT, DeepEval), last occurrence, up to the end of its line. */
const ANSWER_IS = /answer is[:\s]*([^\n]*)/gi;
/** A line "Answer: X" or "Exact Answer: X" (HLE's response format), last occurrence. */
const ANSWER_LINE = /^[\s*_#]*(?:exact\s+|final\s+)?answer[*_]*\s*:[*_]*[ \t]*([^\n]*)$/gim;

interface Extraction {
  text: string;
  isUnparsed: boolean;
  rule: string;
}

/** Trims spaces, markdown emphasis and one trailing period, as an answer sentence ends. */
export function cleanAnswer(text: string): string {
  let value = text.trim();
  value = value.replace(/^[*_`]+|[*_`]+$/g, "").trim();
  if (value.endsWith(".") && !value.endsWith("..")) value = value.slice(0, -1).trimEnd();
  return value.replace(/^[*_`]+|[*_`]+$/g, "").trim();
}

function lastMatch(response: string, pattern: RegExp): string | undefined {
  let found: string | undefined;
  for (const match of response.matchAll(pattern)) {
    const value = match[1];
    if (value !== undefined && value.trim() !== "") found = value;
  }
  return found;
}

/** The answer text of `response`: an "answer is X" phrase, an "Answer: X" line, else the response itself. */
export function extractExactAnswer(response: string): Extraction | undefined {
  const phrase = lastMatch(response, ANSWER_IS);
  if (phrase !== undefined) return { text: cleanAnswer(phrase), isUnparsed: false, rule: "answer phrase" };
  const line = lastMatch(response, ANSWER_LINE);
  if (line !== undefined) return { text: cleanAnswer(line), isUnparsed: false, rule: '"Answer:" line' };
  const lines = response.split("\n").filter((text) => text.trim() !== "");
  const last = lines.at(-1);
  if (last === undefined) return undefined;
  if (lines.length === 1) return { text: cleanAnswer(last), isUnparsed: false, rule: "whole response" };
  return { text: cleanAnswer(last), isUnparsed: true, rule: "fallback: last line" };
}

/**
 * Grades by strict string equality (DeepEval's `exact_match_score`: `pred.strip() == gold.strip()`), after
 * reading the answer out of the response: the last "the answer is X" phrase, else the last "Answer: X" line,
 * else the whole one-line response (a longer response falls back to its last line and is marked unparsed).
 * Surrounding spaces, markdown emphasis and one trailing period are removed; case is kept.
 */
export function exactMatch(input: GraderInput): Grade {
  const gold = input.gold.trim();
  const extraction = extractExactAnswer(input.response);
  if (extraction === undefined || extraction.text === "") {
    return noAnswerGrade("empty response");
  }
  const isCorrect = extraction.text === gold;
  const shown = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: extraction.text,
    isUnparsed: extraction.isUnparsed,
    reason: `${extraction.rule}: ${shown(extraction.text)} ${isCorrect ? "=" : "≠"} gold ${shown(gold)}`,
  };
}
