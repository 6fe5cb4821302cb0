// lighteval's extractive-match math metrics (Math-Verify semantics) as graders: `lighteval_expr` and `lighteval_latex`.
// Matched: huggingface/lighteval src/lighteval/metrics/metrics.py (expr_gold_metric, latex_gold_metric)@3fd15266bc8448b797e61462d293aa3fd40b3580
import type { ExtractionTarget } from "./math-verify/extraction-patterns.js";
import { lightevalExtractiveMatch } from "./math-verify/lighteval-extractive-match.js";
import type { ParsedAnswer } from "./math-verify/parse-answer.js";
import { printMathValue } from "./math-verify/print-math-value.js";
import type { Grade, Grader, GraderInput } from "./types.js";

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

function createLightevalMathGrader(goldTargets: readonly ExtractionTarget[]): Grader {
  return (input: GraderInput): Grade => {
    const match = lightevalExtractiveMatch(input.gold, input.response, {
      goldTargets,
      predictionTargets: PREDICTION_TARGETS,
      precision: PRECISION_DECIMALS,
    });
    const [first] = match.prediction;
    if (first === undefined) {
      return { isCorrect: false, score: 0, extracted: null, isUnparsed: true, reason: "no answer extracted" };
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
export const lightevalExpr: Grader = createLightevalMathGrader([{ kind: "expr" }]);
/** lighteval `latex_gold_metric` (math_500): gold read as LaTeX, its \boxed{} at priority 55. */
export const lightevalLatex: Grader = createLightevalMathGrader([{ kind: "latex", boxedMatchPriority: 55 }]);
