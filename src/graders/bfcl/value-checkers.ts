// BFCL's value comparisons: string_checker, list_checker, dict_checker, list_dict_checker (ast_checker.py).
import {
  isPythonDict,
  PythonRuntimeError,
  pythonContains,
  pythonIncludes,
  pythonIndexedItems,
  pythonRepr,
  pythonTypeName,
} from "../python-value.js";
import { standardizeString } from "./standardize-string.js";
import type { BfclVerdict } from "./types.js";

const VALID: BfclVerdict = { valid: true, errors: [] };

function standardizeIfString(value: unknown): unknown {
  return typeof value === "string" ? standardizeString(value) : value;
}

/** Strings compare after standardisation against the possible answers that are strings. */
export function stringChecker(param: string, modelOutput: string, possibleAnswer: unknown[]): BfclVerdict {
  const standardized = possibleAnswer.filter((item) => typeof item === "string").map(standardizeString);
  if (standardized.includes(standardizeString(modelOutput))) return VALID;
  return {
    valid: false,
    errors: [
      `Invalid value for parameter ${pythonRepr(param)}: ${pythonRepr(modelOutput)}. Expected one of ${pythonRepr(possibleAnswer)}. Case insensitive.`,
    ],
    errorType: "value_error:string",
  };
}

/** Lists (order matters) compare with their string items standardised, against each possible list. */
export function listChecker(param: string, modelOutput: unknown[], possibleAnswer: unknown[]): BfclVerdict {
  const standardized = modelOutput.map(standardizeIfString);
  const candidates = possibleAnswer.map((option) => pythonIndexedItems(option).map(standardizeIfString));
  if (pythonIncludes(candidates, standardized)) return VALID;
  return {
    valid: false,
    errors: [
      `Invalid value for parameter ${pythonRepr(param)}: ${pythonRepr(modelOutput)}. Expected one of ${pythonRepr(possibleAnswer)}.`,
    ],
    errorType: "value_error:list/tuple",
  };
}

function lookUp(container: unknown, key: string): unknown {
  if (isPythonDict(container) && Object.hasOwn(container, key)) return container[key];
  throw new PythonRuntimeError(`KeyError: ${pythonRepr(key)}`);
}

/** Dicts: each key must be allowed and its (standardised) value among the options; keys without `""` required. */
export function dictChecker(_param: string, modelOutput: unknown, possibleAnswers: unknown[]): BfclVerdict {
  let result: BfclVerdict = { valid: false, errors: [], errorType: "dict_checker:unclear" };
  for (const possibleAnswer of possibleAnswers) {
    if (possibleAnswer === "") continue;
    result = { valid: false, errors: [], errorType: "dict_checker:unclear" };
    let isMatch = true;
    if (!isPythonDict(modelOutput)) {
      throw new PythonRuntimeError(
        `AttributeError: '${pythonTypeName(modelOutput)}' object has no attribute 'items'`,
      );
    }
    for (const [key, value] of Object.entries(modelOutput)) {
      if (!pythonContains(possibleAnswer, key)) {
        result.errors.push(`Unexpected dict key parameter: '${key}'.`);
        result.errorType = "value_error:dict_key";
        isMatch = false;
        break;
      }
      const options = pythonIndexedItems(lookUp(possibleAnswer, key)).map(standardizeIfString);
      if (!pythonIncludes(options, standardizeIfString(value))) {
        result.errors.push(
          `Invalid value for parameter ${pythonRepr(key)}: ${pythonRepr(value)}. Expected one of ${pythonRepr(options)}.`,
        );
        result.errorType = "value_error:dict_value";
        isMatch = false;
        break;
      }
    }
    if (!isPythonDict(possibleAnswer)) {
      throw new PythonRuntimeError(
        `AttributeError: '${pythonTypeName(possibleAnswer)}' object has no attribute 'items'`,
      );
    }
    for (const [key, value] of Object.entries(possibleAnswer)) {
      if (!Object.hasOwn(modelOutput, key) && !pythonContains(value, "")) {
        result.errors.push(`Missing dict key parameter: '${key}'.`);
        result.errorType = "value_error:dict_key";
        isMatch = false;
        break;
      }
    }
    if (isMatch) return VALID;
  }
  return result;
}

/** Lists of dicts: same length as a possible list, each dict checked in order against its counterpart. */
export function listDictChecker(
  param: string,
  modelOutput: unknown[],
  possibleAnswers: unknown[],
): BfclVerdict {
  let result: BfclVerdict = { valid: false, errors: [], errorType: "list_dict_checker:unclear" };
  for (const possibleAnswer of possibleAnswers) {
    const expectedDicts = pythonIndexedItems(possibleAnswer);
    if (modelOutput.length !== expectedDicts.length) {
      result = {
        valid: false,
        errors: ["Wrong number of dictionaries in the list."],
        errorType: "value_error:list_dict_count",
      };
      continue;
    }
    let isMatch = true;
    for (const [index, item] of modelOutput.entries()) {
      result = dictChecker(param, item, [expectedDicts[index]]);
      if (!result.valid) {
        isMatch = false;
        break;
      }
    }
    if (isMatch) return VALID;
  }
  return result;
}
