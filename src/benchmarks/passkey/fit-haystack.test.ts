// The haystack search on tokenizers whose counts do not add up line by line (found by counting whole prompts) and
// on one where a length cannot be reached at all (a clear error), with stand-in tokenizers that count characters.
import { describe, expect, it } from "vitest";
import type { TextTokenizer } from "../../core/tokenizer.js";
import { createHaystackFitter, haystackContext } from "./fit-haystack.js";
import { NOISE_LINE, needleLine } from "./passkey-text.js";

/** A tokenizer whose count is `countOf(text)`; it records how many whole prompts it counted. */
function countingTokenizer(countOf: (text: string) => number): TextTokenizer & { longCounts: number } {
  const tokenizer = {
    longCounts: 0,
    record: { spec: "stand-in", kind: "file", source: "test", implementation: "test" } as const,
    async encode(text: string) {
      if (text.length > 5_000) tokenizer.longCounts++;
      return Array.from({ length: countOf(text) }, () => 0);
    },
    async decode() {
      return "";
    },
  };
  return tokenizer;
}

describe("createHaystackFitter", () => {
  it("reaches the exact length when counts do not add up per line (one token per 4 characters, rounded up)", async () => {
    const tokenizer = countingTokenizer((text) => Math.ceil(text.length / 4));
    const fitter = createHaystackFitter(tokenizer);
    for (const contextTokens of [5_001, 5_002, 5_003, 5_004]) {
      const text = await fitter.fit({ contextTokens, depthPercent: 30, key: "12345", prefix: "" });
      expect(Math.ceil(text.length / 4)).toBe(contextTokens);
      expect(text).toContain(needleLine("12345"));
    }
    // The stand-in's estimate missed, so whole prompts were counted beyond the one check per length.
    expect(tokenizer.longCounts).toBeGreaterThan(4);
  });

  it("lays a depth's haystack out once for all its keys, and counts each prompt", async () => {
    const tokenizer = countingTokenizer((text) => text.length);
    const fitter = createHaystackFitter(tokenizer);
    const first = await fitter.fit({ contextTokens: 20_000, depthPercent: 80, key: "11111", prefix: "" });
    const searched = tokenizer.longCounts;
    const second = await fitter.fit({ contextTokens: 20_000, depthPercent: 80, key: "22222", prefix: "" });
    expect([first.length, second.length]).toEqual([20_000, 20_000]);
    expect(second).toBe(first.replaceAll("11111", "22222"));
    expect(tokenizer.longCounts).toBe(searched + 1);
  });

  it("says so when no haystack gives the length (a tokenizer whose counts are all even)", async () => {
    const fitter = createHaystackFitter(countingTokenizer((text) => 2 * text.length));
    await expect(
      fitter.fit({ contextTokens: 9_999, depthPercent: 0, key: "12345", prefix: "" }),
    ).rejects.toThrow(/no haystack makes the prompt exactly 9999 tokens with stand-in at depth 0%/);
  });

  it("cuts a noise line at the end for shallow needles and at the start for deep ones", () => {
    const end = haystackContext({ noiseBefore: 1, noiseAfter: 1, cutChars: 9, cutSide: "end" }, "12345");
    expect(end).toBe(`${NOISE_LINE}${needleLine("12345")}${NOISE_LINE}The grass\n`);
    const start = haystackContext({ noiseBefore: 1, noiseAfter: 0, cutChars: 11, cutSide: "start" }, "12345");
    expect(start).toBe(`back again.\n${NOISE_LINE}${needleLine("12345")}`);
  });
});
