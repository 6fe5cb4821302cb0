// lighteval's extractive-match math metrics (Math-Verify semantics) as graders: `lighteval_expr` and `lighteval_latex`.
// Matched: huggingface/lighteval src/lighteval/metrics/metrics.py (expr_gold_metric, latex_gold_metric)@3fd15266bc8448b797e61462d293aa3fd40b3580,
// and `Metrics.pass_at_k_math` (`lighteval_math`) of src/lighteval/metrics/metrics.py@7c1cd62716b0a198a630c26d781430c54726cd02
// (v0.13.0) with src/lighteval/metrics/dynamic_metrics.py and utils/extractive_match_utils.py at the same commit.
import type { ExtractionTarget } from "./math-verify/extraction-patterns.js";
import { lightevalExtractiveMatch } from "./math-verify/lighteval-extractive-match.js";
import type { ParsedAnswer } from "./math-verify/parse-answer.js";
import { printMathValue } from "./math-verify/print-math-value.js";
import { pythonStrip } from "./python-whitespace.js";
import { type Grade, type Grader, type GraderInput, noAnswerGrade } from "./types.js";

/** lighteval's `precision=5` of expr_gold_metric / latex_gold_metric. */
const PRECISION_DECIMALS = 5;
/** Both metrics read predictions with (ExprExtractionConfig(), LatexExtractionConfig(boxed_match_priority=0)). */
const PREDICTION_TARGETS: readonly ExtractionTarget[] = [
  { kind: "expr" },
  { kind: "latex", boxedMatchPriority: 0 },
];
/** A prediction read only by the plain "any number / any LaTeX" patterns counts as unparsed. */
const UNANCHORED_PRIORITY = 300;

function describe(answers: readonly ParsedAnswer[]): string {
  return answers
    .map((answer) => (typeof answer === "string" ? JSON.stringify(answer) : printMathValue(answer)))
    .join(" | ");
}

interface LightevalMathMetric {
  goldTargets: readonly ExtractionTarget[];
  predictionTargets: readonly ExtractionTarget[];
  precision: number | "unusable";
  fallbackMode?: "no_fallback" | "first_match";
  goldFallback?: "raw" | "none";
  isSwapped?: boolean;
  /** `PassAtK(strip_strings=True)`: gold and prediction `.strip()`ped before the extractive match. */
  isStripped: boolean;
}

function createLightevalMathGrader(metric: LightevalMathMetric): Grader {
  return (input: GraderInput): Grade => {
    const gold = metric.isStripped ? pythonStrip(input.gold) : input.gold;
    const response = metric.isStripped ? pythonStrip(input.response) : input.response;
    const match = lightevalExtractiveMatch(gold, response, {
      goldTargets: metric.goldTargets,
      predictionTargets: metric.predictionTargets,
      precision: metric.precision,
      ...(metric.fallbackMode === undefined ? {} : { fallbackMode: metric.fallbackMode }),
      ...(metric.goldFallback === undefined ? {} : { goldFallback: metric.goldFallback }),
      ...(metric.isSwapped === undefined ? {} : { isSwapped: metric.isSwapped }),
    });
    const [first] = match.prediction;
    if (first === undefined) {
      return noAnswerGrade("no answer extracted");
    }
    const priority = match.predictionPriority;
    return {
      isCorrect: match.isCorrect,
      score: match.isCorrect ? 1 : 0,
      extracted: typeof first === "string" ? first : printMathValue(first),
      isUnparsed: priority === undefined || priority >= UNANCHORED_PRIORITY,
      reason: `priority ${priority ?? "none (text fallback)"}: ${describe(match.prediction)} ${match.isCorrect ? "=" : "≠"} gold ${describe(match.gold)}`,
    };
  };
}

/** lighteval `expr_gold_metric` (aime24, aime25, gsm8k in lighteval's math tasks): gold read as an expression. */
export const lightevalExpr: Grader = createLightevalMathGrader({
  goldTargets: [{ kind: "expr" }],
  predictionTargets: PREDICTION_TARGETS,
  precision: PRECISION_DECIMALS,
  isStripped: false,
});
/** lighteval `latex_gold_metric` (math_500): gold read as LaTeX, its \boxed{} at priority 55. */
export const lightevalLatex: Grader = createLightevalMathGrader({
  goldTargets: [{ kind: "latex", boxedMatchPriority: 55 }],
  predictionTargets: PREDICTION_TARGETS,
  precision: PRECISION_DECIMALS,
  isStripped: false,
});
/**
 * lighteval ≥ 0.13 `Metrics.pass_at_k_math` with k = n = 1 (math_500, aime24, aime25): gold and prediction both read
 * with `[ExprExtractionConfig(), LatexExtractionConfig()]` (the LaTeX \boxed{} at its default priority 55),
 * `precision=6`, `fallback_mode="first_match"`, both strings stripped first.
 */
export const lightevalMath: Grader = createLightevalMathGrader({
  goldTargets: [{ kind: "expr" }, { kind: "latex", boxedMatchPriority: 55 }],
  predictionTargets: [{ kind: "expr" }, { kind: "latex", boxedMatchPriority: 55 }],
  precision: 6,
  isStripped: true,
});

/**
 * lighteval 0.10 `Metrics.math_pass_at_1_1n` (math_500, aime24, aime25 at huggingface/lighteval@c4826ea9380f01fd7d6cfe291cee26a238dad774,
 * src/lighteval/metrics/metrics.py, metrics_sample.py `PassAtK`, utils/extractive_match_utils.py
 * `extract_target_from_pred`, utils/math_comparison.py `compare_gold_target`): both strings stripped, both read with
 * `[ExprExtractionConfig(), LatexExtractionConfig()]` and `extract_target_from_pred`'s defaults (no fallback), a
 * gold nothing is extracted from never equal, and `score_sample(pred, gold, formatted_doc)` calls
 * `compare_gold_target(gold=pred, target=gold, precision=formatted_doc)` — the prediction in the gold's place, and
 * the Doc as the precision, so any comparison that rounds a float raises and counts as not equal (`0.5` ≠ `\frac12`).
 */
export const lightevalMath010: Grader = createLightevalMathGrader({
  goldTargets: [{ kind: "expr" }, { kind: "latex", boxedMatchPriority: 55 }],
  predictionTargets: [{ kind: "expr" }, { kind: "latex", boxedMatchPriority: 55 }],
  precision: "unusable",
  fallbackMode: "no_fallback",
  goldFallback: "none",
  isSwapped: true,
  isStripped: true,
});
