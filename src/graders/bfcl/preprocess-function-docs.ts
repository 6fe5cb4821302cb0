// BFCL's language hints on function docs before inference (_func_doc_language_specific_pre_processing, utils.py).
import { dumpPythonJson } from "../python-json.js";
import { clonePythonValue, isPythonDict } from "../python-value.js";
import type { BfclFunctionDoc } from "./types.js";

/** BFCL's is_java / is_js on a test category. */
export function bfclLanguageOfCategory(category: string): "python" | "java" | "javascript" {
  if (category.includes("javascript")) return "javascript";
  if (category.includes("java")) return "java";
  return "python";
}

const HINTS = {
  python: " Note that the provided function is in Python 3 syntax.",
  java: " Note that the provided function is in Java 8 SDK syntax.",
  javascript: " Note that the provided function is in JavaScript syntax.",
} as const;

function field(record: Record<string, unknown>, key: string): string {
  return String(record[key] ?? "");
}

function typeOfItems(value: Record<string, unknown>): string {
  const items = value["items"];
  return isPythonDict(items) ? field(items, "type") : "";
}

/**
 * The function docs as BFCL sends them at inference (`load_dataset_entry(include_language_specific_hint=True)`):
 * a language hint appended to each description; for Java and JavaScript every parameter becomes a `string` whose
 * description names the original type (array item types and JavaScript dict schemas moved into the text).
 * Returns a deep copy.
 */
export function preprocessBfclFunctionDocs(
  functions: readonly BfclFunctionDoc[],
  category: string,
): BfclFunctionDoc[] {
  const copy = clonePythonValue(functions as BfclFunctionDoc[]);
  const language = bfclLanguageOfCategory(category);
  for (const item of copy) {
    item.description = `${item.description ?? ""}${HINTS[language]}`;
    if (language === "python") continue;
    const runtime = language === "java" ? "Java" : "JavaScript";
    for (const value of Object.values(item.parameters.properties)) {
      if (!isPythonDict(value)) continue;
      const type = field(value, "type");
      value["description"] =
        type === "any"
          ? `${field(value, "description")} This parameter can be of any type of ${runtime} object in string representation.`
          : `${field(value, "description")} This is ${runtime} ${type} type parameter in string representation.`;
      const isList = language === "java" ? type === "ArrayList" || type === "Array" : type === "array";
      if (isList) {
        value["description"] +=
          ` The list elements are of type ${typeOfItems(value)}; they are not in string representation.`;
        delete value["items"];
      }
      if (language === "javascript" && type === "dict" && Object.hasOwn(value, "properties")) {
        value["description"] +=
          ` The dictionary entries have the following schema; they are not in string representation. ${dumpCompact(value["properties"])}`;
        delete value["properties"];
      }
      value["type"] = "string";
    }
  }
  return copy;
}

/** Python's `json.dumps(value)` with default separators (`, ` and `: `). */
function dumpCompact(value: unknown): string {
  return dumpPythonJson(value, null);
}
