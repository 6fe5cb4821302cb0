// OpenAI's tiktoken BPE encodings (through js-tiktoken, the JavaScript port), for references that count a prompt's
// tokens in a fixed encoding: SGLang's MMLU trims shots past 1,536 `gpt-3.5-turbo` tokens; OpenAI MRCR bins its
// rows by `o200k_base` tokens.
import type { Tiktoken } from "js-tiktoken/lite";

/** The encodings a reference names; `gpt-3.5-turbo` and `gpt-4` resolve to `cl100k_base`, `gpt-4o` to `o200k_base`. */
export type TiktokenEncodingName = "cl100k_base" | "o200k_base";

/** Counts the tokens of a text in one encoding. */
export type TokenCounter = (text: string) => number;

/** Distinct pieces remembered before the memo starts over (a few tens of MB at most). */
const MEMO_LIMIT = 500_000;

const loading = new Map<TiktokenEncodingName, Promise<TokenCounter>>();

async function loadRanks(name: TiktokenEncodingName) {
  switch (name) {
    case "cl100k_base":
      return (await import("js-tiktoken/ranks/cl100k_base")).default;
    case "o200k_base":
      return (await import("js-tiktoken/ranks/o200k_base")).default;
    default: {
      const unreachable: never = name;
      throw new Error(`unknown encoding ${String(unreachable)}`);
    }
  }
}

/**
 * Counts as `encode(text).length` does, a piece at a time: tiktoken splits the text with the encoding's pattern and
 * encodes each piece on its own, so a piece's count is remembered (long English texts repeat most of their pieces;
 * MRCR's million-token prompts count about three times faster). A piece is remembered only when the pattern,
 * applied to the piece alone, matches all of it (then encoding it alone is exactly its share); otherwise the whole
 * text is encoded.
 */
function countByPiece(encoder: Tiktoken, patternSource: string): TokenCounter {
  const splitter = new RegExp(patternSource, "gu");
  const whole = new RegExp(patternSource, "yu");
  const memo = new Map<string, number>();
  return (text) => {
    let total = 0;
    for (const match of text.matchAll(splitter)) {
      const piece = match[0];
      let count = memo.get(piece);
      if (count === undefined) {
        whole.lastIndex = 0;
        if (whole.exec(piece)?.[0] !== piece) return encoder.encode(text, [], []).length;
        count = encoder.encode(piece, [], []).length;
        if (memo.size >= MEMO_LIMIT) memo.clear();
        memo.set(piece, count);
      }
      total += count;
    }
    return total;
  };
}

async function loadCounter(name: TiktokenEncodingName): Promise<TokenCounter> {
  const [{ Tiktoken: TiktokenClass }, ranks] = await Promise.all([
    import("js-tiktoken/lite"),
    loadRanks(name),
  ]);
  return countByPiece(new TiktokenClass(ranks), ranks.pat_str);
}

/**
 * Loads an encoding once per process (cl100k_base's ranks are 1.7 MB, about 0.4 s to read; o200k_base's about 2 s)
 * and returns its counter. Special tokens written in the text (`<|endoftext|>`) count as ordinary text; Python
 * tiktoken's `encode` raises on them.
 */
export function loadTiktokenCounter(name: TiktokenEncodingName): Promise<TokenCounter> {
  const existing = loading.get(name);
  if (existing !== undefined) return existing;
  const counter = loadCounter(name);
  loading.set(name, counter);
  return counter;
}
