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
