// `count_words`: runs of Python's `\w`.
import { describe, expect, it } from "vitest";
import { countWords } from "./count-words.js";

describe("countWords", () => {
  it.each([
    ["", 0],
    ["Hello, world!", 2],
    ["snake_case and 3.14", 4],
    ["don't", 2],
    ["naïve café", 2],
  ])("%j has %i words", (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });
});
