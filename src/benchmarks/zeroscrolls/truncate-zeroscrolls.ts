// The cuts that fit a ZeroSCROLLS prompt to a token budget: the official API runner's (the document cut, the
// truncation separator, the query kept; openai_api.py `build_prompt` @c994676234c624ae32232eda9ee32b0329a37f04) and
// TensorRT-LLM summarize.py's (`tokenizer.encode(..., truncation=True, max_length=max_input_length)`: the first
// tokens, special tokens added).
import type { TextTokenizer } from "../../core/tokenizer.js";
import { ConfigError } from "../../errors.js";
import { truncatePromptTokens } from "../truncate-prompt-tokens.js";
import { sliceCodePoints } from "./code-point-text.js";
import type { ZeroscrollsPromptText } from "./zeroscrolls-prompt.js";

/** The official runner's context (`GPT4_MAX_INPUT_OUTPUT_TOKENS`; run_hf_model.py's inputs are 8192 tokens too). */
export const DEFAULT_MAX_CONTEXT_TOKENS = 8192;
/** `get_max_document_tokens` of a chat model: 9 tokens fewer for the chat markup. */
const CHAT_MARKUP_TOKENS = 9;
/** TensorRT-LLM's ZeroScrolls task: `max_input_length` 24,576 (accuracy_core.py). */
export const TRTLLM_MAX_INPUT_TOKENS = 24_576;

function needTokenizer(what: string): ConfigError {
  return new ConfigError(
    `zeroscrolls cuts ${what} to a token budget: name the served model's tokenizer with --tokenizer ` +
      "(hf:OWNER/REPO, a tokenizer.json, gguf:FILE or server).",
  );
}

export interface OfficialCutOptions {
  /** `max_input_output_tokens`: prompt and answer together (--max-context-tokens). */
  readonly maxContextTokens: number;
  /** `dataset_to_leave_tokens_for_generations` of the task. */
  readonly generationTokens: number;
  readonly isChat: boolean;
  readonly truncationSeparator: string;
  readonly tokenizer: (() => Promise<TextTokenizer>) | undefined;
}

/**
 * `build_prompt`: the text when its tokens fit in `maxContextTokens - generationTokens`; else the decoded first
 * `maxContextTokens - len(separator + query) - generationTokens - 1` (9 fewer for chat) tokens of the whole text,
 * the separator, and the text from the query on. Tokens as tiktoken's `encode` counts them: no special tokens.
 */
export async function cutOfficial(
  prompt: ZeroscrollsPromptText,
  options: OfficialCutOptions,
): Promise<string> {
  const fits = options.maxContextTokens - options.generationTokens;
  // A token is at least one UTF-8 byte, so a text of at most `fits` bytes fits whatever the tokenizer.
  if (Buffer.byteLength(prompt.text, "utf8") <= fits) return prompt.text;
  if (options.tokenizer === undefined) throw needTokenizer(`prompts longer than ${fits} tokens`);
  const tokenizer = await options.tokenizer();
  const ids = await tokenizer.encode(prompt.text);
  if (ids.length <= fits) return prompt.text;
  const queryAndAnswer = sliceCodePoints(prompt.text, prompt.queryStart);
  const suffix = `${options.truncationSeparator}${queryAndAnswer}`;
  const suffixTokens = (await tokenizer.encode(suffix)).length;
  const kept =
    options.maxContextTokens -
    suffixTokens -
    options.generationTokens -
    1 -
    (options.isChat ? CHAT_MARKUP_TOKENS : 0);
  if (kept <= 0) {
    throw new ConfigError(
      `zeroscrolls: --max-context-tokens ${options.maxContextTokens} leaves no room for the document: the query ` +
        `takes ${suffixTokens} tokens and the answer ${options.generationTokens}. Give a larger budget.`,
    );
  }
  return `${await tokenizer.decode(ids.slice(0, kept))}${suffix}`;
}

/**
 * summarize.py: `tokenizer.encode(text, add_special_tokens=True, truncation=True, max_length=n)` keeps the first
 * `n` tokens (special ones included); a server is given their text without the special tokens.
 */
export function cutRight(
  text: string,
  maxTokens: number,
  tokenizer: (() => Promise<TextTokenizer>) | undefined,
): Promise<string> {
  return truncatePromptTokens(
    text,
    {
      maxTokens,
      side: "right",
      purpose: `zeroscrolls (trtllm) keeps the first ${maxTokens} tokens of each prompt`,
    },
    tokenizer,
  );
}
