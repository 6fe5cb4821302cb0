// BFCL's FC-mode decoding (OpenAICompletionsHandler): an assistant message's tool_calls → calls.
import { parsePythonJson } from "../python-json.js";
import { isPythonDict, pythonTypeName } from "../python-value.js";
import type { BfclCall, BfclDecodeResult } from "./types.js";

/** The parts of an OpenAI chat-completions assistant message BFCL reads. */
export interface BfclToolCallMessage {
  content?: string | null;
  tool_calls?: readonly { function: { name: string; arguments: string } }[] | null;
}

/**
 * BFCL's FC decode_ast: each tool call's name as sent back (BFCL does not map `_` back to `.`; the checker
 * compares against the expected name with `.` → `_` when the model config sets `underscore_to_dot`) and its
 * arguments through `json.loads`. Without tool_calls BFCL keeps the message text: `""` decodes to no call,
 * any other text (or none) fails to decode.
 */
export function decodeBfclToolCalls(message: BfclToolCallMessage): BfclDecodeResult {
  const toolCalls = message.tool_calls;
  if (toolCalls === undefined || toolCalls === null) {
    const content = message.content;
    if (content === "") return { status: "ok", calls: [] };
    if (content === undefined || content === null) {
      return { status: "error", error: "'NoneType' object is not iterable" };
    }
    return { status: "error", error: "'str' object has no attribute 'keys'" };
  }
  const calls: BfclCall[] = [];
  for (const toolCall of toolCalls) {
    let params: unknown;
    try {
      params = parsePythonJson(toolCall.function.arguments);
    } catch (error) {
      return { status: "error", error: error instanceof Error ? error.message : String(error) };
    }
    if (!isPythonDict(params)) {
      return { status: "wrong-format", error: `arguments decoded to ${pythonTypeName(params)}, not dict` };
    }
    calls.push({ name: toolCall.function.name, arguments: params });
  }
  return { status: "ok", calls };
}
