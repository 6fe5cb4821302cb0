// The passkey texts of TensorRT-LLM's InfiniteBench-derived generator (examples/infinitebench/
// construct_synthetic_dataset.py `build_passkey`) and prompt template (eval_utils.py `create_prompt`, task passkey).

/** One line of haystack (the generator's `noise`). */
export const NOISE_LINE =
  "The grass is green. The sky is blue. The sun is yellow. Here we go. There and back again.\n";

/** The question every row carries as its `input`. */
export const PASSKEY_QUESTION = "What is the pass key?";

/** What the template puts before `{context}`. */
export const PROMPT_HEAD =
  "There is an important info hidden inside a lot of irrelevant text. Find it and memorize it. I will quiz you about the important information.\n\n";

/** What the template puts after `{input}`: the prompt ends here, with no space. */
export const PROMPT_END = "\n\nThe pass key is";

/** The generator's `answer` line with the key in both places. */
export function needleLine(key: string): string {
  return `The pass key is ${key}. Remember it. ${key} is the pass key.\n`;
}

/** `noise * before + needle + noise * after`, as `build_passkey` builds a row's `context`. */
export function passkeyContext(noiseBefore: number, noiseAfter: number, key: string): string {
  return NOISE_LINE.repeat(noiseBefore) + needleLine(key) + NOISE_LINE.repeat(noiseAfter);
}

/** The template with `{context}` and `{input}` filled in. */
export function passkeyPromptText(context: string, input: string = PASSKEY_QUESTION): string {
  return `${PROMPT_HEAD}${context}\n\n${input}${PROMPT_END}`;
}

/** Everything a prompt has after its context: the same for every row. */
export const PROMPT_TAIL = `\n\n${PASSKEY_QUESTION}${PROMPT_END}`;
