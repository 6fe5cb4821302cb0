// nltk's `word_tokenize`; the expected tokens are what nltk 3.8 returns with the English Punkt model.
import { describe, expect, it } from "vitest";
import { wordTokenize } from "./word-tokenize.js";

describe("wordTokenize", () => {
  it.each([
    [
      "I can't believe it's not BUTTER! They're gonna say \"cannot\" -- right?",
      [
        "I",
        "ca",
        "n't",
        "believe",
        "it",
        "'s",
        "not",
        "BUTTER",
        "!",
        "They",
        "'re",
        "gon",
        "na",
        "say",
        "``",
        "can",
        "not",
        "''",
        "--",
        "right",
        "?",
      ],
    ],
    [
      "THE U.S.A. IS BIG. NASA'S AI-DRIVEN WORK (SEE [1]) COSTS $3.88... OK?",
      [
        "THE",
        "U.S.A.",
        "IS",
        "BIG",
        ".",
        "NASA",
        "'S",
        "AI-DRIVEN",
        "WORK",
        "(",
        "SEE",
        "[",
        "1",
        "]",
        ")",
        "COSTS",
        "$",
        "3.88",
        "...",
        "OK",
        "?",
      ],
    ],
    [
      "Don't tokenize 'tis wrong: 'quoted' words, and «guillemets» too.",
      [
        "Do",
        "n't",
        "tokenize",
        "'t",
        "is",
        "wrong",
        ":",
        "'quoted",
        "'",
        "words",
        ",",
        "and",
        "«",
        "guillemets",
        "»",
        "too",
        ".",
      ],
    ],
    [
      "HERE there are THREE FUlly CAPITAL words.",
      ["HERE", "there", "are", "THREE", "FUlly", "CAPITAL", "words", "."],
    ],
  ])("%j", (text, expected) => {
    expect(wordTokenize(text)).toEqual(expected);
  });
});
