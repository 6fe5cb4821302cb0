// BFCL's simple_function_checker: one decoded call against one function doc and its possible answer.

import {
  isPythonDict,
  PythonFloat,
  PythonRuntimeError,
  PythonTuple,
  pythonContains,
  pythonIndexedItems,
  pythonRepr,
  pythonTypeName,
} from "../python-value.js";
import { JAVA_TYPE_CONVERSION, javaTypeConverter } from "./java-type-converter.js";
import { JS_TYPE_CONVERSION, jsTypeConverter } from "./js-type-converter.js";
import { type ExpectedPythonType, typeChecker } from "./type-checker.js";
import type { BfclCall, BfclFunctionDoc, BfclLanguage, BfclPossibleAnswer, BfclVerdict } from "./types.js";
import { dictChecker, listChecker, listDictChecker, stringChecker } from "./value-checkers.js";

/** BFCL's PYTHON_TYPE_MAPPING (ast_checker.py): Gorilla type name → Python type. */
export const PYTHON_TYPE_MAPPING = {
  string: "str",
  integer: "int",
  float: "float",
  boolean: "bool",
  array: "list",
  tuple: "list",
  dict: "dict",
  any: "str",
} as const satisfies Record<string, ExpectedPythonType>;

const PYTHON_NESTED_TYPE_CHECK_LIST = ["array", "tuple"];
const NESTED_CONVERSION_TYPE_LIST = ["Array", "ArrayList", "array"];

export interface FunctionCheckOptions {
  language: BfclLanguage;
  /** The model config's `underscore_to_dot`: expected names have `.` replaced by `_` (FC models such as OpenAI's). */
  isUnderscoreToDot: boolean;
}

function lookUpType(mapping: Record<string, ExpectedPythonType>, type: unknown): ExpectedPythonType {
  if (typeof type === "string" && Object.hasOwn(mapping, type)) return mapping[type] as ExpectedPythonType;
  throw new PythonRuntimeError(`KeyError: ${pythonRepr(type)}`);
}

function itemsType(details: Record<string, unknown>): unknown {
  const items = details["items"];
  if (!isPythonDict(items)) throw new PythonRuntimeError("KeyError: 'items'");
  if (!Object.hasOwn(items, "type")) throw new PythonRuntimeError("KeyError: 'type'");
  return items["type"];
}

/** convert_func_name: with `underscore_to_dot`, a dotted name is expected with `_` for each `.`. */
export function convertFunctionName(name: string, isUnderscoreToDot: boolean): string {
  return isUnderscoreToDot && name.includes(".") ? name.replaceAll(".", "_") : name;
}

function invalid(errorType: string, message: string): BfclVerdict {
  return { valid: false, errors: [message], errorType };
}

interface TypedValue {
  value: unknown;
  expectedType: ExpectedPythonType;
  nestedType: ExpectedPythonType | undefined;
}

/** The value as the language's checker sees it (Java/JavaScript source text converted), or a type error. */
function typedValue(
  param: string,
  rawValue: unknown,
  details: Record<string, unknown>,
  language: BfclLanguage,
): TypedValue | BfclVerdict {
  const typeDescription = details["type"];
  if (language === "python") {
    const expectedType = lookUpType(PYTHON_TYPE_MAPPING, typeDescription);
    const nestedType = PYTHON_NESTED_TYPE_CHECK_LIST.includes(typeDescription as string)
      ? lookUpType(PYTHON_TYPE_MAPPING, itemsType(details))
      : undefined;
    return { value: rawValue, expectedType, nestedType };
  }
  const mapping: Record<string, ExpectedPythonType> =
    language === "java" ? JAVA_TYPE_CONVERSION : JS_TYPE_CONVERSION;
  const convert = language === "java" ? javaTypeConverter : jsTypeConverter;
  const expectedType = lookUpType(mapping, typeDescription);
  if (typeof rawValue !== "string") {
    return invalid(
      language === "java" ? "type_error:java" : "type_error:js",
      `Incorrect type for parameter ${pythonRepr(param)}. Expected type String, got ${pythonTypeName(rawValue)}. Parameter value: ${pythonRepr(rawValue)}.`,
    );
  }
  const description = typeDescription as string;
  if (NESTED_CONVERSION_TYPE_LIST.includes(description)) {
    const nestedDescription = itemsType(details);
    const nestedType = lookUpType(mapping, nestedDescription);
    return { value: convert(rawValue, description, nestedDescription as string), expectedType, nestedType };
  }
  return { value: convert(rawValue, description), expectedType, nestedType: undefined };
}

function isVerdict(value: TypedValue | BfclVerdict): value is BfclVerdict {
  return "valid" in value;
}

/**
 * BFCL's simple_function_checker: the name (after convert_func_name), required parameters, no unknown parameter,
 * each value's type and value, and every omitted parameter allowed to be omitted (`""` among its answers).
 * Throws `PythonRuntimeError` where BFCL's Python would raise.
 */
export function simpleFunctionChecker(
  functionDoc: BfclFunctionDoc,
  call: BfclCall,
  possibleAnswer: BfclPossibleAnswer,
  options: FunctionCheckOptions,
): BfclVerdict {
  const expectedParams = Object.values(possibleAnswer)[0] ?? {};
  const details = functionDoc.parameters.properties;
  const required = functionDoc.parameters.required;
  if (required === undefined) throw new PythonRuntimeError("KeyError: 'required'");
  const functionName = convertFunctionName(functionDoc.name, options.isUnderscoreToDot);

  if (call.name !== functionName) {
    return invalid(
      "simple_function_checker:wrong_func_name",
      `Function name ${pythonRepr(functionName)} not found in model output.`,
    );
  }
  const modelParams = call.arguments;
  for (const param of required) {
    if (!Object.hasOwn(modelParams, param)) {
      return invalid(
        "simple_function_checker:missing_required",
        `Missing required parameter: ${pythonRepr(param)}.`,
      );
    }
  }

  for (const [param, rawValue] of Object.entries(modelParams)) {
    if (!Object.hasOwn(details, param) || !Object.hasOwn(expectedParams, param)) {
      return invalid(
        "simple_function_checker:unexpected_param",
        `Unexpected parameter: ${pythonRepr(param)}.`,
      );
    }
    const paramDetails = details[param];
    if (!isPythonDict(paramDetails))
      throw new PythonRuntimeError("TypeError: parameter details are not a dict");
    const typed = typedValue(param, rawValue, paramDetails, options.language);
    if (isVerdict(typed)) return typed;
    const typeDescription = paramDetails["type"] as string;
    let value = typed.value;
    if (typeDescription === "tuple" && value instanceof PythonTuple) value = [...value.items];
    if (options.language === "python" && typeDescription === "float" && pythonTypeName(value) === "int") {
      value = new PythonFloat(Number(value));
    }
    const rawAnswers = expectedParams[param];
    const answers = pythonIndexedItems(rawAnswers);
    const typeResult = typeChecker(
      param,
      value,
      answers,
      typeDescription,
      typed.expectedType,
      typed.nestedType,
    );
    if (!typeResult.valid) {
      return {
        valid: false,
        errors: typeResult.errors,
        ...(typeResult.errorType === undefined ? {} : { errorType: typeResult.errorType }),
      };
    }

    if (!typeResult.isVariable) {
      let result: BfclVerdict | undefined;
      if (typed.expectedType === "dict") result = dictChecker(param, value, answers);
      else if (typed.expectedType === "list" && typed.nestedType === "dict") {
        result = listDictChecker(param, value as unknown[], answers);
      } else if (typed.expectedType === "str") result = stringChecker(param, value as string, answers);
      else if (typed.expectedType === "list") result = listChecker(param, value as unknown[], answers);
      if (result !== undefined) {
        if (!result.valid) return result;
        continue;
      }
    }

    if (!pythonContains(rawAnswers, value)) {
      return invalid(
        "value_error:others",
        `Invalid value for parameter ${pythonRepr(param)}: ${pythonRepr(value)}. Expected one of ${pythonRepr(answers)}.`,
      );
    }
  }

  for (const [param, answers] of Object.entries(expectedParams)) {
    if (!Object.hasOwn(modelParams, param) && !pythonContains(answers, "")) {
      return invalid(
        "simple_function_checker:missing_optional",
        `Optional parameter ${pythonRepr(param)} not provided and not marked as optional.`,
      );
    }
  }
  return { valid: true, errors: [] };
}
