// BFCL's relevance / irrelevance verdict (_evaluate_single_relevance_entry in eval_runner.py).
import type { BfclDecodeResult, BfclVerdict } from "./types.js";

/**
 * Whether the decoded answer holds a function call (BFCL's `is_empty_output`: a failed decode, a result not in
 * function-call format, and `[]` hold none). Irrelevance categories (`irrelevance`, `live_irrelevance`) are correct
 * without a call, the others (`live_relevance`) with one; BFCL decodes both as Python.
 */
export function checkBfclRelevance(input: { category: string; decoded: BfclDecodeResult }): BfclVerdict {
  const { category, decoded } = input;
  const hasCall = decoded.status === "ok" && decoded.calls.length > 0;
  if (category.includes("irrelevance")) {
    return hasCall
      ? {
          valid: false,
          errors: ["Valid syntax. Successfully decode AST when it should not."],
          errorType: "irrelevance_error:decoder_success",
        }
      : { valid: true, errors: [] };
  }
  if (hasCall) return { valid: true, errors: [] };
  const decodeError = decoded.status === "error" ? decoded.error : "None";
  return {
    valid: false,
    errors: [`Invalid syntax. Failed to decode AST when it should have. ${decodeError}`],
    errorType: "relevance_error:decoder_failed",
  };
}
