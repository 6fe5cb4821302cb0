// BFCL's FC tool list for OpenAI chat completions (convert_to_tool with GORILLA_TO_OPENAPI, ModelStyle.OPENAI_COMPLETIONS).
import { clonePythonValue, isPythonDict, PythonRuntimeError } from "../python-value.js";
import type { BfclFunctionDoc } from "./types.js";

/** BFCL's GORILLA_TO_OPENAPI type names. */
export const GORILLA_TO_OPENAPI: Record<string, string> = {
  integer: "integer",
  number: "number",
  float: "number",
  string: "string",
  boolean: "boolean",
  bool: "boolean",
  array: "array",
  list: "array",
  dict: "object",
  object: "object",
  tuple: "array",
  any: "string",
  byte: "integer",
  short: "integer",
  long: "integer",
  double: "number",
  char: "string",
  ArrayList: "array",
  Array: "array",
  HashMap: "object",
  Hashtable: "object",
  Queue: "array",
  Stack: "array",
  Any: "string",
  String: "string",
  Bigint: "integer",
};

function mapped(type: unknown): string {
  if (typeof type === "string" && Object.hasOwn(GORILLA_TO_OPENAPI, type))
    return GORILLA_TO_OPENAPI[type] as string;
  throw new PythonRuntimeError(`KeyError: ${String(type)}`);
}

function castProperties(properties: Record<string, unknown>): Record<string, unknown> {
  for (const value of Object.values(properties)) {
    if (!isPythonDict(value)) continue;
    if (!Object.hasOwn(value, "type")) value["type"] = "string";
    else {
      const type = value["type"];
      if (type === "float") {
        value["format"] = "float";
        value["description"] = `${String(value["description"])} This is a float type value.`;
      }
      value["type"] =
        typeof type === "string" && Object.hasOwn(GORILLA_TO_OPENAPI, type)
          ? GORILLA_TO_OPENAPI[type]
          : "string";
    }
    if (value["type"] !== "array" && value["type"] !== "object") continue;
    const items = value["items"];
    if (isPythonDict(value["properties"])) value["properties"] = castProperties(value["properties"]);
    else if (isPythonDict(items)) {
      items["type"] = mapped(items["type"]);
      const innerItems = items["items"];
      if (items["type"] === "array" && isPythonDict(innerItems))
        innerItems["type"] = mapped(innerItems["type"]);
      else if (items["type"] === "object" && isPythonDict(items["properties"])) {
        items["properties"] = castProperties(items["properties"]);
      }
    }
  }
  return properties;
}

/**
 * The `tools` BFCL sends an OpenAI-compatible FC model: `.` in names replaced by `_` (OpenAI names must match
 * `^[a-zA-Z0-9_-]{1,64}$`), `parameters.type` "object", Gorilla types mapped to JSON Schema ones (floats get
 * `format: "float"` and a note in the description). Pass the docs as BFCL sends them (preprocessBfclFunctionDocs).
 */
export function bfclOpenAiTools(
  functions: readonly BfclFunctionDoc[],
): { type: "function"; function: BfclFunctionDoc }[] {
  return clonePythonValue(functions as BfclFunctionDoc[]).map((item) => {
    item.name = item.name.replaceAll(".", "_");
    item.parameters.type = "object";
    item.parameters.properties = castProperties(item.parameters.properties);
    return { type: "function", function: item };
  });
}
