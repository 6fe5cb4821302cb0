// BFCL's prompting-mode decoding (default_decode_ast_prompting → ast_parse) of a text answer into calls.

import { stripCharacters } from "../ifeval/python-text.js";
import { pythonStrip } from "../python-whitespace.js";
import { parsePythonCalls } from "./decode-python-calls.js";
import { parseJavaCalls } from "./parse-java-calls.js";
import { parseJavascriptCalls } from "./parse-javascript-calls.js";
import type { BfclDecodeResult, BfclLanguage } from "./types.js";

function failure(error: unknown): BfclDecodeResult {
  return { status: "error", error: error instanceof Error ? error.message : String(error) };
}

/**
 * BFCL's default_decode_ast_prompting(result, language): strip backticks, newlines and spaces from both ends, add
 * `[`/`]` where missing, then parse — Python with `ast` (after `strip()` and stripping `'`), Java and JavaScript
 * (the text inside the brackets) with their call parsers. Only the first Java/JavaScript call is decoded.
 */
export function decodeBfclPrompting(answer: string, language: BfclLanguage = "python"): BfclDecodeResult {
  let text = stripCharacters(answer, "`\n ");
  if (!text.startsWith("[")) text = `[${text}`;
  if (!text.endsWith("]")) text = `${text}]`;
  try {
    if (language === "python")
      return { status: "ok", calls: parsePythonCalls(stripCharacters(pythonStrip(text), "'")) };
    const inner = text.slice(1, -1);
    const calls = language === "java" ? parseJavaCalls(inner) : parseJavascriptCalls(inner);
    if (calls === undefined) {
      return { status: "wrong-format", error: language === "java" ? "decoded to {}" : "decoded to None" };
    }
    return { status: "ok", calls };
  } catch (error) {
    return failure(error);
  }
}
