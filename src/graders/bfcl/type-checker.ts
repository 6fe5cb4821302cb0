// BFCL's type_checker: a value against the parameter's declared type, or "a variable" of the possible answer's type.
import { type PythonTypeName, pythonIndexedItems, pythonRepr, pythonTypeName } from "../python-value.js";

/** A Python type object as BFCL's type maps name it (`str`, `int`, … and `set` for Java's Set). */
export type ExpectedPythonType = PythonTypeName | "set";

export interface TypeCheckResult {
  valid: boolean;
  errors: string[];
  isVariable: boolean;
  errorType?: string;
}

/** get_possible_answer_type: the type of the first possible answer that is not `""`. */
function possibleAnswerType(possibleAnswer: unknown): PythonTypeName | undefined {
  const first = pythonIndexedItems(possibleAnswer).find((answer) => answer !== "");
  return first === undefined ? undefined : pythonTypeName(first);
}

/** Python's `str(<type>)`, as BFCL prints the inner type: `<class 'int'>`. */
export function pythonTypeObjectString(type: ExpectedPythonType): string {
  return `<class '${type}'>`;
}

/**
 * BFCL's type_checker(param, value, possible_answer, expected_type_description, expected_type_converted,
 * nested_type_converted). Nested types are checked one level deep against each possible list.
 */
export function typeChecker(
  param: string,
  value: unknown,
  possibleAnswer: unknown,
  expectedTypeDescription: string,
  expectedType: ExpectedPythonType,
  nestedType: ExpectedPythonType | undefined,
): TypeCheckResult {
  const result: TypeCheckResult = {
    valid: true,
    errors: [],
    isVariable: false,
    errorType: "type_error:simple",
  };
  const answerType = possibleAnswerType(possibleAnswer);
  const isVariable = answerType !== undefined && answerType !== expectedType;
  const valueType = pythonTypeName(value);

  if (valueType === expectedType) {
    if (nestedType === undefined) {
      result.isVariable = isVariable;
      return result;
    }
    for (const option of pythonIndexedItems(possibleAnswer)) {
      let isMatch = true;
      if (Array.isArray(option)) {
        for (const item of value as unknown[]) {
          const itemResult = typeChecker(
            param,
            item,
            option,
            pythonTypeObjectString(nestedType),
            nestedType,
            undefined,
          );
          if (!itemResult.valid) {
            isMatch = false;
            break;
          }
        }
      }
      if (isMatch) return { valid: true, errors: [], isVariable };
    }
    result.valid = false;
    result.errors = [
      `Nested type checking failed for parameter ${pythonRepr(param)}. Expected outer type ${expectedTypeDescription} with inner type ${pythonTypeObjectString(nestedType)}. Parameter value: ${pythonRepr(value)}.`,
    ];
    result.errorType = "type_error:nested";
  }

  if (answerType !== undefined && valueType === answerType) {
    result.isVariable = true;
    return result;
  }
  result.valid = false;
  result.errors.push(
    `Incorrect type for parameter ${pythonRepr(param)}. Expected type ${expectedTypeDescription}, got ${valueType}. Parameter value: ${pythonRepr(value)}.`,
  );
  result.errorType = "type_error:simple";
  return result;
}
