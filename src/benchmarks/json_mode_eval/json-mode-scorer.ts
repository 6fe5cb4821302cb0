// TensorRT-LLM's JsonModeEval score (NVIDIA/TensorRT-LLM tensorrt_llm/evaluate/json_mode_eval.py
// @0ad3f5d547397ddfd4df435967727d8a633a3149, `compute_score`): the answer parsed as JSON and validated against the
// row's schema (`jsonschema.validate`; here Ajv, JSON Schema 2020-12, formats not asserted, unknown keywords
// ignored, as jsonschema does by default) — a parse or validation failure is wrong — then correct when it equals the
// reference completion with Python's `==`. Schema validity is reported beside it (`schema_valid`, TensorRT-LLM's
// "grammar accuracy").
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { ScorerFunction, ScorerInput } from "../../byob/scorer.js";
import { scorer } from "../../byob/scorer.js";
import { pythonJsonEqual } from "./json-equal.js";

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const validators = new Map<string, ValidateFunction | Error>();

/** The schema's validator, compiled once per schema text; a schema Ajv cannot compile is kept as its error. */
function validatorOf(schemaText: string): ValidateFunction | Error {
  let validator = validators.get(schemaText);
  if (validator === undefined) {
    try {
      validator = ajv.compile(JSON.parse(schemaText) as object);
    } catch (error) {
      validator = error instanceof Error ? error : new Error(String(error));
    }
    validators.set(schemaText, validator);
  }
  return validator;
}

/** The schema as text, whether the row holds it as text or as an object. */
const textOf = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

export const jsonModeScorer: ScorerFunction = scorer(function json_mode_eval(sample: ScorerInput) {
  const schemaText = textOf(sample.metadata["schema"]);
  const reference = JSON.parse(textOf(sample.metadata["completion"])) as unknown;
  let output: unknown;
  try {
    output = JSON.parse(sample.response);
  } catch {
    return { correct: false, schema_valid: false, reason: "not JSON" };
  }
  const validate = validatorOf(schemaText);
  if (validate instanceof Error) {
    throw new Error(`the row's schema cannot be compiled: ${validate.message}`);
  }
  if (!validate(output)) {
    const first = validate.errors?.[0];
    return {
      correct: false,
      schema_valid: false,
      reason: `not valid against the schema: ${first?.instancePath || "/"} ${first?.message ?? ""}`.trim(),
    };
  }
  const isEqual = pythonJsonEqual(output, reference);
  return {
    correct: isEqual,
    schema_valid: true,
    reason: isEqual ? "equal to the reference" : "valid, but not the reference",
  };
});
