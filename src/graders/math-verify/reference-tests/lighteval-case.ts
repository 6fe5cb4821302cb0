// The shape of lighteval's extractive-match test cases ported as data, and the targets each match type stands for.
import type { ExtractionTarget } from "../extraction-patterns.js";

export type LightevalMatchType = "latex" | "expr" | "NativeLetters";

/** [gold, prediction, expected verdict, match types (gold and prediction alike), options]. */
export type LightevalCase = readonly [
  string,
  string,
  boolean,
  readonly LightevalMatchType[],
  { precision: number }?,
];

export interface LightevalCaseGroup {
  /** `tests/unit/metrics/test_extractive_match.py::<test function>`. */
  source: string;
  cases: readonly LightevalCase[];
}

/** compare_strings' targets: LatexExtractionConfig() (boxed at 55), ExprExtractionConfig(), letters A–D. */
export function lightevalTargets(types: readonly LightevalMatchType[]): ExtractionTarget[] {
  return types.map((type): ExtractionTarget => {
    if (type === "latex") return { kind: "latex", boxedMatchPriority: 55 };
    if (type === "expr") return { kind: "expr" };
    return { kind: "indices", letters: ["A", "B", "C", "D"], tryExtractWithoutAnchor: true };
  });
}
