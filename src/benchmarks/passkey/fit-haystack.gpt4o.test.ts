// --context-tokens with OpenAI's o200k_base (a real tokenizer.json): every prompt is exactly the length asked for,
// the needle after round(depth % of the whole lines), the cut line on the side away from it; the layout is shared by
// a depth's keys; a system prompt of a completion prompt is counted; a length below the bare prompt is refused.
import { describe, expect, it } from "vitest";
import { npmTokenizer } from "../../tokenizers/test-support/npm-tokenizer-json.js";
import { prepareExactPrompts } from "./test-support/prepare-exact-prompts.js";

const tokenizer = npmTokenizer("gpt4o");

describe("passkey --context-tokens with o200k_base", () => {
  it.each([
    [65_536, 0],
    [65_536, 37],
    [65_536, 100],
    [131_072, 0],
    [131_072, 100],
  ])(
    "makes %i-token prompts with the needle at %i %%",
    async (contextTokens, depth) => {
      const keys = depth === 37 ? 2 : 1;
      const prompts = await prepareExactPrompts({ tokenizer, contextTokens, depth, keys });
      expect(prompts).toHaveLength(keys);
      for (const prompt of prompts) {
        expect(prompt.counted).toBe(contextTokens);
        const total = prompt.noiseBefore + prompt.noiseAfter;
        expect(total * 24).toBeGreaterThan(contextTokens - 200);
        expect(prompt.noiseBefore).toBe(Math.round((depth * total) / 100));
        if (depth === 0) expect(prompt.noiseBefore).toBe(0);
        if (depth === 100) expect(prompt.noiseAfter).toBe(0);
        expect(prompt.cut).not.toBe(depth <= 50 ? "start" : "end");
      }
      // The second key reuses the first one's layout (o200k reads any five digits as two tokens).
      if (prompts.length === 2) {
        expect([prompts[1]?.noiseBefore, prompts[1]?.noiseAfter]).toEqual([
          prompts[0]?.noiseBefore,
          prompts[0]?.noiseAfter,
        ]);
        expect(prompts[1]?.sample.key).not.toBe(prompts[0]?.sample.key);
      }
    },
    30_000,
  );

  it("counts a completion prompt's system prompt in the length", async () => {
    const [prompt] = await prepareExactPrompts({
      tokenizer,
      contextTokens: 20_000,
      depth: 50,
      keys: 1,
      promptOptions: { systemPrompt: "You are a careful reader." },
    });
    expect(prompt?.text.startsWith("You are a careful reader.\n\nThere is an important info")).toBe(true);
    expect(prompt?.counted).toBe(20_000);
  });

  it("refuses a length below the prompt without any haystack", async () => {
    const systemPrompt = "Read the whole text below with care before you answer the question at its end.";
    await expect(
      prepareExactPrompts({
        tokenizer,
        contextTokens: 64,
        depth: 0,
        keys: 1,
        promptOptions: { systemPrompt },
      }),
    ).rejects.toThrow(/--context-tokens 64 is fewer than the \d+ tokens the prompt has with no haystack/);
  });
});
