// LiveCodeBench on the shared data (skipped when absent): the real row 1873_A decoded, prompted and graded, and the
// 1055 problems of a real lcb_runner run (release_v6, Qwen2.5-Ins-7B) prompted, date-filtered and extracted as
// LiveCodeBench did. Expected digests come from LiveCodeBench/LiveCodeBench@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24's
// own functions run by CPython 3.11.7 outside the repository.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonlFixture } from "../test-support/read-jsonl-fixture.js";
import { hasPython3, printNoPythonReason, runPythonInDir } from "../test-support/run-python-in-dir.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { buildLcbCases } from "./lcb-cases.js";
import { filterLcbByContestDate } from "./lcb-date-filter.js";
import { extractLcbCode } from "./lcb-extract.js";
import { LCB_HARNESS, LCB_HARNESS_FILES } from "./lcb-harness.js";
import { lcbQuestionPrompt } from "./lcb-prompt.js";
import { type LcbProblem, parseLcbRows } from "./lcb-rows.js";
import { lcbVerdict } from "./lcb-verdict.js";

const ROW_FILE = "livecodebench/code_generation_lite_row_1873_A.jsonl";
const EVAL_ALL_FILE = "livecodebench/reference_output_Qwen2.5-Ins-7B_codegeneration_eval_all.json";
const EVAL_FILE = "livecodebench/reference_output_Qwen2.5-Ins-7B_codegeneration_eval.json";

const dataDir = sharedDataDir(ROW_FILE);
if (dataDir === undefined) printSkipReason("lcb_codegeneration real-data tests");
if (dataDir !== undefined && !hasPython3) printNoPythonReason("lcb_codegeneration real-data grading tests");

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

interface EvalAllRow {
  question_id: string;
  question_content: string;
  starter_code: string;
  contest_date: string;
  output_list: string[];
  code_list: string[];
  metadata: string[];
}

async function readJson(relativePath: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(dataDir ?? "", relativePath), "utf8"));
}

async function readProblem(): Promise<LcbProblem> {
  const rows = await readJsonlFixture(dataDir ?? "", ROW_FILE);
  const [problem] = parseLcbRows(rows, ROW_FILE);
  if (problem === undefined) throw new Error(`${ROW_FILE} has no row`);
  return problem;
}

/** A correct Short Sort: at most one swap makes "abc" iff the row differs from it in 0 or 2 places. */
const SHORT_SORT_SOLUTION =
  "t = int(input())\nfor _ in range(t):\n    s = input().strip()\n" +
  "    print('YES' if sum(a != b for a, b in zip(s, 'abc')) in (0, 2) else 'NO')\n";

describe.skipIf(dataDir === undefined)("lcb_codegeneration on the shared data", () => {
  it("decodes row 1873_A: one public test, four private stdin tests from the pickled blob", async () => {
    const problem = await readProblem();
    expect(problem).toMatchObject({
      questionId: "1873_A",
      questionTitle: "A. Short Sort",
      platform: "codeforces",
      contestId: "1873",
      contestDate: "2023-08-21T00:00:00",
      starterCode: "",
      difficulty: "easy",
      metadata: {},
      functionName: undefined,
    });
    expect(problem.publicTests).toEqual([
      {
        input: "6\nabc\nacb\nbac\nbca\ncab\ncba\n",
        output: "YES\nYES\nYES\nNO\nNO\nYES\n",
        testType: "stdin",
      },
    ]);
    // json.loads(pickle.loads(zlib.decompress(base64.b64decode(row["private_test_cases"]))))
    expect(problem.privateTests).toEqual([
      { input: "1\nabc\n", output: "YES\n", testType: "stdin" },
      { input: "3\nabc\nabc\nabc\n", output: "YES\nYES\nYES\n", testType: "stdin" },
      { input: "5\ncab\nacb\ncba\nbac\nbca\n", output: "NO\nYES\nYES\nYES\nNO\n", testType: "stdin" },
      {
        input: "6\nabc\nabc\nabc\nabc\nabc\nabc\n",
        output: "YES\nYES\nYES\nYES\nYES\nYES\n",
        testType: "stdin",
      },
    ]);
    expect(buildLcbCases(problem)).toMatchObject({ fn_name: null, timeout: 6 });
    expect(buildLcbCases(problem).inputs).toHaveLength(5);
  });

  it("prompts 1873_A with the bytes of get_generic_question_template_answer", async () => {
    expect(sha256(lcbQuestionPrompt(await readProblem()))).toBe(
      "9a61cb0d2e53534373ed11b2367e3137a72c668c4cbee649b2007051b15f27f7",
    );
  });

  it("prompts all 1055 problems of the run as LiveCodeBench does (444 with starter code)", async () => {
    const rows = (await readJson(EVAL_ALL_FILE)) as EvalAllRow[];
    expect(rows).toHaveLength(1055);
    expect(rows.filter((row) => row.starter_code !== "")).toHaveLength(444);
    const prompts = rows.map((row) =>
      lcbQuestionPrompt({ questionContent: row.question_content, starterCode: row.starter_code }),
    );
    // sha256("\0".join(get_generic_question_template_answer(row) for row in eval_all))
    expect(sha256(prompts.join("\u0000"))).toBe(
      "5e75eb034ba5488319a4c1d55b2592895691e65b313e92b534792df8be22a8e1",
    );
  });

  it("extracts exactly the code LiveCodeBench extracted from every answer of the run (14 of them empty)", async () => {
    const rows = (await readJson(EVAL_ALL_FILE)) as EvalAllRow[];
    const mismatches = rows.filter((row) => extractLcbCode(row.output_list[0] ?? "") !== row.code_list[0]);
    expect(mismatches.map((row) => row.question_id)).toEqual([]);
    expect(rows.filter((row) => row.code_list[0] === "")).toHaveLength(14);
  });

  it("filters by contest date like load_code_generation_dataset (an end date excludes later times that day)", async () => {
    const rows = (await readJson(EVAL_ALL_FILE)) as EvalAllRow[];
    const problems = rows.map((row) => ({ id: row.question_id, contestDate: row.contest_date }));
    expect(filterLcbByContestDate(problems, { startDate: "2024-08-01" })).toHaveLength(454);
    expect(filterLcbByContestDate(problems, { endDate: "2025-02-01" })).toHaveLength(930);
    const window = filterLcbByContestDate(problems, { startDate: "2024-08-01", endDate: "2025-02-01" });
    expect(window).toHaveLength(329);
    expect(sha256(window.map((problem) => problem.id).join(","))).toBe(
      "1871f6258e21d70f3b337d46e45edc6b2efe341b05e9c211ae1147c82a1f0df8",
    );
  });

  describe.skipIf(!hasPython3)("grading 1873_A with the harness", () => {
    const grade = async (solution: string) => {
      const problem = await readProblem();
      const cases = buildLcbCases(problem);
      const run = await runPythonInDir(LCB_HARNESS, {
        [LCB_HARNESS_FILES.cases]: JSON.stringify(cases),
        [LCB_HARNESS_FILES.solution]: solution,
      });
      return { run, verdict: lcbVerdict({ status: "ok", ...run }, cases.inputs.length) };
    };

    it("accepts a correct program on all 5 tests", async () => {
      const { verdict } = await grade(SHORT_SORT_SOLUTION);
      expect(verdict).toMatchObject({ passed: true, reason: "passed", testsPassed: 5, testsTotal: 5 });
    });

    it("rejects the run's own answer with the record LiveCodeBench wrote for it", async () => {
      const rows = (await readJson(EVAL_ALL_FILE)) as EvalAllRow[];
      const row = rows.find((candidate) => candidate.question_id === "1873_A");
      const [, results, metadata] = (await readJson(EVAL_FILE)) as [
        unknown,
        Record<string, unknown[]>,
        string[][],
      ];
      const index = rows.indexOf(row as EvalAllRow);
      const recorded = JSON.parse(metadata[index]?.[0] ?? "{}") as Record<string, unknown>;
      expect(recorded).toMatchObject({
        error_code: -2,
        error_message: "Wrong answer at output_line_idx=4: YES != NO",
      });

      const { verdict } = await grade(row?.code_list[0] ?? "");
      expect(verdict.results).toEqual(results[String(index)]?.[0]);
      expect(verdict).toMatchObject({
        passed: false,
        reason: "wrong answer",
        testsPassed: 0,
        errorCode: recorded["error_code"],
        failure: {
          message: recorded["error_message"],
          output: recorded["output"],
          inputs: recorded["inputs"],
          expected: recorded["expected"],
        },
      });
    });
  });
});
