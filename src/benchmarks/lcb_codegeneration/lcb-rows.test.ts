// Rows in the code_generation_lite schema, written here: a call-based LeetCode row with compressed private tests,
// and a stdin row with plain-JSON private tests; bad rows name the source, row and field.
import { describe, expect, it } from "vitest";
import { DatasetError } from "../../errors.js";
import { parseLcbRows } from "./lcb-rows.js";

// Private tests compressed by CPython 3.11.7:
//   base64.b64encode(zlib.compress(pickle.dumps(json.dumps(tests), protocol=4))).decode()
// tests = the three functional tests listed in the expectation below.
const LEETCODE_ROW = {
  question_title: "count-pairs-below-target",
  question_content:
    "Given an integer array nums and an integer target, return the number of pairs (i, j) with i < j " +
    "and nums[i] + nums[j] < target.",
  platform: "leetcode",
  question_id: "9001",
  contest_id: "weekly-contest-999",
  contest_date: "2023-08-19T00:00:00",
  starter_code: "class Solution:\n    def countPairs(self, nums: List[int], target: int) -> int:\n        ",
  difficulty: "easy",
  public_test_cases: '[{"input": "[-1, 1, 2, 3, 1]\\n2", "output": "3", "testtype": "functional"}]',
  private_test_cases:
    "eJxrYJn6hAECeh5EVytl5hWUlihZKShF6xrqKACRkY6CMZARG5NnpKSjoJRfWgJVYAzilqQWl5RUFqSCBNJK85JLMvPzEnOUanUUUIwyA5" +
    "tjqqOgC6R0zYEYaLIx0ExdNEMNDYg31RSoH6IeoR+v9tgpegDYBkSM",
  metadata: '{"func_name": "countPairs"}',
};

const STDIN_ROW = {
  question_title: "A. Sum",
  question_content: "Read two integers and print their sum.",
  platform: "codeforces",
  question_id: "9999_A",
  contest_id: 9999,
  contest_date: "2024-01-02T18:30:00",
  starter_code: "",
  difficulty: "medium",
  public_test_cases: '[{"input": "1 2\\n", "output": "3\\n", "testtype": "stdin"}]',
  private_test_cases: '[{"input": "5 5\\n", "output": "10\\n", "testtype": "stdin"}]',
  metadata: "{}",
};

describe("parseLcbRows", () => {
  it("decodes a call-based LeetCode row: compressed private tests, func_name from metadata", () => {
    const [problem] = parseLcbRows([LEETCODE_ROW], "test.jsonl");
    expect(problem).toEqual({
      questionId: "9001",
      questionTitle: "count-pairs-below-target",
      questionContent: LEETCODE_ROW.question_content,
      platform: "leetcode",
      contestId: "weekly-contest-999",
      contestDate: "2023-08-19T00:00:00",
      starterCode: LEETCODE_ROW.starter_code,
      difficulty: "easy",
      publicTests: [{ input: "[-1, 1, 2, 3, 1]\n2", output: "3", testType: "functional" }],
      privateTests: [
        { input: "[-1, 1, 2, 3, 1]\n2", output: "3", testType: "functional" },
        { input: "[-6, 2, 5, -2, -7, -1, 3]\n-2", output: "10", testType: "functional" },
        { input: "[5]\n10", output: "0", testType: "functional" },
      ],
      metadata: { func_name: "countPairs" },
      functionName: "countPairs",
    });
  });

  it("decodes a stdin row: plain-JSON private tests, no func_name, a numeric contest id as text", () => {
    const [problem] = parseLcbRows([STDIN_ROW], "test2.jsonl");
    expect(problem?.functionName).toBeUndefined();
    expect(problem?.contestId).toBe("9999");
    expect(problem?.privateTests).toEqual([{ input: "5 5\n", output: "10\n", testType: "stdin" }]);
    expect(problem?.metadata).toEqual({});
  });

  it("treats a null func_name as stdin mode (metadata.get returns None)", () => {
    const [problem] = parseLcbRows([{ ...STDIN_ROW, metadata: '{"func_name": null}' }], "test.jsonl");
    expect(problem?.functionName).toBeUndefined();
  });

  it("names the source, row and field of a bad row", () => {
    expect(() => parseLcbRows([STDIN_ROW, { ...STDIN_ROW, platform: "topcoder" }], "test.jsonl")).toThrow(
      /test\.jsonl row 2: field "platform"/,
    );
    expect(() =>
      parseLcbRows([{ ...STDIN_ROW, contest_date: "2024-01-02T18:30:00+00:00" }], "test.jsonl"),
    ).toThrow(/field "contest_date": expected a naive ISO date-time/);
    expect(() => parseLcbRows([{ ...STDIN_ROW, private_test_cases: "" }], "test.jsonl")).toThrow(
      /test\.jsonl row 1 \(question_id 9999_A\): private_test_cases is neither JSON nor base64/,
    );
    expect(() => parseLcbRows([{ ...STDIN_ROW, metadata: "[]" }], "test.jsonl")).toThrow(
      /row 1 \(question_id 9999_A\): metadata is not a JSON object/,
    );
    expect(() => parseLcbRows([{ ...STDIN_ROW, metadata: '{"func_name": 3}' }], "test.jsonl")).toThrow(
      /metadata\.func_name is number, not a string/,
    );
    expect(() => parseLcbRows([{ ...STDIN_ROW, public_test_cases: "[" }], "test.jsonl")).toThrow(
      DatasetError,
    );
  });
});
