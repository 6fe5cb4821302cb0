// Grades a BFCL answer as BFCL's eval_runner does: decode it (FC tool calls, or prompting text), then the AST
// checker (AST categories) or the relevance check; `details` say which check failed and why.
import { checkBfclAst } from "../../graders/bfcl/check-bfcl-ast.js";
import { checkBfclRelevance } from "../../graders/bfcl/check-bfcl-relevance.js";
import { decodeBfclPrompting } from "../../graders/bfcl/decode-prompting.js";
import { decodeBfclToolCalls } from "../../graders/bfcl/decode-tool-calls.js";
import type { BfclDecodeResult, BfclVerdict } from "../../graders/bfcl/types.js";
import { pythonRepr } from "../../graders/python-value.js";
import type { AnswerToScore, RecipeScorer, ScorerOutput } from "../types.js";
import { isRelevanceCategory } from "./bfcl-categories.js";
import type { BfclBenchmarkSample } from "./bfcl-sample.js";

export type BfclMode = "fc" | "prompting";

/** The answer decoded as BFCL's handler decodes it: tool calls (FC) or text in the category's language (prompting). */
export function decodeBfclAnswer(answer: AnswerToScore, mode: BfclMode): BfclDecodeResult {
  const sample = answer.sample as BfclBenchmarkSample;
  if (mode === "fc") {
    const toolCalls = answer.toolCalls?.map((call) => ({
      function: { name: call.name, arguments: call.arguments },
    }));
    return decodeBfclToolCalls({
      content: answer.response,
      ...(toolCalls === undefined ? {} : { tool_calls: toolCalls }),
    });
  }
  // Relevance entries are decoded as Python whatever the category (_evaluate_single_relevance_entry).
  return decodeBfclPrompting(answer.response, isRelevanceCategory(sample.task) ? "python" : sample.language);
}

const DECODER_ERROR_TYPES = {
  error: "ast_decoder:decoder_failed",
  "wrong-format": "ast_decoder:decoder_wrong_output_format",
} as const;

/** BFCL's verdict on a decoded answer (_evaluate_single_ast_entry / _evaluate_single_relevance_entry). */
export function bfclVerdict(
  sample: BfclBenchmarkSample,
  decoded: BfclDecodeResult,
  mode: BfclMode,
): BfclVerdict {
  if (isRelevanceCategory(sample.task)) return checkBfclRelevance({ category: sample.task, decoded });
  if (decoded.status !== "ok") {
    const message =
      decoded.status === "error"
        ? `Invalid syntax. Failed to decode AST. ${decoded.error}`
        : "Did not output in the specified format. Note: the model_result is wrapped in a string to ensure json serializability.";
    return { valid: false, errorType: DECODER_ERROR_TYPES[decoded.status], errors: [message] };
  }
  return checkBfclAst({
    functions: sample.functions,
    calls: decoded.calls,
    possibleAnswer: sample.possibleAnswer,
    language: sample.language,
    category: sample.task,
    isUnderscoreToDot: mode === "fc",
  });
}

/** The decoded calls as BFCL logs them: `[{name: {param: value}}]` in Python's repr. */
function decodedText(decoded: BfclDecodeResult): string | null {
  if (decoded.status !== "ok") return null;
  return pythonRepr(decoded.calls.map((call) => ({ [call.name]: call.arguments })));
}

export function bfclScorer(mode: BfclMode): RecipeScorer {
  return {
    name: `bfcl ${mode === "fc" ? "FC" : "prompting"} decode + ast_checker`,
    async score(answer: AnswerToScore): Promise<ScorerOutput> {
      const sample = answer.sample as BfclBenchmarkSample;
      const decoded = decodeBfclAnswer(answer, mode);
      const verdict = bfclVerdict(sample, decoded, mode);
      const calls = decodedText(decoded);
      return {
        correct: verdict.valid,
        reason: verdict.valid ? "valid" : (verdict.errorType ?? "invalid"),
        ...(calls === null ? {} : { extracted: calls }),
        details: {
          error_type: verdict.errorType ?? null,
          errors: verdict.errors,
          decoded: calls,
          ...(decoded.status === "ok" ? {} : { decode_error: decoded.error }),
        },
      };
    },
  };
}
