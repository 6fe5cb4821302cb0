// Expectations from NeMo's `_normalize_name` run in CPython 3.11 on the same names.
import { describe, expect, it } from "vitest";
import { normalizeBenchmarkName } from "./normalize-benchmark-name.js";

describe("normalizeBenchmarkName", () => {
  it.each([
    ["My QA Benchmark!", "my_qa_benchmark"],
    ["my-qa", "my_qa"],
    ["__Already__Normal__", "already_normal"],
    ["GSM8K (5-shot) v2.1", "gsm8k_5_shot_v2_1"],
    ["Café Crème", "caf_cr_me"],
    [`${"a".repeat(49)}-b-c`, `${"a".repeat(49)}_`],
    ["x".repeat(60), "x".repeat(50)],
  ])("%j → %j", (name, expected) => {
    expect(normalizeBenchmarkName(name)).toBe(expected);
  });

  it("rejects a name with no letter or digit", () => {
    expect(() => normalizeBenchmarkName("!!!")).toThrow(/"!!!" has no letter or digit/);
    expect(() => normalizeBenchmarkName("")).toThrow(/no letter or digit/);
  });
});
