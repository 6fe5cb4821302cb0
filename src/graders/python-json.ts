// Python's `json.loads` (ints vs floats kept apart, NaN/Infinity accepted) and `json.dumps(…, indent=…)`.
import { pythonFloatRepr } from "./python-repr.js";
import { isPythonDict, PythonFloat, PythonTuple } from "./python-value.js";

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** How `parsePythonJson` returns a JSON object: a plain object (default) or a `Map` that keeps every key's order. */
export interface PythonJsonOptions {
  /**
   * "map": objects become `Map`s — a Python dict's key order survives even for keys JavaScript objects reorder
   * (integer-like ones such as `"1008292230"`).
   */
  readonly dicts?: "object" | "map";
}

class JsonReader {
  index = 0;
  readonly text: string;
  readonly isMapDicts: boolean;
  constructor(text: string, options: PythonJsonOptions) {
    this.text = text;
    this.isMapDicts = options.dicts === "map";
  }

  fail(message: string): never {
    throw new SyntaxError(`${message}: char ${this.index}`);
  }

  skipWhitespace(): void {
    WHITESPACE.lastIndex = this.index;
    WHITESPACE.exec(this.text);
    this.index = WHITESPACE.lastIndex;
  }

  readValue(): unknown {
    this.skipWhitespace();
    const character = this.text[this.index];
    if (character === '"') return this.readString();
    if (character === "{") return this.readObject();
    if (character === "[") return this.readArray();
    for (const [word, value] of [
      ["null", null],
      ["true", true],
      ["false", false],
      ["NaN", Number.NaN],
      ["Infinity", Number.POSITIVE_INFINITY],
      ["-Infinity", Number.NEGATIVE_INFINITY],
    ] as const) {
      if (this.text.startsWith(word, this.index)) {
        this.index += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.index;
    const match = NUMBER.exec(this.text);
    if (match === null) this.fail("Expecting value");
    this.index = NUMBER.lastIndex;
    if (match[1] === undefined && match[2] === undefined) {
      const asNumber = Number(match[0]);
      return Number.isSafeInteger(asNumber) ? asNumber : BigInt(match[0]);
    }
    const asFloat = Number(match[0]);
    return Number.isInteger(asFloat) || Object.is(asFloat, -0) ? new PythonFloat(asFloat) : asFloat;
  }

  readString(): string {
    this.index++;
    let result = "";
    for (;;) {
      const character = this.text[this.index];
      if (character === undefined) this.fail("Unterminated string starting at");
      if (character === '"') {
        this.index++;
        return result;
      }
      if (character < " ") this.fail("Invalid control character at");
      if (character !== "\\") {
        result += character;
        this.index++;
        continue;
      }
      const escapeCharacter = this.text[this.index + 1] ?? "";
      if (escapeCharacter === "u") {
        const hex = this.text.slice(this.index + 2, this.index + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("Invalid \\u escape: four hex digits must follow");
        result += String.fromCharCode(Number.parseInt(hex, 16));
        this.index += 6;
        continue;
      }
      const simple = SIMPLE_ESCAPES[escapeCharacter];
      if (simple === undefined) this.fail("Invalid \\escape");
      result += simple;
      this.index += 2;
    }
  }

  readArray(): unknown[] {
    this.index++;
    const items: unknown[] = [];
    this.skipWhitespace();
    if (this.text[this.index] === "]") {
      this.index++;
      return items;
    }
    for (;;) {
      items.push(this.readValue());
      this.skipWhitespace();
      const character = this.text[this.index++];
      if (character === "]") return items;
      if (character !== ",") this.fail("Expecting ',' delimiter");
    }
  }

  readObject(): Record<string, unknown> | Map<string, unknown> {
    this.index++;
    const entries: [string, unknown][] = [];
    const finish = () => (this.isMapDicts ? new Map(entries) : Object.fromEntries(entries));
    this.skipWhitespace();
    if (this.text[this.index] === "}") {
      this.index++;
      return finish();
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.index] !== '"') this.fail("Expecting property name enclosed in double quotes");
      const key = this.readString();
      this.skipWhitespace();
      if (this.text[this.index++] !== ":") this.fail("Expecting ':' delimiter");
      entries.push([key, this.readValue()]);
      this.skipWhitespace();
      const character = this.text[this.index++];
      if (character === "}") return finish();
      if (character !== ",") this.fail("Expecting ',' delimiter");
    }
  }
}

/**
 * Python's `json.loads(text)`: integral floats come back as `PythonFloat`, big ints as `bigint`, objects as plain
 * objects or (`dicts: "map"`) `Map`s. Throws `SyntaxError`.
 */
export function parsePythonJson(text: string, options: PythonJsonOptions = {}): unknown {
  const reader = new JsonReader(text, options);
  const value = reader.readValue();
  reader.skipWhitespace();
  if (reader.index !== text.length) reader.fail("Extra data");
  return value;
}

function dumpString(text: string): string {
  let result = '"';
  for (let index = 0; index < text.length; index++) {
    const character = text[index] ?? "";
    const code = character.charCodeAt(0);
    if (character === '"') result += '\\"';
    else if (character === "\\") result += "\\\\";
    else if (character === "\n") result += "\\n";
    else if (character === "\r") result += "\\r";
    else if (character === "\t") result += "\\t";
    else if (character === "\b") result += "\\b";
    else if (character === "\f") result += "\\f";
    else if (code < 0x20 || code > 0x7e) result += `\\u${code.toString(16).padStart(4, "0")}`;
    else result += character;
  }
  return `${result}"`;
}

function dumpNumber(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  return pythonFloatRepr(value);
}

function dumpValue(value: unknown, indent: number | null, depth: number): string {
  if (value === null || value === undefined) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "bigint") return String(value);
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : dumpNumber(value);
  if (value instanceof PythonFloat) return dumpNumber(value.value);
  if (typeof value === "string") return dumpString(value);
  const inner = indent === null ? " " : `\n${" ".repeat(indent * (depth + 1))}`;
  const outer = indent === null ? "" : `\n${" ".repeat(indent * depth)}`;
  const open = indent === null ? "" : inner;
  if (Array.isArray(value) || value instanceof PythonTuple) {
    const items = Array.isArray(value) ? value : value.items;
    if (items.length === 0) return "[]";
    return `[${open}${items.map((item) => dumpValue(item, indent, depth + 1)).join(`,${inner}`)}${outer}]`;
  }
  if (isPythonDict(value) || value instanceof Map) {
    const entries =
      value instanceof Map ? [...(value as Map<string, unknown>).entries()] : Object.entries(value);
    if (entries.length === 0) return "{}";
    const parts = entries.map(([key, item]) => `${dumpString(key)}: ${dumpValue(item, indent, depth + 1)}`);
    return `{${open}${parts.join(`,${inner}`)}${outer}}`;
  }
  throw new TypeError(`Object of type ${typeof value} is not JSON serializable`);
}

/** Python's `json.dumps(value, indent=indent)` (a `Map` is a dict in its key order): ensure_ascii; separators `,`+newline and `: ` (`, ` without indent). */
export function dumpPythonJson(value: unknown, indent: number | null): string {
  return dumpValue(value, indent, 0);
}
