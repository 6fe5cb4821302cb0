// BFCL's js_type_converter: a JavaScript argument (source text) to the Python value the checker compares.

import { stripCharacters } from "../ifeval/python-text.js";
import { pythonRegExp } from "../python-pattern.js";
import { PythonRuntimeError } from "../python-value.js";
import { pythonStrip } from "../python-whitespace.js";
import { pythonFloat, pythonInt } from "./java-type-converter.js";

/** BFCL's JS_TYPE_CONVERSION: JavaScript type name → the Python type the converted value has. */
export const JS_TYPE_CONVERSION = {
  String: "str",
  integer: "int",
  float: "float",
  Bigint: "int",
  Boolean: "bool",
  dict: "dict",
  array: "list",
  any: "str",
} as const satisfies Record<string, string>;

const INTEGER = pythonRegExp("^-?\\d+$");
const FLOAT = pythonRegExp("^-?\\d+(\\.\\d+)?$");
const BIGINT = pythonRegExp("^-?\\d+n$");
const ARRAY_2D = pythonRegExp(
  "^(?:\\[\\s*\\[.*?\\]\\s*(,\\s*\\[.*?\\]\\s*)*\\]|\\bnew\\s+Array\\(\\s*\\[.*?\\]\\s*(,\\s*\\[.*?\\]\\s*)*\\))",
);
const INNER_ARRAY = pythonRegExp("\\[(.*?)\\]", { isGlobal: true });
const ARRAY = pythonRegExp("^(?:\\[(.*?)\\]|\\bnew\\s+Array\\((.*?)\\))");
const DICT = pythonRegExp("^\\{(.*?)\\}");
const PAIR = pythonRegExp("([^:]+):\\s*(.*?)(?:,\\s*(?=[^,]+:)|$)", { isGlobal: true });
const PYTHON_INT_TEXT = pythonRegExp("^\\s*[-+]?\\d+(_\\d+)*\\s*$");

function isQuoted(text: string): boolean {
  return (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"));
}

/** BFCL's parse_js_value: an element or dict value without a declared type. */
export function parseJsValue(text: string): unknown {
  const value = pythonStrip(text);
  if (value === "true") return true;
  if (value === "false") return false;
  if (isQuoted(value)) return value.slice(1, -1);
  if (PYTHON_INT_TEXT.test(value)) return pythonInt(value);
  return pythonFloat(value) ?? value;
}

function splitElements(text: string | undefined): string[] {
  const trimmed = pythonStrip(text ?? "");
  return trimmed === "" ? [] : trimmed.split(",");
}

function parseArray(code: string, nestedType: string | undefined): unknown {
  const array2d = ARRAY_2D.exec(code);
  if (array2d !== null) {
    return [...array2d[0].matchAll(INNER_ARRAY)].map((match, index) => {
      let inner = pythonStrip(match[1] ?? "");
      if (index === 0 && inner.startsWith("[")) inner = inner.slice(1);
      return inner.split(",").map((element) => parseJsValue(pythonStrip(element)));
    });
  }
  const array = ARRAY.exec(code);
  if (array === null) return code;
  const elements = splitElements(array[1] ?? array[2]).map(pythonStrip);
  if (!nestedType) return elements.map(parseJsValue);
  return elements.map((element) =>
    element.startsWith("'") || element.startsWith('"')
      ? jsTypeConverter(element, nestedType, "String")
      : jsTypeConverter(element, nestedType),
  );
}

function parseDict(code: string): unknown {
  if (code === "{}") return {};
  const match = DICT.exec(code);
  if (match === null) return code;
  const entries: [string, unknown][] = [];
  for (const pair of (match[1] ?? "").matchAll(PAIR)) {
    const key = stripCharacters(pythonStrip(pair[1] ?? ""), "'\"");
    const value = pythonStrip(pair[2] ?? "");
    if (value.startsWith("[") && value.endsWith("]")) entries.push([key, parseJsCollection(value, "array")]);
    else if (value.startsWith("{") && value.endsWith("}"))
      entries.push([key, parseJsCollection(value, "dict")]);
    else entries.push([key, parseJsValue(stripCharacters(value, "'\""))]);
  }
  return Object.fromEntries(entries);
}

/** BFCL's parse_js_collection: an array or object literal, by regular expressions; unparsable text stays a string. */
export function parseJsCollection(text: string, type: "array" | "dict", nestedType?: string): unknown {
  const code = pythonStrip(text);
  try {
    return type === "array" ? parseArray(code, nestedType) : parseDict(code);
  } catch {
    // BFCL catches every exception here and keeps the text.
    return code;
  }
}

/** BFCL's js_type_converter(value, expected_type, nested_type): unparsable text stays a string. */
export function jsTypeConverter(value: string, expectedType: string, nestedType?: string): unknown {
  switch (expectedType) {
    case "String":
      return isQuoted(value) ? value.slice(1, -1) : value;
    case "integer":
      return INTEGER.test(value) ? pythonInt(value) : value;
    case "float":
      return FLOAT.test(value) ? (pythonFloat(value) ?? value) : value;
    case "Bigint":
      if (!BIGINT.test(value)) return value;
      if (value.endsWith("\n")) throw new PythonRuntimeError(`ValueError: invalid literal for int()`);
      return pythonInt(value.slice(0, -1));
    case "Boolean":
      return value === "true" || value === "false" ? value === "true" : value;
    case "dict":
      return parseJsCollection(value, "dict", nestedType);
    case "array":
      return parseJsCollection(value, "array", nestedType);
    case "any":
      return value;
    default:
      throw new PythonRuntimeError(`ValueError: Unsupported type: ${expectedType}`);
  }
}
