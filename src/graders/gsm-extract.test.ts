// Unit tests of `gsm_extract`: grade-school-math's extract_answer and is_correct, its verdicts, and OpenAI's published ones.
import { describe, expect, it } from "vitest";
import { gsm8kGold } from "../benchmarks/gsm8k/gsm8k-rows.js";
import { readJsonlFixture } from "../benchmarks/test-support/read-jsonl-fixture.js";
import { printSkipReason, sharedDataDir } from "../benchmarks/test-support/shared-data-dir.js";
import { extractAnswer, gsmExtract } from "./gsm-extract.js";

/** A made-up solution in GSM8K's format, as `gt_example["answer"]`. */
const SOLUTION = "2 + 2 = <<2+2=4>>4 apples, 4 * 4.5 = $<<4*4.5=18>>18.\n#### 18";

/**
 * Completions, what openai/grade-school-math@3101c7d5 `extract_answer` returns (null = INVALID_ANS) and
 * `is_correct(completion, {"answer": SOLUTION})`, recorded by running them under CPython 3.11.
 */
const REFERENCE_VERDICTS: readonly (readonly [string, string | null, boolean])[] = [
  ["#### 18", "18", true],
  ["#### 18.0", "18.0", false],
  ["#### 1,000", "1000", false],
  ["####18", null, false],
  ["The answer is 18", null, false],
  ["#### $18", null, false],
  ["#### -5", "-5", false],
  ["#### 18\n#### 20", "18", true],
  ["#### 18.", "18.", false],
  ["#### .5", ".5", false],
  ["####  18", null, false],
  ["#### 1,8", "18", true],
];

describe("gsm_extract: the reference's verdicts", () => {
  it.each(REFERENCE_VERDICTS)("%j → %j (%j)", (completion, extracted, isCorrect) => {
    expect(extractAnswer(completion)).toBe(extracted);
    for (const gold of [SOLUTION, "18"]) {
      expect(gsmExtract({ response: completion, gold })).toMatchObject({
        isCorrect,
        extracted,
        isUnparsed: extracted === null,
      });
    }
  });
});

describe("gsm_extract: rules", () => {
  it("takes the first '#### N' with commas removed, and compares strings", () => {
    expect(extractAnswer("#### 1,234\n#### 5")).toBe("1234");
    expect(gsmExtract({ response: "#### 18.0", gold: "18" })).toEqual({
      isCorrect: false,
      score: 0,
      extracted: "18.0",
      isUnparsed: false,
      reason: "#### 18.0 ≠ gold 18",
    });
  });

  it("reads the gold from a full solution, or takes a bare gold as already extracted", () => {
    expect(gsmExtract({ response: "#### -3", gold: "Lost 3.\n#### -3" }).isCorrect).toBe(true);
    expect(gsmExtract({ response: "#### -3", gold: "-3" }).isCorrect).toBe(true);
    expect(gsmExtract({ response: "#### 3", gold: "#### nothing" })).toMatchObject({
      isCorrect: false,
      reason: "gold has no '#### N' (the reference asserts it has)",
    });
  });

  it("reports INVALID_ANS as unparsed", () => {
    expect(gsmExtract({ response: "The answer is 18", gold: "18" })).toEqual({
      isCorrect: false,
      score: 0,
      extracted: null,
      isUnparsed: true,
      reason: "[invalid]: no '#### N'",
    });
  });
});

const dataDir = sharedDataDir("gsm8k/example_model_solutions.jsonl");
if (dataDir === undefined) printSkipReason("gsm_extract real-data tests");

describe.skipIf(dataDir === undefined)("gsm_extract on the shared GSM8K data", () => {
  it("extracts from every solution exactly the benchmark's gold", async () => {
    const rows = [
      ...(await readJsonlFixture(dataDir ?? "", "gsm8k/test.jsonl")),
      ...(await readJsonlFixture(dataDir ?? "", "gsm8k/train.jsonl")),
    ];
    const differing = rows.filter(
      (row) => extractAnswer(String(row["answer"])) !== gsm8kGold(String(row["answer"])),
    );
    expect(rows.length).toBe(8792);
    expect(differing).toEqual([]);
  });

  it("reproduces all 5,276 is_correct verdicts OpenAI published with its model solutions", async () => {
    // The published solutions end "A: N" where extract_answer reads "#### N"; only that marker is rewritten.
    const tests = await readJsonlFixture(dataDir ?? "", "gsm8k/test.jsonl");
    const solutions = await readJsonlFixture(dataDir ?? "", "gsm8k/example_model_solutions.jsonl");
    const models = ["6b_finetuning", "6b_verification", "175b_finetuning", "175b_verification"];
    let compared = 0;
    const mismatches: string[] = [];
    for (const [index, row] of solutions.entries()) {
      const gold = gsm8kGold(String(tests[index]?.["answer"]));
      for (const model of models) {
        const entry = row[model] as { is_correct: boolean; solution: string };
        const completion = entry.solution.replaceAll("\nA: ", "\n#### ");
        compared++;
        if (gsmExtract({ response: completion, gold }).isCorrect !== entry.is_correct) {
          mismatches.push(`${index} ${model}`);
        }
      }
    }
    expect(compared).toBe(5276);
    expect(mismatches).toEqual([]);
  });
});
