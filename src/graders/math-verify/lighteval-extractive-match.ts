// lighteval's MultilingualExtractiveMatchMetric (English): extract gold and prediction, then compare every pair.
// Facts read in huggingface/lighteval src/lighteval/metrics/dynamic_metrics.py and metrics.py@3fd15266bc8448b797e61462d293aa3fd40b3580
import type { ExtractionTarget } from "./extraction-patterns.js";
import { extractAnswers, extractAnswersCached, type ParsedAnswer } from "./parse-answer.js";
import { verifyAnswer } from "./verify-answer.js";

export interface ExtractiveMatchConfig {
  goldTargets: readonly ExtractionTarget[];
  predictionTargets: readonly ExtractionTarget[];
  /** lighteval's `precision` (decimal places floats are rounded to); "unusable" as lighteval 0.10's math metric. */
  precision: number | "unusable";
  fallbackMode?: "no_fallback" | "first_match";
  /** "raw" (≥ 0.11's compute): a gold nothing is extracted from is compared as its text; "none": never equal. */
  goldFallback?: "raw" | "none";
  /** True (0.10's `PassAtK` calls `compare_gold_target(pred, gold)`): the prediction in the gold's place. */
  isSwapped?: boolean;
}

export interface ExtractiveMatch {
  isCorrect: boolean;
  gold: ParsedAnswer[];
  prediction: ParsedAnswer[];
  /** Priority of the prediction's successful match (0 best, 300 a bare number); undefined when nothing parsed. */
  predictionPriority: number | undefined;
}

/** compute(): a gold nothing could be extracted from is compared as its raw text. */
export function lightevalExtractiveMatch(
  gold: string,
  prediction: string,
  config: ExtractiveMatchConfig,
): ExtractiveMatch {
  const fallbackMode = config.fallbackMode ?? "first_match";
  const goldExtraction = extractAnswersCached(gold, {
    targets: config.goldTargets,
    flavor: "lighteval",
    fallbackMode,
  });
  const goldAnswers =
    goldExtraction.answers.length > 0 || config.goldFallback === "none" ? goldExtraction.answers : [gold];
  const predicted = extractAnswers(prediction, {
    targets: config.predictionTargets,
    flavor: "lighteval",
    fallbackMode,
  });
  const [left, right] =
    config.isSwapped === true ? [predicted.answers, goldAnswers] : [goldAnswers, predicted.answers];
  const isCorrect = verifyAnswer(left, right, { floatRounding: config.precision });
  return {
    isCorrect,
    gold: goldAnswers,
    prediction: predicted.answers,
    predictionPriority: predicted.priority,
  };
}
