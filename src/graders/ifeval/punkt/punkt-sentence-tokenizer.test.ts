// Sentences of nltk's English Punkt model; the expected lists are what nltk 3.8's `english.pickle` tokenizer returns.
import { describe, expect, it } from "vitest";
import { countSentences, englishSentences } from "./count-sentences.js";
import { punktSentenceSpans } from "./punkt-sentence-tokenizer.js";

describe("englishSentences", () => {
  it.each([
    [
      "Dr. Smith went to Washington. He arrived at 5 p.m. on Friday.",
      ["Dr. Smith went to Washington.", "He arrived at 5 p.m. on Friday."],
    ],
    [
      "The U.S. economy grew. It was 3.5 percent in 2020. Next year?",
      ["The U.S. economy grew.", "It was 3.5 percent in 2020.", "Next year?"],
    ],
    [
      "J. S. Bach wrote music. So did Mozart...and Haydn! Really?",
      ["J. S. Bach wrote music.", "So did Mozart...and Haydn!", "Really?"],
    ],
    [
      "1. First item\n2. second item\n3. Third item.",
      ["1.", "First item\n2. second item\n3.", "Third item."],
    ],
    [
      '"Is this quoted?" she asked. (Yes it is.) Then it ended.',
      ['"Is this quoted?"', "she asked.", "(Yes it is.)", "Then it ended."],
    ],
    [
      "Mr. and Mrs. Jones live on Elm St. They have a dog, i.e. a pet. Amazing!!! Wow.",
      ["Mr. and Mrs. Jones live on Elm St.", "They have a dog, i.e.", "a pet.", "Amazing!!!", "Wow."],
    ],
    ["This ends without punctuation", ["This ends without punctuation"]],
    ["", []],
    ["   \n  ", []],
    [
      "Hello world.\n\nNew paragraph here. And more text",
      ["Hello world.", "New paragraph here.", "And more text"],
    ],
  ])("%j", (text, expected) => {
    expect(englishSentences(text)).toEqual(expected);
    expect(countSentences(text)).toBe(expected.length);
  });

  it("splits at every period without parameters", () => {
    const empty = {
      abbreviationTypes: new Set<string>(),
      collocations: new Set<string>(),
      sentenceStarters: new Set<string>(),
      orthographicContext: new Map<string, number>(),
    };
    expect(punktSentenceSpans("Dr. Smith is here.", empty)).toEqual([
      [0, 3],
      [4, 18],
    ]);
  });
});
