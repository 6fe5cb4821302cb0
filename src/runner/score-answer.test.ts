// What a scorer may return, checked once: named booleans, numbers and ratio() parts, the verdict, `details` as a JSON
// object, and what is a definition mistake (ConfigError) or the sample's own failure (E_SCORER).
import { describe, expect, it } from "vitest";
import type { AnswerToScore, RecipeProgram, RecipeScorer, ScorerOutput } from "../benchmarks/types.js";
import { ratio } from "../byob/scorer.js";
import { ConfigError } from "../errors.js";
import { checkScorerOutput, scoreAnswer } from "./score-answer.js";

const ANSWER: AnswerToScore = {
  sample: { id: "s1", task: "t", gold: "Paris" },
  response: "Paris",
  reasoning: "",
  finishReason: "stop",
  prompt: { type: "chat", messages: [{ role: "user", content: "Capital of France?" }] },
};

function returning(value: unknown): RecipeScorer {
  return { name: "scorer check", score: async () => value as ScorerOutput };
}

describe("ratio", () => {
  it("makes a numerator/denominator pair, a zero denominator included", () => {
    expect(ratio(3, 4)).toEqual({ numerator: 3, denominator: 4 });
    expect(ratio(0, 0)).toEqual({ numerator: 0, denominator: 0 });
  });

  it.each([
    [1, -1],
    [Number.NaN, 1],
    [1, Number.POSITIVE_INFINITY],
  ])("refuses ratio(%s, %s) with the fix", (numerator, denominator) => {
    expect(() => ratio(numerator, denominator)).toThrow(ConfigError);
    expect(() => ratio(numerator, denominator)).toThrow(/give finite numbers and a denominator ≥ 0/);
  });
});

describe("scoreAnswer with a recipe scorer", () => {
  it("keeps ratio values among the scores and takes `correct` as the verdict", async () => {
    const scored = await scoreAnswer(
      returning({ correct: true, inst: ratio(2, 3), length: 5, reason: "2 of 3 followed" }),
      ANSWER,
    );
    expect(scored.scores).toEqual({ correct: true, inst: { numerator: 2, denominator: 3 }, length: 5 });
    expect(scored.grade).toEqual({
      isCorrect: true,
      score: 1,
      extracted: null,
      isUnparsed: false,
      reason: "2 of 3 followed",
    });
    expect(scored.error).toBeUndefined();
  });

  it("never takes a ratio as the verdict: with `correct` a ratio, the first boolean decides", async () => {
    const withBoolean = await scoreAnswer(
      returning({ correct: ratio(1, 1), strict: false, loose: true }),
      ANSWER,
    );
    expect(withBoolean.grade.isCorrect).toBe(false);
    expect(withBoolean.grade.score).toBe(0);
    // Without a boolean there is no verdict: wrong, its score the first plain number.
    const numbersOnly = await scoreAnswer(returning({ correct: ratio(1, 1), f1: 0.75 }), ANSWER);
    expect(numbersOnly.grade.isCorrect).toBe(false);
    expect(numbersOnly.grade.score).toBe(0.75);
    // `correct` as 0/1 is a verdict.
    expect((await scoreAnswer(returning({ correct: 1 }), ANSWER)).grade.isCorrect).toBe(true);
  });

  it.each([
    ["a ratio missing its denominator", { correct: true, inst: { numerator: 1 } }, /"inst"/],
    [
      "a ratio with a negative denominator",
      { correct: true, inst: { numerator: 1, denominator: -2 } },
      /"inst"/,
    ],
    ["a ratio with an extra key", { inst: { numerator: 1, denominator: 2, weight: 1 } }, /"inst"/],
    ["a string value", { correct: "yes" }, /the string "yes" for "correct"/],
    ["nothing", {}, /returned \{\}/],
    ["an array", [true], /returned an array/],
  ])("refuses %s as a definition mistake", async (_what, value, message) => {
    const scoring = scoreAnswer(returning(value), ANSWER);
    await expect(scoring).rejects.toThrow(ConfigError);
    await expect(scoring).rejects.toThrow(message);
  });

  it("keeps `details` as a JSON copy, out of the scores", async () => {
    const found = { per_instruction: [{ id: "length", ok: true, at: new Date(0) }], skipped: undefined };
    const scored = await scoreAnswer(returning({ correct: true, details: found }), ANSWER);
    expect(scored.scores).toEqual({ correct: true });
    expect(scored.details).toEqual({
      per_instruction: [{ id: "length", ok: true, at: "1970-01-01T00:00:00.000Z" }],
    });
    // A copy: changing the scorer's object afterwards does not change the record's.
    found.per_instruction[0] = { id: "changed", ok: false, at: new Date(0) };
    expect(scored.details?.["per_instruction"]).toEqual([
      { id: "length", ok: true, at: "1970-01-01T00:00:00.000Z" },
    ]);
  });

  it("refuses `details` that is not a JSON object", async () => {
    const circular: Record<string, unknown> = { name: "loop" };
    circular["self"] = circular;
    // A Date is an object whose JSON is a string: the journal could not read it back as details.
    for (const details of [["a", "list"], "text", null, { big: 10n }, circular, new Date(0)]) {
      const scoring = scoreAnswer(returning({ correct: true, details }), ANSWER);
      await expect(scoring).rejects.toThrow(ConfigError);
      await expect(scoring).rejects.toThrow(/"details" must be a JSON object/);
    }
  });

  it("refuses a `reason` that is not text", async () => {
    await expect(scoreAnswer(returning({ correct: true, reason: 3 }), ANSWER)).rejects.toThrow(
      /the number 3 for "reason"/,
    );
  });

  it("records a scorer that throws as the sample's E_SCORER error, the run going on", async () => {
    const throwing: RecipeScorer = {
      name: "scorer fragile",
      score: async () => {
        throw new RangeError("index out of range");
      },
    };
    const scored = await scoreAnswer(throwing, ANSWER);
    expect(scored.error).toEqual({ code: "E_SCORER", message: "scorer fragile threw: index out of range" });
    expect(scored.grade).toMatchObject({ isCorrect: false, isUnparsed: true });
  });

  it("refuses to grade a single answer with a program", async () => {
    const conversation: RecipeProgram = { name: "program chat", kind: "program", run: async () => ({}) };
    await expect(scoreAnswer(conversation, ANSWER)).rejects.toThrow(/program chat runs whole samples/);
  });
});

describe("checkScorerOutput", () => {
  it("is what a program's grade goes through: extracted and reason kept, details split off", () => {
    expect(
      checkScorerOutput({ turn_1: true, turn_2: false, extracted: "B", details: { turns: 2 } }, "program p"),
    ).toEqual({
      grade: {
        isCorrect: true,
        score: 1,
        extracted: "B",
        isUnparsed: false,
        reason: 'scores {"turn_1":true,"turn_2":false}',
      },
      scores: { turn_1: true, turn_2: false },
      details: { turns: 2 },
    });
  });
});
