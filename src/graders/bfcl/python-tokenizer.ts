// Tokens of a Python expression (names, numbers, strings, operators), as Python's tokenizer reads them.
import { PythonFloat } from "../python-value.js";

export type PythonToken =
  | { kind: "name"; text: string; start: number }
  | { kind: "number"; value: number | bigint | PythonFloat; start: number }
  | { kind: "string"; value: string; isBytes: boolean; isFormatted: boolean; start: number }
  | { kind: "op"; text: string; start: number }
  | { kind: "newline"; start: number };

const OPERATORS = [
  "**=",
  "//=",
  ">>=",
  "<<=",
  "...",
  "->",
  ":=",
  "**",
  "//",
  "<<",
  ">>",
  "<=",
  ">=",
  "==",
  "!=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "@=",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ":",
  ".",
  ";",
  "@",
  "=",
  "+",
  "-",
  "*",
  "/",
  "%",
  "&",
  "|",
  "^",
  "~",
  "<",
  ">",
];
const NAME = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;
const NAME_START = /^[\p{L}\p{Nl}_]/u;
const STRING_PREFIX = /(?:[rR][bBfF]?|[bBfF][rR]?|[uU])?(?='|")/y;
const NUMBER =
  /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*)?\.?(?:\d(?:_?\d)*)?(?:[eE][-+]?\d(?:_?\d)*)?)[jJ]?/y;
const SIMPLE_ESCAPES: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

export class PythonSyntaxError extends SyntaxError {}

function parseNumber(text: string): number | bigint | PythonFloat {
  if (/[jJ]$/.test(text)) throw new PythonSyntaxError("complex numbers are not supported");
  const digits = text.replaceAll("_", "");
  if (/^0[xXoObB]/.test(digits) || /^\d+$/.test(digits)) {
    if (/^0\d*[1-9]/.test(digits))
      throw new PythonSyntaxError("leading zeros in decimal integer literals are not permitted");
    const big = BigInt(digits);
    return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
  }
  const value = Number(digits);
  return Number.isInteger(value) ? new PythonFloat(value) : value;
}

function decodeEscapes(body: string, isBytes: boolean): string {
  let result = "";
  for (let index = 0; index < body.length; index++) {
    const character = body[index] ?? "";
    if (character !== "\\") {
      result += character;
      continue;
    }
    const next = body[index + 1] ?? "";
    index++;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) result += simple;
    else if (next === "\n") continue;
    else if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(body.slice(index))?.[0] ?? next;
      result += String.fromCodePoint(Number.parseInt(octal, 8));
      index += octal.length - 1;
    } else if (next === "x" || (!isBytes && (next === "u" || next === "U"))) {
      const length = next === "x" ? 2 : next === "u" ? 4 : 8;
      const hex = body.slice(index + 1, index + 1 + length);
      if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) throw new PythonSyntaxError("truncated escape");
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) throw new PythonSyntaxError("illegal Unicode character");
      result += String.fromCodePoint(code);
      index += length;
    } else if (next === "N" && !isBytes) {
      throw new PythonSyntaxError("\\N{…} escapes are not supported");
    } else result += `\\${next}`;
  }
  return result;
}

/** Reads one string literal (prefix already matched) starting at the quote; returns the token and the end index. */
function readString(text: string, start: number, prefix: string): [PythonToken, number] {
  const quoteStart = start + prefix.length;
  const quote = text.startsWith(text.slice(quoteStart, quoteStart + 1).repeat(3), quoteStart)
    ? text.slice(quoteStart, quoteStart + 3)
    : text.slice(quoteStart, quoteStart + 1);
  let index = quoteStart + quote.length;
  while (index < text.length && !text.startsWith(quote, index)) {
    if (text[index] === "\\") index++;
    else if (text[index] === "\n" && quote.length === 1)
      throw new PythonSyntaxError("unterminated string literal");
    index++;
  }
  if (index >= text.length) throw new PythonSyntaxError("unterminated string literal");
  const body = text.slice(quoteStart + quote.length, index);
  const lower = prefix.toLowerCase();
  const isBytes = lower.includes("b");
  const value = lower.includes("r") ? body : decodeEscapes(body, isBytes);
  if (isBytes && /[^\p{ASCII}]/u.test(body))
    throw new PythonSyntaxError("bytes can only contain ASCII literal characters");
  return [{ kind: "string", value, isBytes, isFormatted: lower.includes("f"), start }, index + quote.length];
}

/** Python's tokens for `text`; newlines inside brackets and after `\` are joined, comments dropped. */
export function tokenizePython(text: string): PythonToken[] {
  const tokens: PythonToken[] = [];
  let depth = 0;
  let index = 0;
  while (index < text.length) {
    const character = text[index] ?? "";
    if (character === " " || character === "\t" || character === "\f" || character === "\r") {
      index++;
      continue;
    }
    if (character === "\\" && text[index + 1] === "\n") {
      index += 2;
      continue;
    }
    if (character === "#") {
      while (index < text.length && text[index] !== "\n") index++;
      continue;
    }
    if (character === "\n") {
      if (depth === 0) tokens.push({ kind: "newline", start: index });
      index++;
      continue;
    }
    STRING_PREFIX.lastIndex = index;
    const prefix = STRING_PREFIX.exec(text);
    if (prefix !== null) {
      const [token, end] = readString(text, index, prefix[0]);
      tokens.push(token);
      index = end;
      continue;
    }
    NAME.lastIndex = index;
    const name = NAME.exec(text);
    if (name !== null) {
      tokens.push({ kind: "name", text: name[0].normalize("NFKC"), start: index });
      index = NAME.lastIndex;
      continue;
    }
    if (/[0-9]/.test(character) || (character === "." && /[0-9]/.test(text[index + 1] ?? ""))) {
      NUMBER.lastIndex = index;
      const number = NUMBER.exec(text);
      if (number === null || number[0] === "") throw new PythonSyntaxError("invalid number");
      if (NAME_START.test(text.slice(NUMBER.lastIndex, NUMBER.lastIndex + 1)))
        throw new PythonSyntaxError("invalid decimal literal");
      tokens.push({ kind: "number", value: parseNumber(number[0]), start: index });
      index = NUMBER.lastIndex;
      continue;
    }
    const operator = OPERATORS.find((candidate) => text.startsWith(candidate, index));
    if (operator === undefined) throw new PythonSyntaxError(`invalid character ${JSON.stringify(character)}`);
    if ("([{".includes(operator)) depth++;
    if (")]}".includes(operator)) depth = Math.max(0, depth - 1);
    tokens.push({ kind: "op", text: operator, start: index });
    index += operator.length;
  }
  return tokens;
}
