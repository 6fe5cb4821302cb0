// BFCL's java_type_converter: a Java argument (source text) to the Python value the checker compares.
import { pythonRegExp, translatePythonPattern } from "../python-pattern.js";
import { PythonFloat, PythonRuntimeError } from "../python-value.js";
import { pythonStrip } from "../python-whitespace.js";

/** BFCL's JAVA_TYPE_CONVERSION: Java type name → the Python type the converted value has. */
export const JAVA_TYPE_CONVERSION = {
  byte: "int",
  short: "int",
  integer: "int",
  float: "float",
  double: "float",
  long: "int",
  boolean: "bool",
  char: "str",
  Array: "list",
  ArrayList: "list",
  Set: "set",
  HashMap: "dict",
  Hashtable: "dict",
  Queue: "list",
  Stack: "list",
  String: "str",
  any: "str",
} as const satisfies Record<string, string>;

const INTEGER = pythonRegExp("^-?\\d+$");
const FLOAT = pythonRegExp("^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?[fF]$");
const DOUBLE = pythonRegExp("^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?$");
const LONG = pythonRegExp("^-?\\d+[lL]$");
const FLOAT_SUFFIX = pythonRegExp("[fF]$");
const LONG_SUFFIX = pythonRegExp("[lL]$");
const AS_LIST = pythonRegExp("new\\s+ArrayList<\\w*>\\(Arrays\\.asList\\((.+?)\\)\\)");
const ADD_BLOCK = dotAll("new\\s+ArrayList<\\w*>\\(\\)\\s*\\{\\{\\s*(.+?)\\s*\\}\\}");
const ADD_CALL = pythonRegExp("add\\((.+?)\\)", { isGlobal: true });
const EMPTY_LIST = pythonRegExp("new\\s+ArrayList<\\w*>\\(\\)");
const ARRAY = pythonRegExp("new\\s+\\w+\\[\\]\\s*\\{(.*?)\\}");
const HASHMAP = dotAll("new\\s+HashMap<.*?>\\s*\\(\\)\\s*\\{\\s*\\{?\\s*(.*?)\\s*\\}?\\s*\\}");
const PUT_CALL = pythonRegExp('put\\(\\"(.*?)\\",\\s*(.*?)\\)', { isGlobal: true });
const EMPTY_HASHMAP = pythonRegExp("new\\s+HashMap<.*?>\\s*\\(\\)");

/** A Python pattern compiled with `re.DOTALL` (`.` also matches a newline). */
function dotAll(pattern: string): RegExp {
  return new RegExp(translatePythonPattern(pattern).replaceAll("[^\\n]", "[^]"), "u");
}

const DECIMAL_DIGIT = /\p{Nd}/u;

/** Unicode decimal digits (which Python's `\d` and `int()` accept) as ASCII digits. */
function asciiDigits(text: string): string {
  return Array.from(text, (character) => {
    if (/[0-9]/.test(character) || !DECIMAL_DIGIT.test(character)) return character;
    let start = character.codePointAt(0) ?? 0;
    while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
    return String(((character.codePointAt(0) ?? 0) - start) % 10);
  }).join("");
}

/** Python's `int(text)` for text its callers already matched as digits (surrounding whitespace allowed). */
export function pythonInt(text: string): number | bigint {
  const trimmed = asciiDigits(pythonStrip(text)).replaceAll("_", "");
  const asNumber = Number(trimmed);
  return Number.isSafeInteger(asNumber) ? asNumber : BigInt(trimmed);
}

/** Python's `float(text)` as a value (integral results wrapped in `PythonFloat`); undefined when Python raises. */
export function pythonFloat(text: string): number | PythonFloat | undefined {
  const trimmed = asciiDigits(pythonStrip(text)).replaceAll("_", "");
  if (!/^[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|inf(?:inity)?|nan)$/i.test(trimmed)) {
    return undefined;
  }
  const lower = trimmed.toLowerCase();
  const value = lower.includes("inf")
    ? lower.startsWith("-")
      ? Number.NEGATIVE_INFINITY
      : Number.POSITIVE_INFINITY
    : lower.includes("nan")
      ? Number.NaN
      : Number(trimmed);
  return Number.isInteger(value) || Object.is(value, -0) ? new PythonFloat(value) : value;
}

const PYTHON_INT_TEXT = pythonRegExp("^\\s*[-+]?\\d+(_\\d+)*\\s*$");

/** BFCL's parse_java_value: a collection element without a declared type. */
export function parseJavaValue(text: string): unknown {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1);
  if (LONG.test(text)) return pythonInt(text.slice(0, -1));
  if (FLOAT.test(text)) return pythonFloat(text.replace(FLOAT_SUFFIX, "")) ?? text;
  if (PYTHON_INT_TEXT.test(text)) return pythonInt(text);
  return pythonFloat(text) ?? text;
}

function convertElement(text: string, nestedType: string | undefined): unknown {
  if (nestedType === "char" || nestedType === "String") return text.slice(1, -1);
  return nestedType ? javaTypeConverter(text, nestedType) : parseJavaValue(text);
}

function parseArrayList(text: string, nestedType: string | undefined): unknown {
  const asList = AS_LIST.exec(text);
  if (asList !== null) {
    return (asList[1] ?? "").split(",").map((element) => convertElement(pythonStrip(element), nestedType));
  }
  const addBlock = ADD_BLOCK.exec(text);
  if (addBlock !== null) {
    return [...(addBlock[1] ?? "").matchAll(ADD_CALL)].map((match) =>
      convertElement(pythonStrip(match[1] ?? ""), nestedType),
    );
  }
  if (EMPTY_LIST.test(text)) return [];
  return text;
}

function parseArray(text: string, nestedType: string | undefined): unknown {
  const match = ARRAY.exec(text);
  if (match === null) return text;
  const elements = (match[1] ?? "")
    .split(",")
    .map(pythonStrip)
    .filter((element) => element !== "");
  return elements.map((element) =>
    nestedType ? javaTypeConverter(element, nestedType) : parseJavaValue(element),
  );
}

function parseHashMap(text: string): unknown {
  const match = HASHMAP.exec(text);
  if (match !== null) {
    const puts = match[1] ?? "";
    const entries: [string, unknown][] = [];
    if (pythonStrip(puts) !== "") {
      for (const put of puts.matchAll(PUT_CALL))
        entries.push([put[1] ?? "", parseJavaValue(pythonStrip(put[2] ?? ""))]);
    }
    return Object.fromEntries(entries);
  }
  if (EMPTY_HASHMAP.test(text)) return {};
  return text;
}

/** BFCL's java_type_converter(value, expected_type, nested_type): unparsable text stays a string. */
export function javaTypeConverter(value: string, expectedType: string, nestedType?: string): unknown {
  switch (expectedType) {
    case "byte":
    case "short":
    case "integer":
      return INTEGER.test(value) ? pythonInt(value) : value;
    case "float":
      return FLOAT.test(value) ? (pythonFloat(value.replace(FLOAT_SUFFIX, "")) ?? value) : value;
    case "double":
      return DOUBLE.test(value) ? (pythonFloat(value) ?? value) : value;
    case "long":
      return LONG.test(value) ? pythonInt(value.replace(LONG_SUFFIX, "")) : value;
    case "boolean":
      return value === "true" || value === "false" ? value === "true" : value;
    case "char":
      // BFCL's pattern `^\'.$\'` can never match, so a char always stays the text given.
      return value;
    case "Array":
      return parseArray(value, nestedType);
    case "ArrayList":
      return parseArrayList(value, nestedType);
    case "HashMap":
      return parseHashMap(value);
    case "Set":
    case "Hashtable":
      throw new PythonRuntimeError("NotImplementedError: Set conversion is not implemented");
    case "Queue":
    case "Stack":
      throw new PythonRuntimeError(`NotImplementedError: ${expectedType} conversion is not implemented`);
    case "String":
    case "any":
      return value;
    default:
      throw new PythonRuntimeError(`ValueError: Unsupported type: ${expectedType}`);
  }
}
