import { describe, expect, it } from "vitest";
import { loadTiktokenCounter } from "./load-tiktoken-counter.js";

describe("loadTiktokenCounter", () => {
  it("counts cl100k_base tokens as tiktoken does", async () => {
    const count = await loadTiktokenCounter("cl100k_base");
    // OpenAI's cookbook: "tiktoken is great!" → [83, 1609, 5963, 374, 2294, 0]; "hello world" → [15339, 1917].
    expect(count("tiktoken is great!")).toBe(6);
    expect(count("hello world")).toBe(2);
    expect(count("")).toBe(0);
  });

  it("reads special-token text as ordinary text instead of throwing", async () => {
    const count = await loadTiktokenCounter("cl100k_base");
    expect(count("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("loads each encoding once", async () => {
    expect(loadTiktokenCounter("cl100k_base")).toBe(loadTiktokenCounter("cl100k_base"));
  });
});

describe("loadTiktokenCounter o200k_base", () => {
  it("counts o200k_base tokens as tiktoken does", async () => {
    const count = await loadTiktokenCounter("o200k_base");
    // tiktoken's own test (tests/test_encoding.py): "hello world" is [24912, 2375] in o200k_base.
    expect(count("hello world")).toBe(2);
    expect(count("")).toBe(0);
  });

  it("gives, piece by piece, the count of encoding the whole text, on varied text", async () => {
    const count = await loadTiktokenCounter("o200k_base");
    const { Tiktoken } = await import("js-tiktoken/lite");
    const ranks = (await import("js-tiktoken/ranks/o200k_base")).default;
    const encoder = new Tiktoken(ranks);
    const parts = [
      "User: Write a poem about tapirs",
      "Assistant: In emerald shade, the tapir roams —\n\n",
      "  indented   spaces\t\ttabs\r\n",
      "numbers 1234567 3.14159 and 1,000,000",
      "contractions: don't, I'LL, they've",
      "ünïcödé, 日本語のテキスト, emoji 🙂👍🏽",
      "<|endoftext|> is text here",
      "trailing spaces    ",
      "\n\n\n",
      "CamelCaseWords andALLCAPS mixedCASEword",
    ];
    let seed = 7;
    for (let round = 0; round < 200; round++) {
      let text = "";
      for (let piece = 0; piece < 12; piece++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += parts[seed % parts.length];
      }
      expect(count(text)).toBe(encoder.encode(text, [], []).length);
    }
  });
});
