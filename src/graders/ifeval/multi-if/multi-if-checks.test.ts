// The Multi-IF dialect through `evaluateIfeval`: each difference from Google's checkers, and no difference elsewhere.
import { describe, expect, it } from "vitest";
import { evaluateIfeval, type IfevalResult } from "../evaluate-ifeval.js";
import type { IfevalDialect } from "../ifeval-dialects.js";
import { IFEVAL_INSTRUCTION_IDS } from "../instruction-kwargs.js";
import { parseIfevalInstructions } from "../parse-ifeval-instructions.js";
import { multiIfInstructionChecks } from "./multi-if-checks.js";

function grade(
  dialect: IfevalDialect,
  response: string,
  instructionId: string,
  kwargs: Record<string, unknown> = {},
): IfevalResult {
  return evaluateIfeval({ prompt: "", response, instructionIds: [instructionId], kwargs: [kwargs], dialect });
}

function strictAndLoose(result: IfevalResult): [boolean, boolean] {
  return [result.strict.isFollowed, result.loose.isFollowed];
}

describe("Multi-IF dialect", () => {
  it("registers the same 25 ids in the same order", () => {
    expect(Object.keys(multiIfInstructionChecks)).toEqual(IFEVAL_INSTRUCTION_IDS);
    expect(parseIfevalInstructions(["punctuation:no_comma"], [{}], "multi-if")).toEqual([
      { instructionId: "punctuation:no_comma", kwargs: {} },
    ]);
  });

  it('accepts “…” and 「…」 as quotation, besides "…"', () => {
    for (const response of ["“北京是中国的首都。”", "「東京は日本の首都です。」", '"Hello"']) {
      expect(grade("multi-if", response, "startend:quotation").strict.isFollowed).toBe(true);
    }
    expect(grade("google", "“北京是中国的首都。”", "startend:quotation").strict.isFollowed).toBe(false);
    expect(grade("multi-if", "“北京”」", "startend:quotation").strict.isFollowed).toBe(false);
  });

  it("fails keywords:frequency when the keyword is not a valid regex (Google's raises)", () => {
    const kwargs = { keyword: "(", frequency: 1, relation: "less than" };
    expect(strictAndLoose(grade("multi-if", "a ( b", "keywords:frequency", kwargs))).toEqual([false, false]);
    expect(() => grade("google", "a ( b", "keywords:frequency", kwargs)).toThrow(SyntaxError);
  });

  it("counts Chinese words by character", () => {
    const response = "今天天气很好。我们去公园散步吧！你觉得怎么样？";
    const kwargs = { num_words: 20, relation: "at least" };
    expect(grade("multi-if", response, "length_constraints:number_words", kwargs).strict.isFollowed).toBe(
      true,
    );
    // Google's `\w+` sees three words (the runs between punctuation).
    expect(grade("google", response, "length_constraints:number_words", kwargs).strict.isFollowed).toBe(
      false,
    );
    const fewer = { num_words: 21, relation: "at least" };
    expect(grade("multi-if", response, "length_constraints:number_words", fewer).strict.isFollowed).toBe(
      false,
    );
  });

  it("counts Japanese sentences by 。！？ and Hindi sentences by danda", () => {
    const japanese = "日本の首都は東京です。東京はとても大きな都市です。私は東京が大好きです";
    const three = { num_sentences: 3, relation: "at least" };
    expect(grade("multi-if", japanese, "length_constraints:number_sentences", three).strict.isFollowed).toBe(
      true,
    );
    expect(grade("google", japanese, "length_constraints:number_sentences", three).strict.isFollowed).toBe(
      false,
    );
    const hindi = "नमस्ते। आप कैसे हैं? मैं ठीक हूँ! धन्यवाद।";
    const four = { num_sentences: 4, relation: "at least" };
    expect(grade("multi-if", hindi, "length_constraints:number_sentences", four).strict.isFollowed).toBe(
      true,
    );
    expect(grade("google", hindi, "length_constraints:number_sentences", four).strict.isFollowed).toBe(false);
  });

  it("counts Thai words with whitespace tokens", () => {
    // newmm: สวัสดี|ครับ| |วันนี้|อากาศ|ดีมาก
    const kwargs = { num_words: 6, relation: "at least" };
    const response = "สวัสดีครับ วันนี้อากาศดีมาก";
    expect(grade("multi-if", response, "length_constraints:number_words", kwargs).strict.isFollowed).toBe(
      true,
    );
    const seven = { num_words: 7, relation: "at least" };
    expect(grade("multi-if", response, "length_constraints:number_words", seven).strict.isFollowed).toBe(
      false,
    );
  });

  it("checks a whitespace-only response in strict (gen_acc_strict tests `if response`), never in loose", () => {
    expect(strictAndLoose(grade("multi-if", "   ", "punctuation:no_comma"))).toEqual([true, false]);
    expect(strictAndLoose(grade("google", "   ", "punctuation:no_comma"))).toEqual([false, false]);
    expect(strictAndLoose(grade("multi-if", "", "punctuation:no_comma"))).toEqual([false, false]);
  });

  it("grades English and Russian like Google", () => {
    const samples: [string, string, Record<string, unknown>][] = [
      [
        "The quick brown fox jumps over the lazy dog. It was not amused.",
        "length_constraints:number_sentences",
        { num_sentences: 2, relation: "at least" },
      ],
      [
        "Москва — столица России. Это очень большой город! Вы там были?",
        "length_constraints:number_sentences",
        { num_sentences: 3, relation: "less than" },
      ],
      [
        "Москва — столица России. Это очень большой город! Вы там были?",
        "length_constraints:number_words",
        { num_words: 10, relation: "at least" },
      ],
      ["*Hello*, world", "keywords:frequency", { keyword: "hello", frequency: 1, relation: "at least" }],
      ['  "quoted"  ', "startend:quotation", {}],
    ];
    for (const [response, instructionId, kwargs] of samples) {
      expect(grade("multi-if", response, instructionId, kwargs)).toEqual(
        grade("google", response, instructionId, kwargs),
      );
    }
  });
});
