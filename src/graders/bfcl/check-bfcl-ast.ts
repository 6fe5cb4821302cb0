// BFCL's ast_checker for one sample: simple, multiple, parallel and parallel_multiple (live_* alike).
import { PythonRuntimeError, pythonRepr } from "../python-value.js";
import { simpleFunctionChecker } from "./simple-function-checker.js";
import type { BfclCall, BfclFunctionDoc, BfclLanguage, BfclPossibleAnswer, BfclVerdict } from "./types.js";

export interface BfclAstInput {
  functions: BfclFunctionDoc[];
  calls: BfclCall[];
  /** The sample's `ground_truth`: one `{name: {param: [options]}}` per expected call. */
  possibleAnswer: BfclPossibleAnswer[];
  language: BfclLanguage;
  /** BFCL's test category (`simple_python`, `live_parallel_multiple`…): "parallel" or "multiple" in it selects the checker. */
  category: string;
  /** The model config's `underscore_to_dot` (BFCL sets it for FC models whose APIs reject `.` in tool names). */
  isUnderscoreToDot?: boolean;
}

function findDescription(functions: BfclFunctionDoc[], name: string): BfclFunctionDoc {
  const found = functions.find((functionDoc) => functionDoc.name === name);
  if (found === undefined) throw new PythonRuntimeError("TypeError: 'NoneType' object is not subscriptable");
  return found;
}

function expectedName(answer: BfclPossibleAnswer | undefined): string {
  const name = Object.keys(answer ?? {})[0];
  if (name === undefined) throw new PythonRuntimeError("IndexError: list index out of range");
  return name;
}

function wrongCount(checker: string): BfclVerdict {
  return { valid: false, errors: ["Wrong number of functions."], errorType: `${checker}:wrong_count` };
}

function parallelNoOrder(
  input: BfclAstInput,
  options: Parameters<typeof simpleFunctionChecker>[3],
): BfclVerdict {
  const { calls, possibleAnswer } = input;
  if (calls.length !== possibleAnswer.length) return wrongCount("parallel_function_checker_no_order");
  const matched = new Set<number>();
  for (const [answerIndex, answer] of possibleAnswer.entries()) {
    const functionDoc = findDescription(input.functions, expectedName(answer));
    const subErrors: string[] = [];
    let isFound = false;
    for (const [callIndex, call] of calls.entries()) {
      if (matched.has(callIndex)) continue;
      const result = simpleFunctionChecker(functionDoc, call, answer, options);
      if (result.valid) {
        matched.add(callIndex);
        isFound = true;
        break;
      }
      subErrors.push(
        `Model Result Index ${callIndex}: ${result.errorType ?? ""}: ${result.errors.join(" ")}`,
      );
    }
    if (!isFound) {
      const considered = calls.map((_, index) => index).filter((index) => !matched.has(index));
      return {
        valid: false,
        errors: [
          `Could not find a matching function among index ${pythonRepr(considered)} of model output for index ${answerIndex} of possible answers.`,
          ...subErrors,
        ],
        errorType: "parallel_function_checker_no_order:cannot_find_match",
      };
    }
  }
  return { valid: true, errors: [] };
}

function dispatch(input: BfclAstInput): BfclVerdict {
  const options = { language: input.language, isUnderscoreToDot: input.isUnderscoreToDot ?? false };
  if (input.category.includes("parallel")) return parallelNoOrder(input, options);
  if (input.category.includes("multiple")) {
    if (input.calls.length !== input.possibleAnswer.length) return wrongCount("multiple_function_checker");
    const answer = input.possibleAnswer[0];
    const functionDoc = findDescription(input.functions, expectedName(answer));
    const [call] = input.calls;
    if (answer === undefined || call === undefined)
      throw new PythonRuntimeError("IndexError: list index out of range");
    return simpleFunctionChecker(functionDoc, call, answer, options);
  }
  if (input.calls.length !== 1) {
    return {
      valid: false,
      errors: ["Wrong number of functions."],
      errorType: "simple_function_checker:wrong_count",
    };
  }
  const [functionDoc] = input.functions;
  const [call] = input.calls;
  const [answer] = input.possibleAnswer;
  if (functionDoc === undefined || call === undefined || answer === undefined) {
    throw new PythonRuntimeError("IndexError: list index out of range");
  }
  return simpleFunctionChecker(functionDoc, call, answer, options);
}

/**
 * BFCL's ast_checker: "parallel" categories match calls to answers in any order (greedy, first match wins),
 * "multiple" ones check the single expected function among several docs, the rest need exactly one call.
 * Where BFCL's Python would raise (malformed data or values), the verdict is invalid with error type
 * `checker_exception` (BFCL itself would stop the run).
 */
export function checkBfclAst(input: BfclAstInput): BfclVerdict {
  try {
    return dispatch(input);
  } catch (error) {
    if (!(error instanceof PythonRuntimeError)) throw error;
    return { valid: false, errors: [error.message], errorType: "checker_exception" };
  }
}
