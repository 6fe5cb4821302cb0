import { describe, expect, it } from "vitest";
import { buildFollowingResponse, buildViolatingResponse } from "./build-following-response.js";
import { evaluateIfevalInstructions } from "./evaluate-ifeval.js";
import { parseIfevalInstructions } from "./parse-ifeval-instructions.js";

type Row = [ids: string[], kwargs: Record<string, unknown>[]];

/** Written rows: each instruction alone, then sets that make the pieces interact. */
const ROWS: Record<string, Row> = {
  "keywords existence": [["keywords:existence"], [{ keywords: ["zelda", "hyrule", "link"] }]],
  "keyword at least": [["keywords:frequency"], [{ keyword: "peace", frequency: 10, relation: "at least" }]],
  "keyword less than": [["keywords:frequency"], [{ keyword: "the", frequency: 2, relation: "less than" }]],
  "forbidden words": [["keywords:forbidden_words"], [{ forbidden_words: ["the", "and", "in"] }]],
  "letter at least": [
    ["keywords:letter_frequency"],
    [{ letter: "q", let_frequency: 6, let_relation: "at least" }],
  ],
  "letter less than": [
    ["keywords:letter_frequency"],
    [{ letter: "e", let_frequency: 1, let_relation: "less than" }],
  ],
  "letter !": [["keywords:letter_frequency"], [{ letter: "!", let_frequency: 6, let_relation: "at least" }]],
  language: [["language:response_language"], [{ language: "th" }]],
  "sentences at least": [
    ["length_constraints:number_sentences"],
    [{ num_sentences: 40, relation: "at least" }],
  ],
  "sentences less than": [
    ["length_constraints:number_sentences"],
    [{ num_sentences: 2, relation: "less than" }],
  ],
  "star paragraphs": [["length_constraints:number_paragraphs"], [{ num_paragraphs: 5 }]],
  "words at least": [["length_constraints:number_words"], [{ num_words: 800, relation: "at least" }]],
  "words less than": [["length_constraints:number_words"], [{ num_words: 20, relation: "less than" }]],
  "nth paragraph": [
    ["length_constraints:nth_paragraph_first_word"],
    [{ num_paragraphs: 4, nth_paragraph: 4, first_word: "elm" }],
  ],
  placeholders: [["detectable_content:number_placeholders"], [{ num_placeholders: 12 }]],
  "P.P.S": [["detectable_content:postscript"], [{ postscript_marker: "P.P.S" }]],
  bullets: [["detectable_format:number_bullet_lists"], [{ num_bullets: 6 }]],
  constrained: [["detectable_format:constrained_response"], [{}]],
  highlights: [["detectable_format:number_highlighted_sections"], [{ num_highlights: 15 }]],
  sections: [["detectable_format:multiple_sections"], [{ section_spliter: "Day", num_sections: 7 }]],
  json: [["detectable_format:json_format"], [{}]],
  title: [["detectable_format:title"], [{}]],
  "two responses": [["combination:two_responses"], [{}]],
  "repeat prompt": [["combination:repeat_prompt"], [{ prompt_to_repeat: "Write a song about a corgi." }]],
  "end phrase": [["startend:end_checker"], [{ end_phrase: "Is there anything else I can help with?" }]],
  "capitals at least": [
    ["change_case:capital_word_frequency"],
    [{ capital_frequency: 20, capital_relation: "at least" }],
  ],
  "capitals less than": [
    ["change_case:capital_word_frequency"],
    [{ capital_frequency: 1, capital_relation: "less than" }],
  ],
  "english capital": [["change_case:english_capital"], [{}]],
  "english lowercase": [["change_case:english_lowercase"], [{}]],
  "no comma": [["punctuation:no_comma"], [{}]],
  quotation: [["startend:quotation"], [{}]],
  "json with paragraphs, title, end phrase": [
    [
      "detectable_format:json_format",
      "length_constraints:number_paragraphs",
      "detectable_format:title",
      "startend:end_checker",
    ],
    [{}, { num_paragraphs: 3 }, {}, { end_phrase: "Peace!" }],
  ],
  "json, quoted, two responses, capitals": [
    [
      "detectable_format:json_format",
      "startend:quotation",
      "combination:two_responses",
      "change_case:english_capital",
    ],
    [{}, {}, {}, {}],
  ],
  "json with the 3rd of 4 paragraphs, no comma": [
    ["detectable_format:json_format", "length_constraints:nth_paragraph_first_word", "punctuation:no_comma"],
    [{}, { num_paragraphs: 4, nth_paragraph: 3, first_word: "bonding" }, {}],
  ],
  "first paragraph word, title, sections, *** paragraphs": [
    [
      "length_constraints:nth_paragraph_first_word",
      "detectable_format:title",
      "detectable_format:multiple_sections",
      "length_constraints:number_paragraphs",
    ],
    [
      { num_paragraphs: 3, nth_paragraph: 1, first_word: "weekend" },
      {},
      { section_spliter: "SECTION", num_sections: 4 },
      { num_paragraphs: 3 },
    ],
  ],
  "Hindi with English keywords, placeholders and no comma": [
    [
      "language:response_language",
      "keywords:existence",
      "detectable_content:number_placeholders",
      "punctuation:no_comma",
    ],
    [{ language: "hi" }, { keywords: ["climate", "energy"] }, { num_placeholders: 3 }, {}],
  ],
  "lowercase, 100+ sentences under 300 words, P.S.": [
    [
      "change_case:english_lowercase",
      "length_constraints:number_sentences",
      "length_constraints:number_words",
      "detectable_content:postscript",
    ],
    [
      {},
      { num_sentences: 100, relation: "at least" },
      { num_words: 300, relation: "less than" },
      { postscript_marker: "P.S." },
    ],
  ],
  "capitals, bullets, end phrase, under 100 words": [
    [
      "change_case:english_capital",
      "detectable_format:number_bullet_lists",
      "length_constraints:number_words",
      "startend:end_checker",
    ],
    [{}, { num_bullets: 2 }, { num_words: 100, relation: "less than" }, { end_phrase: "Peace!" }],
  ],
  "letters: many c, no t, with highlights and two responses": [
    [
      "keywords:letter_frequency",
      "keywords:letter_frequency",
      "detectable_format:number_highlighted_sections",
      "combination:two_responses",
    ],
    [
      { letter: "c", let_frequency: 60, let_relation: "at least" },
      { letter: "t", let_frequency: 2, let_relation: "less than" },
      { num_highlights: 3 },
      {},
    ],
  ],
  "one sentence: P.P.S and an end phrase": [
    ["detectable_content:postscript", "length_constraints:number_sentences", "startend:end_checker"],
    [
      { postscript_marker: "P.P.S" },
      { num_sentences: 3, relation: "less than" },
      { end_phrase: "So what is next?" },
    ],
  ],
};

function follows(response: string, ids: string[], kwargs: Record<string, unknown>[]): boolean {
  const result = evaluateIfevalInstructions(response, parseIfevalInstructions(ids, kwargs));
  return result.strict.isFollowed && result.loose.isFollowed;
}

function isViolated(response: string, ids: string[], kwargs: Record<string, unknown>[]): boolean {
  const result = evaluateIfevalInstructions(response, parseIfevalInstructions(ids, kwargs));
  return !result.strict.isFollowed && !result.loose.isFollowed;
}

describe("buildFollowingResponse", () => {
  it.each(Object.entries(ROWS))(
    "follows %s (variants 0-2), and the violating response breaks it",
    (_, row) => {
      const [ids, kwargs] = row;
      const instructions = parseIfevalInstructions(ids, kwargs);
      for (const variant of [0, 1, 2]) {
        const response = buildFollowingResponse(instructions, { prompt: "", variant });
        expect(response, `variant ${variant}`).toBeDefined();
        expect(follows(response ?? "", ids, kwargs), `variant ${variant}: ${response}`).toBe(true);
        const violating = buildViolatingResponse(instructions, { prompt: "", variant });
        expect(violating.trim()).not.toBe("");
        expect(isViolated(violating, ids, kwargs), violating).toBe(true);
      }
    },
  );

  it("is deterministic, and variants change the words", () => {
    const instructions = parseIfevalInstructions(
      ["length_constraints:number_words"],
      [{ num_words: 50, relation: "at least" }],
    );
    const first = buildFollowingResponse(instructions, { prompt: "p", variant: 0 });
    expect(buildFollowingResponse(instructions, { prompt: "p", variant: 0 })).toBe(first);
    expect(buildFollowingResponse(instructions, { prompt: "p", variant: 1 })).not.toBe(first);
  });

  it("gives undefined for a set no response can follow", () => {
    const lowercaseAnswer = parseIfevalInstructions(
      ["change_case:english_lowercase", "detectable_format:constrained_response"],
      [{}, {}],
    );
    expect(buildFollowingResponse(lowercaseAnswer, { prompt: "", variant: 0 })).toBeUndefined();
    const commaInPrompt = parseIfevalInstructions(
      ["combination:repeat_prompt", "punctuation:no_comma"],
      [{ prompt_to_repeat: "Hello, world." }, {}],
    );
    expect(buildFollowingResponse(commaInPrompt, { prompt: "", variant: 0 })).toBeUndefined();
  });

  it("lays simple pieces out readably", () => {
    const instructions = parseIfevalInstructions(
      ["detectable_format:title", "detectable_format:number_bullet_lists", "detectable_content:postscript"],
      [{}, { num_bullets: 2 }, { postscript_marker: "P.S." }],
    );
    expect(buildFollowingResponse(instructions, { prompt: "", variant: 0 })).toMatchInlineSnapshot(`
      "<<The small>>
      The morning light moves slowly across the quiet valley. And the river carries cold water from the hills.
      * To the.
      * Town people.
      P.S. In the."
    `);
  });
});
