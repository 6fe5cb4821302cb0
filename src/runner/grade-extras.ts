// The verdicts of a recipe's extra graders on one answer, for the journal's `extra_grades` (run, --resume, grade).
import type { ExtraGrade } from "../core/sample-record.js";
import type { GraderInput } from "../graders/types.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";

/**
 * Each extra grader's `{ correct, extracted }` on `input`, keyed by grader name in the recipe's order; undefined
 * when the plan has no extra graders. An unclosed `<think>` block is wrong for every grader, as for the main one;
 * a grader that throws marks its own verdict wrong without touching the others.
 */
export function gradeExtras(
  extraGraders: PlannedBenchmark["extraGraders"],
  input: GraderInput,
  isThinkUnclosed: boolean,
): Record<string, ExtraGrade> | undefined {
  if (extraGraders.length === 0) return undefined;
  const grades: Record<string, ExtraGrade> = {};
  for (const { name, grader } of extraGraders) {
    grades[name] = isThinkUnclosed ? { correct: false, extracted: null } : safeExtraGrade(grader, input);
  }
  return grades;
}

function safeExtraGrade(
  grader: PlannedBenchmark["extraGraders"][number]["grader"],
  input: GraderInput,
): ExtraGrade {
  try {
    const grade = grader(input);
    return { correct: grade.isCorrect, extracted: grade.extracted };
  } catch {
    return { correct: false, extracted: null };
  }
}
