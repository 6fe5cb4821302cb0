// BFCL's default prompting-mode system prompt (formulate_system_prompt with DEFAULT_SYSTEM_PROMPT_FORMAT).
import { dumpPythonJson } from "../python-json.js";
import type { BfclFunctionDoc } from "./types.js";

const PERSONA = "You are an expert in composing functions.";
const TASK =
  "You are given a question and a set of possible functions. Based on the question, you will need to make one or more function/tool calls to achieve the purpose. If none of the functions can be used, point it out. If the given question lacks the parameters required by the function, also point it out.";
const PYTHON_OUTPUT_FORMAT =
  "[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]";
const TOOL_CALL_FORMAT = `You should only return the function calls in your response.\n\nIf you decide to invoke any of the function(s), you MUST put it in the format of ${PYTHON_OUTPUT_FORMAT}.  You SHOULD NOT include any other text in the response.`;
const MULTITURN_BEHAVIOR =
  "At each turn, you should try your best to complete the tasks requested by the user within the current turn. Continue to output functions to call until you have fulfilled the user's request to the best of your ability. Once you have no more functions to call, the system will consider the current turn complete and proceed to the next turn or task.";

/**
 * BFCL's system prompt for prompting models (`ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&
 * prompt_fmt=plaintext&style=classic`): persona and task (joined without a space, as BFCL's template does), the
 * Python call format, the multi-turn note and the functions as `json.dumps(functions, indent=4)`. Pass the docs
 * as BFCL sends them (preprocessBfclFunctionDocs).
 */
export function bfclPromptingSystemPrompt(functions: readonly BfclFunctionDoc[]): string {
  const availableTools = `Here is a list of functions in json format that you can invoke.\n${dumpPythonJson(functions, 4)}\n`;
  return `${PERSONA}${TASK}\n\n${TOOL_CALL_FORMAT}\n\n${MULTITURN_BEHAVIOR}\n\n${availableTools}`;
}

export interface BfclChatMessage {
  role: string;
  content: string;
}

/** system_prompt_pre_processing_chat_model: the prompt goes first; an existing system message is appended to it. */
export function withBfclSystemPrompt(
  messages: readonly BfclChatMessage[],
  functions: readonly BfclFunctionDoc[],
): BfclChatMessage[] {
  const systemPrompt = bfclPromptingSystemPrompt(functions);
  const [first, ...rest] = messages;
  if (first?.role === "system")
    return [{ role: "system", content: `${systemPrompt}\n\n${first.content}` }, ...rest];
  return [{ role: "system", content: systemPrompt }, ...messages];
}
