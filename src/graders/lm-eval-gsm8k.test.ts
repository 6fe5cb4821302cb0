// Unit tests of the `lm_eval_gsm8k_*` graders: both filters of gsm8k and gsm8k-cot, exact_match's normalisation, the reference's verdicts.
import { describe, expect, it } from "vitest";
import { gsm8kGold } from "../benchmarks/gsm8k/gsm8k-rows.js";
import { readJsonlFixture } from "../benchmarks/test-support/read-jsonl-fixture.js";
import { printSkipReason, sharedDataDir } from "../benchmarks/test-support/shared-data-dir.js";
import {
  lmEvalGsm8kCotFlexible,
  lmEvalGsm8kCotStrict,
  lmEvalGsm8kExtract,
  lmEvalGsm8kFlexible,
  lmEvalGsm8kNormalize,
  lmEvalGsm8kStrict,
  lmEvalGsm8kTarget,
} from "./lm-eval-gsm8k.js";
import type { Grader } from "./types.js";

/** A made-up solution in GSM8K's format, as lm-eval's gold (`doc["answer"]`). */
const SOLUTION = "2 + 2 = <<2+2=4>>4 apples, 4 * 4.5 = $<<4*4.5=18>>18.\n#### 18";

type Verdict = readonly [extracted: string | null, score: 0 | 1];

/**
 * Responses and, for gsm8k strict-match, gsm8k flexible-extract, gsm8k-cot strict-match, gsm8k-cot flexible-extract,
 * the filtered answer (null = `[invalid]`) and the exact_match score EleutherAI/lm-evaluation-harness@4e7e0d47 gives
 * against `SOLUTION` and against "18" alike — recorded by running its `RegexFilter`, the yamls' `doc_to_target`
 * (jinja) and `exact_match_hf_evaluate` (numpy) under CPython 3.11.
 */
const REFERENCE_VERDICTS: readonly (readonly [string, Verdict, Verdict, Verdict, Verdict])[] = [
  ["#### 18", ["18", 1], ["18", 1], [null, 0], ["18", 1]],
  ["#### 18.00", ["18.00", 0], ["18.00", 0], [null, 0], ["18.00", 0]],
  ["#### $18", [null, 0], ["$18", 1], [null, 0], ["$18", 1]],
  ["#### 1,8", ["1,8", 1], ["1,8", 1], [null, 0], ["1,8", 1]],
  ["#### 18.", ["18.", 1], ["18.", 1], [null, 0], ["18.", 1]],
  ["#### -18", ["-18", 0], ["-18", 0], [null, 0], ["-18", 0]],
  ["####18", [null, 0], ["18", 1], [null, 0], ["18", 1]],
  ["The answer is 18", [null, 0], ["18", 1], ["1", 0], ["18", 1]],
  ["#### 18\n#### 19", ["18", 1], ["19", 0], [null, 0], ["19", 0]],
  ["#### .", [".", 0], [null, 0], [null, 0], [null, 0]],
  ["#### 18.5", ["18.5", 0], ["18.5", 0], [null, 0], ["18.5", 0]],
  ["The answer is 18.", [null, 0], ["18.", 1], ["18", 1], ["18.", 1]],
  ["The answer is 18.\n", [null, 0], ["18.", 1], ["18", 1], ["18.", 1]],
  ["The answer is 18\n", [null, 0], ["18", 1], ["1", 0], ["18", 1]],
  ["The answer is 18 dollars", [null, 0], ["18", 1], ["18", 1], ["18", 1]],
  ["the answer is 18.", [null, 0], ["18.", 1], [null, 0], ["18.", 1]],
  ["The answer is $18.", [null, 0], ["$18.", 1], [null, 0], ["$18.", 1]],
  ["The answer is 1,8.", [null, 0], ["1,8.", 1], ["1,8", 1], ["1,8.", 1]],
  ["She makes $18 a day.", [null, 0], ["$18", 1], [null, 0], ["$18", 1]],
  ["18.00", [null, 0], ["18.00", 0], [null, 0], ["18.00", 0]],
  ["So 9 * 2 = 18. Final: 18.", [null, 0], ["18.", 1], [null, 0], ["18.", 1]],
  ["The answer is 18, I think 2", [null, 0], ["2", 0], ["18,", 1], ["2", 0]],
  ["...", [null, 0], ["...", 0], [null, 0], ["...", 0]],
  ["No numbers here", [null, 0], [null, 0], [null, 0], [null, 0]],
  ["-18", [null, 0], ["-18", 0], [null, 0], ["-18", 0]],
  ["$18.00.", [null, 0], ["$18.00.", 0], [null, 0], ["$18.00.", 0]],
  ["The answer is 18\r", [null, 0], ["18", 1], ["18", 1], ["18", 1]],
  ["It is 1 8", [null, 0], ["8", 0], [null, 0], ["8", 0]],
  ["$$", [null, 0], ["$$", 0], [null, 0], ["$$", 0]],
  ["-5 apples", [null, 0], ["-5", 0], [null, 0], ["-5", 0]],
  ["18$", [null, 0], ["18$", 1], [null, 0], ["18$", 1]],
];

const GRADERS: readonly (readonly [string, Grader])[] = [
  ["gsm8k strict-match", lmEvalGsm8kStrict],
  ["gsm8k flexible-extract", lmEvalGsm8kFlexible],
  ["gsm8k-cot strict-match", lmEvalGsm8kCotStrict],
  ["gsm8k-cot flexible-extract", lmEvalGsm8kCotFlexible],
];

describe("lm_eval_gsm8k: the reference's verdicts", () => {
  it.each(REFERENCE_VERDICTS)("%j", (response, ...verdicts) => {
    for (const [index, [name, grader]] of GRADERS.entries()) {
      const [extracted, score] = verdicts[index] ?? [null, 0];
      for (const gold of [SOLUTION, "18"]) {
        const grade = grader({ response, gold });
        expect([name, grade.extracted, grade.score]).toEqual([name, extracted, score]);
        expect(grade.isUnparsed).toBe(extracted === null);
      }
    }
  });
});

describe("lm_eval_gsm8k: filters", () => {
  it("strict-match (gsm8k) takes the first '#### N'", () => {
    expect(lmEvalGsm8kExtract("#### 1\n#### 2", { task: "gsm8k", filter: "strict-match" })).toBe("1");
    expect(lmEvalGsm8kExtract("####5", { task: "gsm8k", filter: "strict-match" })).toBeNull();
  });

  it("strict-match (gsm8k-cot) needs one more character after the number, and backtracks into it", () => {
    const extract = (response: string) =>
      lmEvalGsm8kExtract(response, { task: "gsm8k-cot", filter: "strict-match" });
    expect(extract("The answer is 42.")).toBe("42");
    expect(extract("The answer is 42")).toBe("4");
    expect(extract("The answer is 42\n")).toBe("4");
    expect(extract("The answer is 42\r")).toBe("42");
    expect(extract("The answer is 4")).toBeNull();
    expect(extract("the answer is 42.")).toBeNull();
  });

  it("flexible-extract takes the last match, a two-character run of [$0-9.,] or a number", () => {
    const extract = (response: string) =>
      lmEvalGsm8kExtract(response, { task: "gsm8k", filter: "flexible-extract" });
    expect(extract("3 apples and 4 pears")).toBe("4");
    expect(extract("costs $12.50, so")).toBe("$12.50,");
    expect(extract("Well...")).toBe("...");
    expect(extract("a-1 b")).toBe("-1");
    expect(extract("none")).toBeNull();
  });
});

describe("lm_eval_gsm8k: exact_match normalisation", () => {
  it.each([
    ["1,234", "1234"],
    ["$18", "18"],
    ["18.", "18"],
    ["18..", "18."],
    ["18.\n", "18\n"],
    ["Work.\n#### 18", "18"],
    ["#### 1 #### 2", "2"],
    ["$.", ""],
    ["[INVALID]", "[invalid]"],
    ["7\0\0", "7"],
    ["18.00", "18.00"],
  ])("%j → %j", (text, expected) => {
    expect(lmEvalGsm8kNormalize(text)).toBe(expected);
  });

  it("derives each task's target from a full solution or a bare number", () => {
    expect(lmEvalGsm8kTarget(SOLUTION, "gsm8k")).toBe(SOLUTION);
    expect(lmEvalGsm8kTarget(SOLUTION, "gsm8k-cot")).toBe("18");
    expect(lmEvalGsm8kTarget("x ####  18 \n", "gsm8k-cot")).toBe("18");
    expect(lmEvalGsm8kTarget("18", "gsm8k-cot")).toBe("18");
  });

  it("compares strings: 72.00 is not 72", () => {
    expect(lmEvalGsm8kFlexible({ response: "She pays $72.00", gold: "72" })).toMatchObject({
      isCorrect: false,
      extracted: "$72.00",
      reason: 'gsm8k flexible-extract: "72.00" ≠ gold "72"',
    });
    expect(lmEvalGsm8kStrict({ response: "#### 72", gold: "72" })).toEqual({
      isCorrect: true,
      score: 1,
      extracted: "72",
      isUnparsed: false,
      reason: 'gsm8k strict-match: "72" = gold "72"',
    });
  });

  it("reports the [invalid] fallback as unparsed", () => {
    expect(lmEvalGsm8kCotStrict({ response: "I think 72", gold: "72" })).toEqual({
      isCorrect: false,
      score: 0,
      extracted: null,
      isUnparsed: true,
      reason: "gsm8k-cot strict-match: [invalid]",
    });
  });
});

const dataDir = sharedDataDir("gsm8k/test.jsonl");
if (dataDir === undefined) printSkipReason("lm_eval_gsm8k real-data tests");

describe.skipIf(dataDir === undefined)("lm_eval_gsm8k on the shared GSM8K data", () => {
  it("reduces every solution and the benchmark's gold to the same target, in both tasks", async () => {
    const rows = [
      ...(await readJsonlFixture(dataDir ?? "", "gsm8k/test.jsonl")),
      ...(await readJsonlFixture(dataDir ?? "", "gsm8k/train.jsonl")),
    ];
    const differing = rows.filter((row) => {
      const answer = String(row["answer"]);
      const gold = gsm8kGold(answer);
      return (["gsm8k", "gsm8k-cot"] as const).some(
        (task) =>
          lmEvalGsm8kNormalize(lmEvalGsm8kTarget(answer, task)) !==
          lmEvalGsm8kNormalize(lmEvalGsm8kTarget(gold, task)),
      );
    });
    expect(rows.length).toBe(8792);
    expect(differing).toEqual([]);
  });

  it("scores every test solution as lm-eval does: 1 except gsm8k-cot strict-match (no 'The answer is')", async () => {
    const rows = await readJsonlFixture(dataDir ?? "", "gsm8k/test.jsonl");
    const totals = GRADERS.map(([name, grader]) => {
      const correct = rows.filter((row) => {
        const answer = String(row["answer"]);
        return grader({ response: answer, gold: gsm8kGold(answer) }).isCorrect;
      });
      return [name, correct.length];
    });
    expect(totals).toEqual([
      ["gsm8k strict-match", 1319],
      ["gsm8k flexible-extract", 1319],
      ["gsm8k-cot strict-match", 0],
      ["gsm8k-cot flexible-extract", 1319],
    ]);
  });
});
