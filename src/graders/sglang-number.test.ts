// Unit tests of `sglang_number`: SGLang's get_answer_value (commas, last digit run, literal_eval's INVALID cases) and its verdicts.
import { describe, expect, it } from "vitest";
import { gsm8kGold } from "../benchmarks/gsm8k/gsm8k-rows.js";
import { readJsonlFixture } from "../benchmarks/test-support/read-jsonl-fixture.js";
import { printSkipReason, sharedDataDir } from "../benchmarks/test-support/shared-data-dir.js";
import { getAnswerValue, sglangNumber } from "./sglang-number.js";

/**
 * Texts and the int sgl-project/sglang@b2d7f2bb `get_answer_value` returns (null = INVALID, -9999999), recorded by
 * running it under CPython 3.11.
 */
const REFERENCE_VALUES: readonly (readonly [string, string | null])[] = [
  ["The answer is 18.", "18"],
  ["18.5", "5"],
  ["-18", "18"],
  ["1,000", "1000"],
  ["007", null],
  ["00", "0"],
  ["0", "0"],
  ["\u0663", null],
  ["3\u0663", null],
  ["no number", null],
  ["x 12 then 05", null],
  ["#### 18\n\nQuestion", "18"],
  ["\uff10\uff10", null],
  ["\uff11\uff18", null],
  ["18 and 2024", "2024"],
  ["2,0,2,4", "2024"],
  ["\ud835\udfcf\ud835\udfd6", null],
  ["12abc34", "34"],
  ["1".repeat(4300), "1".repeat(4300)],
  ["1".repeat(4301), null],
  ["0".repeat(5000), "0"],
];

const answerValue = (text: string): string | null => {
  const result = getAnswerValue(text);
  return "value" in result ? result.value : null;
};

describe("sglang_number: the reference's values", () => {
  it.each(REFERENCE_VALUES.map(([text, value]) => [text.slice(0, 40), text, value] as const))(
    "%j",
    (_label, text, expected) => {
      expect(answerValue(text)).toBe(expected);
    },
  );
});

describe("sglang_number: rules", () => {
  it("removes commas before reading digit runs", () => {
    expect(answerValue("1,234,567")).toBe("1234567");
    expect(answerValue("3, 4")).toBe("4");
  });

  it("reads no sign and no decimals: the last run of digits", () => {
    expect(answerValue("-7")).toBe("7");
    expect(answerValue("3.25")).toBe("25");
  });

  it("is INVALID for a leading zero (a Python syntax error), but 0 and 00 are 0", () => {
    expect(getAnswerValue("It is 05")).toEqual({ invalid: 'leading zero in "05"' });
    expect(answerValue("00")).toBe("0");
  });

  it("is INVALID for a non-ASCII digit, which Python's \\d matches but literal_eval rejects", () => {
    expect(getAnswerValue("12 \u0661\u0662")).toEqual({ invalid: 'non-ASCII digit in "\u0661\u0662"' });
  });

  it("is INVALID without digits", () => {
    expect(getAnswerValue("none")).toEqual({ invalid: "no digits" });
  });

  it("grades both sides through get_answer_value", () => {
    expect(sglangNumber({ response: "She makes $1,018 a day.", gold: "1018" })).toEqual({
      isCorrect: true,
      score: 1,
      extracted: "1018",
      isUnparsed: false,
      reason: "last integer 1018 = gold 1018",
    });
    expect(sglangNumber({ response: "The loss is -10.", gold: "-10" }).isCorrect).toBe(true);
    expect(sglangNumber({ response: "#### 18\nThat is 18 in 2 days", gold: "18" })).toMatchObject({
      isCorrect: false,
      extracted: "2",
    });
    expect(sglangNumber({ response: "Answer: 007", gold: "7" })).toEqual({
      isCorrect: false,
      score: 0,
      extracted: null,
      isUnparsed: true,
      reason: 'INVALID: leading zero in "007"',
    });
  });

  it("says so when the gold itself is INVALID (the reference asserts it never is)", () => {
    expect(sglangNumber({ response: "7", gold: "seven" })).toMatchObject({
      isCorrect: false,
      extracted: "7",
    });
  });
});

const dataDir = sharedDataDir("gsm8k/test.jsonl");
if (dataDir === undefined) printSkipReason("sglang_number real-data tests");

describe.skipIf(dataDir === undefined)("sglang_number on the shared GSM8K test set", () => {
  it("gives every solution's label from the benchmark's gold, and accepts every solution", async () => {
    const rows = await readJsonlFixture(dataDir ?? "", "gsm8k/test.jsonl");
    const differing = rows.filter((row) => {
      const answer = String(row["answer"]);
      const label = answerValue(answer);
      return (
        label === null ||
        label !== answerValue(gsm8kGold(answer)) ||
        !sglangNumber({ response: answer, gold: gsm8kGold(answer) }).isCorrect
      );
    });
    expect(rows.length).toBe(1319);
    expect(differing).toEqual([]);
  });
});
