// Unit tests of `simple_evals_mmlu`: each normalisation rule, answer-word order, letter mapping, and the reference's own verdicts.
import { describe, expect, it } from "vitest";
import { translatePythonPattern } from "./python-pattern.js";
import {
  extractSimpleEvalsMmluAnswer,
  MULTILINGUAL_ANSWER_WORDS,
  normalizeExtractedAnswer,
  normalizeResponse,
  simpleEvalsMmlu,
} from "./simple-evals-mmlu.js";

/**
 * Responses and the answer openai/simple-evals@ee3b0318 extracts (null = None), recorded by running its
 * `normalize_response` + the `MULTILINGUAL_ANSWER_REGEXES` loop of mmlu_eval.py under CPython 3.11.
 */
const REFERENCE_EXTRACTIONS: readonly (readonly [string, string | null])[] = [
  ["Answer: B", "B"],
  ["**Answer:** B", "B"],
  ["Answer: $\\boxed{C}$", "C"],
  ["Answer: \\(\\boxed{D}\\)", "D"],
  ["answer: b", "b"],
  ["Answer:\nB", null],
  ["Answer\n: C", "C"],
  ["The answer is C", null],
  ["Answer: E", null],
  ["Answer: Because it is", "B"],
  ["Answer: A\nAnswer: B", "A"],
  ["Antwort: C\nAnswer: D", "D"],
  ["Antwort: C", "C"],
  ["\u7b54\u6848\uff1a\uff22", "B"],
  ["\u7b54\u6848\uff1a\uff41", "\uff41"],
  ["\u7b54\u6848: C", "C"],
  ["\u7b54\uff1aD", "D"],
  ["\u0627\u0644\u0625\u062c\u0627\u0628\u0629: \u0628", "B"],
  ["\u0627\u0644\u0625\u062c\u0627\u0628\u0629:\u062c", "C"],
  ["\u0627\u0644\u0625\u062c\u0627\u0628\u0629: \u0627", "\u0627"],
  ["\u0625\u062c\u0627\u0628\u0629: \u062f", "D"],
  ["\u0989\u09a4\u09cd\u09a4\u09b0\u0983 \u0985", "A"],
  ["\u0989\u09a4\u09cd\u09a4\u09b0: \u09a1", "C"],
  ["\u0909\u0924\u094d\u0924\u0930: \u092c", null],
  ["R\u00e9ponse : D", "D"],
  ["R\u00c9PONSE: d", "d"],
  ["Jibu: A", "A"],
  ["\u00ccd\u00e1h\u00f9n: B", "B"],
  ["\u00c0\u1e63\u00e0y\u00e0n: C", "C"],
  ["R\u0130sposta: A", "A"],
  ["R\u0131sposta: A", "A"],
  ["Answer\u001c: B", "B"],
  ["Answer\ufeff: B", null],
  ["Answer:\tB", "B"],
  ["Answer: \u00a0B", null],
  ["Answer: $B$", "B"],
  ["Answer: {C}", "C"],
  ["Answer: \\text{D}", "D"],
  ["Answer: \\mathbf{A}", "A"],
  ["AN\u017fWER: B", "B"],
  ["Answer: **C**", "C"],
  ["Answer: (B)", null],
  ["", null],
  ["\uc815\ub2f5: C", "C"],
  ["\ub2f5: D", "D"],
  ["\ub2f5\ubcc0 : A", "A"],
  ["Answer:\u200b\u200b\u200b\u200b\u200b\u200bA", "A"],
  ["Respuesta: b", "b"],
  ["Resposta: C", "C"],
  ["Jawaban: D", "D"],
  ["\u89e3\u7b54: A", "A"],
  ["\u56de\u7b54\uff1aB", "B"],
  ["\u7b54\u3048: C", "C"],
  ["Idahun: D", "D"],
  ["\u00c0m\u1ecd\u0300n\u00e0: A", null],
  ["\u00c0d\u00e1h\u00f9n: B", "B"],
  ["\u00c0n\u00fag\u1ecd: C", null],
  ["Answer: \u09a2", "D"],
  ["Answer: \\$D", "D"],
  ["Answer: \u0299", null],
];

/** Characters of the answer words that CPython's `(?i)` matches beyond the character itself (all other: only itself). */
const PYTHON_CASE_FOLDS: Readonly<Record<string, readonly number[]>> = {
  A: [0x41, 0x61],
  I: [0x49, 0x69, 0x130, 0x131],
  J: [0x4a, 0x6a],
  R: [0x52, 0x72],
  a: [0x41, 0x61],
  b: [0x42, 0x62],
  d: [0x44, 0x64],
  e: [0x45, 0x65],
  g: [0x47, 0x67],
  h: [0x48, 0x68],
  i: [0x49, 0x69, 0x130, 0x131],
  m: [0x4d, 0x6d],
  n: [0x4e, 0x6e],
  o: [0x4f, 0x6f],
  p: [0x50, 0x70],
  r: [0x52, 0x72],
  s: [0x53, 0x73, 0x17f],
  t: [0x54, 0x74],
  u: [0x55, 0x75],
  w: [0x57, 0x77],
  y: [0x59, 0x79],
  "\u00c0": [0xc0, 0xe0],
  "\u00cc": [0xcc, 0xec],
  "\u00e0": [0xc0, 0xe0],
  "\u00e1": [0xc1, 0xe1],
  "\u00e9": [0xc9, 0xe9],
  "\u00f9": [0xd9, 0xf9],
  "\u1e63": [0x1e62, 0x1e63],
  "\u1ecd": [0x1ecc, 0x1ecd],
};

describe("simple_evals_mmlu: the reference's verdicts", () => {
  it.each(REFERENCE_EXTRACTIONS)("%j → %j", (response, expected) => {
    expect(extractSimpleEvalsMmluAnswer(response)?.answer ?? null).toBe(expected);
  });
});

describe("normalizeResponse", () => {
  it.each([
    ["**Answer:** B", "Answer: B"],
    ["$\\boxed{C}$", "C"],
    ["x}$y", "xy"],
    ["\\$5", "5"],
    ["$\\text{D}$", "D"],
    ["$B$", "B"],
    ["\\mathrm{A}", "A}"],
    ["\\{C\\}", "C\\}"],
    ["\\text D", " D"],
    ["\\(B\\)", "B\\)"],
    ["\\mathbf{D}", "D}"],
    ["{A}", "A}"],
    ["\\boxed C", " C"],
  ])("%j → %j", (response, expected) => {
    expect(normalizeResponse(response)).toBe(expected);
  });

  it("applies the removals in the reference's order", () => {
    // `}$` goes before `$\text{`, and both before `$`: removing `$` first would leave `\text{D}` → "D}".
    expect(normalizeResponse("$\\text{D}$")).toBe("D");
    // `\text` goes before `{`, and `\\text` keeps its first backslash.
    expect(normalizeResponse("\\\\text")).toBe("\\");
  });
});

describe("normalizeExtractedAnswer", () => {
  it.each([
    ["\u0623", "A"],
    ["\u0628", "B"],
    ["\u062c", "C"],
    ["\u062f", "D"],
    ["\u0985", "A"],
    ["\u09ac", "B"],
    ["\u09a1", "C"],
    ["\u09a2", "D"],
    ["\uff21", "A"],
    ["\uff22", "B"],
    ["\uff23", "C"],
    ["\uff24", "D"],
    ["b", "b"],
    ["\uff41", "\uff41"],
    ["\u0627", "\u0627"],
  ])("%j → %j", (letter, expected) => {
    expect(normalizeExtractedAnswer(letter)).toBe(expected);
  });
});

describe("simple_evals_mmlu: rules", () => {
  it("tries the answer words in the reference's order, not by position", () => {
    expect(extractSimpleEvalsMmluAnswer("Antwort: C\nAnswer: D")).toEqual({
      answer: "D",
      word: "Answer\\s*:",
    });
  });

  it("takes the leftmost match of the first word that matches", () => {
    expect(extractSimpleEvalsMmluAnswer("Answer: A\nAnswer: B")?.answer).toBe("A");
  });

  it("allows any Python whitespace before the colon and only spaces or tabs after it", () => {
    expect(extractSimpleEvalsMmluAnswer("Answer\x85: C")?.answer).toBe("C");
    expect(extractSimpleEvalsMmluAnswer("Answer\ufeff: C")).toBeNull();
    expect(extractSimpleEvalsMmluAnswer("Answer: \t C")?.answer).toBe("C");
    expect(extractSimpleEvalsMmluAnswer("Answer:\nC")).toBeNull();
  });

  it("matches the Arabic range أ–د, mapping only أ ب ج د", () => {
    expect(extractSimpleEvalsMmluAnswer("\u0627\u0644\u062c\u0648\u0627\u0628: \u062a")?.answer).toBe(
      "\u062a",
    );
    expect(extractSimpleEvalsMmluAnswer("\u0627\u0644\u062c\u0648\u0627\u0628: \u0630")).toBeNull();
  });

  it("folds case as CPython's (?i) does, over the whole BMP, for every character of every answer word", () => {
    const characters = new Set(MULTILINGUAL_ANSWER_WORDS.flatMap((word) => [...word.replaceAll("\\s*", "")]));
    const mismatches: string[] = [];
    for (const character of characters) {
      const regex = new RegExp(`^${translatePythonPattern(character, { isIgnoreCase: true })}$`, "iu");
      const matched: number[] = [];
      for (let codePoint = 0; codePoint <= 0xffff; codePoint++) {
        if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
        if (regex.test(String.fromCodePoint(codePoint))) matched.push(codePoint);
      }
      const expected = PYTHON_CASE_FOLDS[character] ?? [character.codePointAt(0)];
      if (JSON.stringify(matched) !== JSON.stringify(expected)) mismatches.push(character);
    }
    expect(mismatches).toEqual([]);
  });

  it("grades case-sensitively against the gold letter", () => {
    expect(simpleEvalsMmlu({ response: "Answer: B", gold: "B" })).toEqual({
      isCorrect: true,
      score: 1,
      extracted: "B",
      isUnparsed: false,
      reason: '"Answer\\\\s*:" → "B" = gold "B"',
    });
    expect(simpleEvalsMmlu({ response: "answer: b", gold: "B" })).toMatchObject({
      isCorrect: false,
      extracted: "b",
      isUnparsed: false,
    });
    expect(simpleEvalsMmlu({ response: "\u7b54\u6848\uff1a\uff22", gold: "B" }).isCorrect).toBe(true);
  });

  it("reports no answer as unparsed", () => {
    expect(simpleEvalsMmlu({ response: "The answer is (B).", gold: "B" })).toEqual({
      isCorrect: false,
      score: 0,
      extracted: null,
      isUnparsed: true,
      reason: "no multilingual 'Answer: X' found",
    });
  });
});
