// The structured-output constraint of a request, in the style the server understands (`--structured-output-style`):
// OpenAI's `response_format: {type: "json_schema", json_schema: {name, schema, strict}}` (OpenAI, vLLM, SGLang,
// TensorRT-LLM's OpenAI server), vLLM's `guided_json` extension (≤ 0.9) and its `structured_outputs: {json}` (≥ 0.10),
// SGLang's `json_schema` sampling parameter (the schema as JSON text).
import type { StructuredOutputStyle } from "../core/structured-output-style.js";
import type { Row } from "../datasets/types.js";
import { DatasetError } from "../errors.js";

/** `row[field]` as a JSON schema object (the column may hold the object or its JSON text). */
export function schemaOf(row: Row, field: string, where: string): Record<string, unknown> {
  let value: unknown = row[field];
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      throw new DatasetError(`${where}: field "${field}" is text that is not a JSON schema.`);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new DatasetError(`${where}: field "${field}" is not a JSON schema object.`);
  }
  return value as Record<string, unknown>;
}

/** The request-body fields that carry `schema` in `style`. */
export function structuredOutputBody(
  schema: Record<string, unknown>,
  style: StructuredOutputStyle,
): Record<string, unknown> {
  switch (style) {
    case "response_format":
      return {
        response_format: { type: "json_schema", json_schema: { name: "output", schema, strict: true } },
      };
    case "guided_json":
      return { guided_json: schema };
    case "structured_outputs":
      return { structured_outputs: { json: schema } };
    case "json_schema":
      return { json_schema: JSON.stringify(schema) };
  }
}

export { STRUCTURED_OUTPUT_STYLES, type StructuredOutputStyle } from "../core/structured-output-style.js";
