// The `lighteval_gpqa` grader: lighteval's gpqa_metric (IndicesExtractionConfig, NativeLetters), rightmost match per priority.
import { letterGrade, optionLetters } from "./multiple-choice.js";
import type { Grade, GraderInput } from "./types.js";

function patterns(letters: string): { priority: number; pattern: RegExp }[] {
  const letter = `([${letters}])`;
  const suffix = String.raw`(?:\*\*)?(?:[.,:\s]|$)`;
  const spaced = String.raw`(?:^|\s)(?:\*\*)?${letter}${suffix}`;
  return [
    { priority: 0, pattern: new RegExp(String.raw`final answer is:?\s*${letter}\.?\s?I hope`, "gi") },
    { priority: 50, pattern: new RegExp(String.raw`final answer.{0,100}?\s+is:?\s*${letter}`, "gi") },
    { priority: 100, pattern: new RegExp(`answer:.{0,50}?${spaced}`, "gi") },
    { priority: 150, pattern: new RegExp(`answer.{0,50}?${spaced}`, "gi") },
    { priority: 200, pattern: new RegExp(String.raw`^(?:\*\*)?${letter}${suffix}`, "g") },
    { priority: 250, pattern: new RegExp(spaced, "g") },
    { priority: 300, pattern: new RegExp(letter, "g") },
  ];
}

/** The option letter lighteval's gpqa_metric reads, with its priority; undefined when none. */
export function extractGpqaLetter(
  response: string,
  letters: string,
): { letter: string; priority: number } | undefined {
  for (const { priority, pattern } of patterns(letters)) {
    let best: { letter: string; end: number } | undefined;
    for (const match of response.matchAll(pattern)) {
      const letter = match.slice(1).find((group) => group !== undefined);
      const end = match.index + match[0].length;
      // The answer-word patterns are case-insensitive; letters stay capitals as in lighteval.
      if (letter === undefined || !letters.includes(letter)) continue;
      if (best === undefined || end >= best.end) best = { letter, end };
    }
    if (best !== undefined) return { letter: best.letter, priority };
  }
  return undefined;
}

/**
 * Grades a GPQA answer letter (A–D, or as many as `choices`); matches below priority 250 count as parsed (a letter
 * found only standing alone somewhere in the text does not).
 */
export function lightevalGpqa(input: GraderInput): Grade {
  const found = extractGpqaLetter(input.response, optionLetters(input.choices?.length ?? 4));
  return letterGrade(
    input.gold,
    found === undefined
      ? undefined
      : { letter: found.letter, isUnparsed: found.priority >= 250, rule: `priority ${found.priority}` },
  );
}
