// The shape of lighteval's extractive-match test cases ported as data, and the targets each match type stands for.
import { type ExtractionTarget, literalsOf } from "../extraction-patterns.js";

export type LightevalMatchType = "latex" | "expr" | "NativeLetters";

/** [gold, prediction, expected verdict, match types (gold and prediction alike), options]. */
export type LightevalCase = readonly [
  string,
  string,
  boolean,
  readonly LightevalMatchType[],
  { precision?: number; language?: string }?,
];

export interface LightevalCaseGroup {
  /** `tests/unit/metrics/test_extractive_match.py::<test function>`. */
  source: string;
  cases: readonly LightevalCase[];
}

/**
 * compare_strings' targets in `language` (default English): LatexExtractionConfig() (boxed at 55),
 * ExprExtractionConfig(), and the language's first four native letters (its Doc has four choices).
 */
export function lightevalTargets(
  types: readonly LightevalMatchType[],
  language?: string,
): ExtractionTarget[] {
  const languageField = language === undefined ? {} : { language };
  return types.map((type): ExtractionTarget => {
    if (type === "latex") return { kind: "latex", boxedMatchPriority: 55, ...languageField };
    if (type === "expr") return { kind: "expr", ...languageField };
    const letters = literalsOf(language).indices.slice(0, 4);
    return { kind: "indices", letters, tryExtractWithoutAnchor: true, ...languageField };
  });
}
