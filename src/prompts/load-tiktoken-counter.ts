// OpenAI's tiktoken BPE encodings (through js-tiktoken, the JavaScript port), for references that limit a prompt
// by its token count in a fixed encoding: SGLang's MMLU trims shots past 1,536 `gpt-3.5-turbo` tokens.
import type { Tiktoken } from "js-tiktoken/lite";

/** The encodings a reference names; `gpt-3.5-turbo` and `gpt-4` resolve to `cl100k_base` in tiktoken. */
export type TiktokenEncodingName = "cl100k_base";

/** Counts the tokens of a text in one encoding. */
export type TokenCounter = (text: string) => number;

const loading = new Map<TiktokenEncodingName, Promise<TokenCounter>>();

async function loadEncoder(name: TiktokenEncodingName): Promise<Tiktoken> {
  const [{ Tiktoken: TiktokenClass }, ranks] = await Promise.all([
    import("js-tiktoken/lite"),
    import("js-tiktoken/ranks/cl100k_base"),
  ]);
  const encodings = { cl100k_base: ranks.default };
  return new TiktokenClass(encodings[name]);
}

/**
 * Loads an encoding once per process (the ranks are 1.7 MB, about 0.4 s to read) and returns its counter. Special
 * tokens written in the text (`<|endoftext|>`) count as ordinary text; Python tiktoken's `encode` raises on them.
 */
export function loadTiktokenCounter(name: TiktokenEncodingName): Promise<TokenCounter> {
  const existing = loading.get(name);
  if (existing !== undefined) return existing;
  const counter = loadEncoder(name).then((encoder) => (text: string) => encoder.encode(text, [], []).length);
  loading.set(name, counter);
  return counter;
}
