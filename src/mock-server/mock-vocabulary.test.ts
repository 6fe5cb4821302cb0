// The mock's vocabulary: ids one-to-one with token texts (a hash collision gets an id of its own), and decode the
// exact inverse of encode for the ids it handed out.
import { describe, expect, it } from "vitest";
import { createMockVocabulary, MOCK_BOS_TOKEN_ID } from "./mock-vocabulary.js";

describe("createMockVocabulary", () => {
  it("decodes what it encoded, BOS as <s> unless skipped, and refuses ids it never gave out", () => {
    const vocabulary = createMockVocabulary();
    const text = "  Hello,\tworld!\n\n 你好 🎉 trailing   ";
    const ids = vocabulary.encode(text, true);
    expect(ids[0]).toBe(MOCK_BOS_TOKEN_ID);
    expect(vocabulary.decode(ids, true)).toBe(text);
    expect(vocabulary.decode(ids, false)).toBe(`<s>${text}`);
    expect(() => vocabulary.decode([31_999_999], false)).toThrow(/never given out/);
  });

  it("keeps ids one-to-one when two words hash to the same id", () => {
    const vocabulary = createMockVocabulary();
    const words = Array.from({ length: 2_000 }, (_, index) => ` w${index}`);
    const ids = vocabulary.encode(words.join(""), false);
    expect(new Set(ids).size).toBe(words.length);
    // 2,000 words over 31,998 hash ids collide (birthday bound): some got ids above the hash range.
    expect(ids.some((id) => id >= 32_000)).toBe(true);
    expect(vocabulary.decode(ids, false)).toBe(words.join(""));
    expect(vocabulary.encode(words.join(""), false)).toEqual(ids);
  });
});
