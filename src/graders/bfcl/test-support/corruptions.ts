// Test support: systematic corruptions of a sample's gold calls, each with the verdict BFCL must give.

import { isPythonDict, PythonFloat, pythonTypeName } from "../../python-value.js";
import { type BfclSample, type GoldCall, goldArguments, RawValue } from "../gold-answers.js";
import { PYTHON_TYPE_MAPPING } from "../simple-function-checker.js";
import type { BfclLanguage } from "../types.js";

export const CORRUPTIONS = [
  "wrong-value",
  "missing-required",
  "extra-call",
  "wrong-type",
  "unknown-parameter",
  "swapped-order",
  "dropped-optional",
] as const;
export type Corruption = (typeof CORRUPTIONS)[number];

export interface CorruptedCase {
  corruption: Corruption;
  calls: GoldCall[];
  isValid: boolean;
}

function details(sample: BfclSample, name: string, param: string): Record<string, unknown> {
  const value = sample.functions.find((doc) => doc.name === name)?.parameters.properties[param];
  return isPythonDict(value) ? value : {};
}

function changedValue(value: unknown): unknown {
  if (typeof value === "string") return `${value}_zz_wrong`;
  if (typeof value === "boolean") return !value;
  if (typeof value === "number") return value + 1000;
  if (value instanceof PythonFloat) return new PythonFloat(value.value + 1000);
  if (Array.isArray(value)) return [...value, value[0] ?? "zz_wrong"];
  if (isPythonDict(value)) return { ...value, zz_wrong_key: "zz" };
  return "zz_wrong";
}

/** A value whose Python type is neither the declared type nor the possible answers' type. */
function wrongTyped(declaredType: string, answers: unknown[]): RawValue {
  const forbidden = new Set<string>([
    PYTHON_TYPE_MAPPING[declaredType as keyof typeof PYTHON_TYPE_MAPPING] ?? "",
  ]);
  for (const answer of answers) if (answer !== "") forbidden.add(pythonTypeName(answer));
  if (declaredType === "float") forbidden.add("int");
  const candidates: unknown[] = [{ zz_key: 1 }, true, "zz_text"];
  return new RawValue(candidates.find((candidate) => !forbidden.has(pythonTypeName(candidate))));
}

function withCall(calls: GoldCall[], index: number, call: GoldCall): GoldCall[] {
  return calls.map((existing, position) => (position === index ? call : existing));
}

/**
 * The corruptions that apply to the sample: each changes the first call (or the call list) so that BFCL must
 * reject it — or, for swapped order in parallel categories and a dropped optional parameter, accept it.
 */
export function corruptedCases(
  sample: BfclSample,
  category: string,
  language: BfclLanguage,
): CorruptedCase[] {
  const calls = sample.possibleAnswer.map(goldArguments);
  const [first] = calls;
  const firstAnswer = sample.possibleAnswer[0];
  if (first === undefined || firstAnswer === undefined) return [];
  const [name, args] = first;
  const expected = Object.values(firstAnswer)[0] ?? {};
  const doc = sample.functions.find((functionDoc) => functionDoc.name === name);
  const required = doc?.parameters.required ?? [];
  const cases: CorruptedCase[] = [];
  const isParallel = category.includes("parallel");

  const valued = Object.entries(args).find(([param, value]) => {
    const options = expected[param] ?? [];
    return !options.some((option) => option !== "" && pythonTypeName(option) !== pythonTypeName(value));
  });
  if (valued !== undefined) {
    const [param, value] = valued;
    cases.push({
      corruption: "wrong-value",
      calls: withCall(calls, 0, [name, { ...args, [param]: changedValue(value) }]),
      isValid: false,
    });
  }
  const requiredPresent = required.find((param) => Object.hasOwn(args, param));
  if (requiredPresent !== undefined) {
    const { [requiredPresent]: _removed, ...rest } = args;
    cases.push({ corruption: "missing-required", calls: withCall(calls, 0, [name, rest]), isValid: false });
  }
  cases.push({ corruption: "extra-call", calls: [...calls, first], isValid: false });
  const [typedParam] = Object.keys(args);
  if (
    typedParam !== undefined &&
    (language !== "python" ||
      Object.hasOwn(PYTHON_TYPE_MAPPING, String(details(sample, name, typedParam)["type"])))
  ) {
    const declared = String(details(sample, name, typedParam)["type"]);
    const raw =
      language === "python" ? wrongTyped(declared, expected[typedParam] ?? []) : new RawValue(12345);
    cases.push({
      corruption: "wrong-type",
      calls: withCall(calls, 0, [name, { ...args, [typedParam]: raw }]),
      isValid: false,
    });
  }
  cases.push({
    corruption: "unknown-parameter",
    calls: withCall(calls, 0, [name, { ...args, zz_unknown_param: language === "python" ? 1 : "1" }]),
    isValid: false,
  });
  if (isParallel && calls.length > 1)
    cases.push({ corruption: "swapped-order", calls: [...calls].reverse(), isValid: true });
  const optional = Object.keys(args).find(
    (param) => !required.includes(param) && (expected[param] ?? []).includes(""),
  );
  if (optional !== undefined && !isParallel) {
    const { [optional]: _dropped, ...rest } = args;
    cases.push({ corruption: "dropped-optional", calls: withCall(calls, 0, [name, rest]), isValid: true });
  }
  return cases;
}
