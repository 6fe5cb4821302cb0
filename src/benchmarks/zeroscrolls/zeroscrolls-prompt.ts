// The prompt texts of ZeroSCROLLS' recipes, before any cut (pure): the official API runner's two forms
// (tau-nlp/zero_scrolls experiments/api/api.py and openai_api.py @c994676234c624ae32232eda9ee32b0329a37f04) and
// TensorRT-LLM summarize.py's `_prepare_inputs` for `summarize_long`.
import type { EndpointType } from "../../core/prompt.js";
import { pythonStrip } from "../../graders/python-whitespace.js";
import { sliceCodePoints } from "./code-point-text.js";
import type { ZeroscrollsSample } from "./zeroscrolls-sample.js";
import { SUMMARIZATION_TASKS } from "./zeroscrolls-tasks.js";

/** `get_chat_format_request_tag_and_answer_type`'s format request. */
export const FORMAT_REQUEST = "Do not provide any explanation.";

/** A prompt text and the code-point offset its query starts at (the part a cut keeps). */
export interface ZeroscrollsPromptText {
  readonly text: string;
  readonly queryStart: number;
}

/**
 * `insert_format_request`: the format request after the instruction (the text before the first blank line,
 * stripped), every offset moved by its length + 1 — as the runner moves them, whatever the strip removed.
 */
function withFormatRequest(sample: ZeroscrollsSample): { input: string; shift: number } {
  const end = sample.input.indexOf("\n\n");
  // Python's input.find(...) is -1 when absent, and input[:-1] / input[-1:] split off the last character then.
  const cut = end === -1 ? Math.max(0, [...sample.input].length - 1) : [...sample.input.slice(0, end)].length;
  const instruction = sliceCodePoints(sample.input, 0, cut);
  const rest = sliceCodePoints(sample.input, cut);
  return { input: `${pythonStrip(instruction)} ${FORMAT_REQUEST}${rest}`, shift: FORMAT_REQUEST.length + 1 };
}

/**
 * `OpenAIAPI.build_prompt` before the cut. Chat (gpt-3.5-turbo, gpt-4): the format request in the instruction of a
 * task that is not a summarisation, and the input up to the query's end (the answer prefix such as "Answer:" left
 * out). Completions (text-davinci-003): the input as given.
 */
export function officialPromptText(
  sample: ZeroscrollsSample,
  endpointType: EndpointType,
): ZeroscrollsPromptText {
  if (endpointType === "completions") return { text: sample.input, queryStart: sample.queryStart };
  const { input, shift } = SUMMARIZATION_TASKS.has(sample.task)
    ? { input: sample.input, shift: 0 }
    : withFormatRequest(sample);
  return { text: sliceCodePoints(input, 0, sample.queryEnd + shift), queryStart: sample.queryStart + shift };
}

/** summarize.py `_prepare_inputs` (eval_task `summarize_long`, nothing appended): `text.strip().replace(" n't", "n't")`. */
export function trtllmPromptText(sample: ZeroscrollsSample): string {
  return pythonStrip(sample.input).replaceAll(" n't", "n't");
}
