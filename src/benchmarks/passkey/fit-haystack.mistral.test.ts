// --context-tokens with Mistral-7B's SentencePiece BPE (a real tokenizer.json, BOS counted): prompts of exactly the
// length asked for. Two prompts only: @huggingface/tokenizers takes 3–12 s to encode one of them here (this
// vocabulary has no pre-tokenizer, so the whole prompt is one BPE word); the depths between are o200k's test.
import { describe, expect, it } from "vitest";
import { npmTokenizer } from "../../tokenizers/test-support/npm-tokenizer-json.js";
import { prepareExactPrompts } from "./test-support/prepare-exact-prompts.js";

const tokenizer = npmTokenizer("mistral");

describe("passkey --context-tokens with Mistral's tokenizer", () => {
  it.each([
    [65_536, 0],
    [131_072, 100],
  ])(
    "makes %i-token prompts with the needle at %i %%",
    async (contextTokens, depth) => {
      const [prompt] = await prepareExactPrompts({ tokenizer, contextTokens, depth, keys: 1 });
      expect(prompt?.counted).toBe(contextTokens);
      const total = (prompt?.noiseBefore ?? 0) + (prompt?.noiseAfter ?? 0);
      expect(prompt?.noiseBefore).toBe(Math.round((depth * total) / 100));
      expect(prompt?.cut).not.toBe(depth <= 50 ? "start" : "end");
    },
    60_000,
  );
});
