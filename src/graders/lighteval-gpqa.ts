// The `lighteval_gpqa` grader: lighteval's gpqa_metric (IndicesExtractionConfig, NativeLetters), rightmost match per priority.
// Matched: huggingface/lighteval src/lighteval/metrics/utils/extractive_match_utils.py (lazy_indices_regex)@3fd15266bc8448b797e61462d293aa3fd40b3580
import { extractAnswers } from "./math-verify/parse-answer.js";
import { letterGrade, optionLetters } from "./multiple-choice.js";
import type { Grade, GraderInput } from "./types.js";

/** The option letter lighteval's gpqa_metric reads (`A` or `(A)`), with its priority; undefined when none. */
export function extractGpqaLetter(
  response: string,
  letters: string,
): { letter: string; priority: number } | undefined {
  const target = { kind: "indices", letters: [...letters], tryExtractWithoutAnchor: true } as const;
  const extraction = extractAnswers(response, {
    targets: [target],
    flavor: "lighteval",
    fallbackMode: "no_fallback",
  });
  const [letter] = extraction.answers;
  if (typeof letter !== "string" || extraction.priority === undefined) return undefined;
  return { letter, priority: extraction.priority };
}

/**
 * Grades a GPQA answer letter (A–D, or as many as `choices`): "final answer is X" 0, "final answer … is X" 50,
 * "answer: X" 100, "answer … X" 150, X at the start 200 or at a line start 210 count as parsed; a space-delimited X
 * (250) or any X (300) anywhere is marked unparsed.
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
