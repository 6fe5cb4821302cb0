// Strict and loose evaluation of one sample, and the four aggregate metrics.
import { describe, expect, it } from "vitest";
import { DatasetError } from "../../errors.js";
import { aggregateIfeval } from "./aggregate-ifeval.js";
import { evaluateIfeval, looseResponseVariants } from "./evaluate-ifeval.js";

describe("looseResponseVariants", () => {
  it("lists the official eight variants in order", () => {
    expect(looseResponseVariants("Sure!\n**Body** text\nBye")).toEqual([
      "Sure!\n**Body** text\nBye",
      "Sure!\nBody text\nBye",
      "**Body** text\nBye",
      "Sure!\n**Body** text",
      "**Body** text",
      "Body text\nBye",
      "Sure!\nBody text",
      "Body text",
    ]);
  });
});

describe("evaluateIfeval", () => {
  it("passes loose but not strict when only an added first line breaks the rule", () => {
    const result = evaluateIfeval({
      prompt: "Wrap it in quotes.",
      response: 'Here you go:\n"All wrapped."',
      instructionIds: ["startend:quotation", "punctuation:no_comma"],
      kwargs: [{}, {}],
    });
    expect(result.strict).toEqual({
      isFollowed: false,
      perInstruction: [
        { instructionId: "startend:quotation", isFollowed: false },
        { instructionId: "punctuation:no_comma", isFollowed: true },
      ],
    });
    expect(result.loose.isFollowed).toBe(true);
  });

  it("lets removing `*` satisfy the loose check", () => {
    const result = evaluateIfeval({
      prompt: "",
      response: "*Title*\nword word word",
      instructionIds: ["detectable_format:number_bullet_lists"],
      kwargs: [{ num_bullets: 0 }],
    });
    expect(result.strict.isFollowed).toBe(false);
    expect(result.loose.isFollowed).toBe(true);
  });

  it("fails every instruction of a blank response, even one a blank text would pass", () => {
    const result = evaluateIfeval({
      prompt: "",
      response: "  \n ",
      instructionIds: ["punctuation:no_comma"],
      kwargs: [{}],
    });
    expect(result.strict.isFollowed).toBe(false);
    expect(result.loose.isFollowed).toBe(false);
  });

  it("drops null kwargs, as Hugging Face rows carry every key", () => {
    const result = evaluateIfeval({
      prompt: "",
      response: "one two three",
      instructionIds: ["length_constraints:number_words"],
      kwargs: [{ num_words: 3, relation: "at least", keywords: null, language: null }],
    });
    expect(result.strict.isFollowed).toBe(true);
  });

  it("rejects an unknown instruction id, listing the known ones", () => {
    expect(() =>
      evaluateIfeval({ prompt: "", response: "x", instructionIds: ["keywords:key_sentences"], kwargs: [{}] }),
    ).toThrow(/Unknown IFEval instruction "keywords:key_sentences". Available: keywords:existence/);
  });

  it("rejects kwargs the check cannot use", () => {
    const evaluate = (kwargs: unknown) => () =>
      evaluateIfeval({ prompt: "", response: "x", instructionIds: ["keywords:frequency"], kwargs: [kwargs] });
    expect(evaluate({ keyword: "x", frequency: 2 })).toThrow(DatasetError);
    expect(evaluate({ keyword: "x", frequency: 2, relation: "at most" })).toThrow(DatasetError);
    expect(() =>
      evaluateIfeval({ prompt: "", response: "x", instructionIds: ["punctuation:no_comma"], kwargs: [] }),
    ).toThrow(DatasetError);
  });
});

describe("aggregateIfeval", () => {
  it("computes prompt- and instruction-level accuracy, strict and loose, with the per-id tables", () => {
    const samples = [
      { response: 'Intro\n"quoted"', ids: ["startend:quotation", "punctuation:no_comma"] },
      { response: "a, b", ids: ["punctuation:no_comma"] },
      { response: '"fine"', ids: ["startend:quotation"] },
    ].map(({ response, ids }) =>
      evaluateIfeval({ prompt: "", response, instructionIds: ids, kwargs: ids.map(() => ({})) }),
    );
    const metrics = aggregateIfeval(samples);
    expect(metrics.strict.promptLevel).toEqual({ followed: 1, total: 3, accuracy: 1 / 3 });
    expect(metrics.strict.instructionLevel).toEqual({ followed: 2, total: 4, accuracy: 0.5 });
    expect(metrics.loose.promptLevel).toEqual({ followed: 2, total: 3, accuracy: 2 / 3 });
    expect(metrics.loose.instructionLevel).toEqual({ followed: 3, total: 4, accuracy: 0.75 });
    expect(metrics.strict.byInstruction).toEqual({
      "punctuation:no_comma": { followed: 1, total: 2, accuracy: 0.5 },
      "startend:quotation": { followed: 1, total: 2, accuracy: 0.5 },
    });
    expect(Object.keys(metrics.loose.byCategory)).toEqual(["punctuation", "startend"]);
  });

  it("reports zero accuracy, not NaN, for no samples", () => {
    expect(aggregateIfeval([]).strict.promptLevel).toEqual({ followed: 0, total: 0, accuracy: 0 });
  });
});
