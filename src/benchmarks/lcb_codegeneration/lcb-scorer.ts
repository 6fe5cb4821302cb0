// Grades a LiveCodeBench answer: the program is the answer's last fenced block (`extract_code`), run by the harness in
// the run's sandbox against the problem's public and private tests, within LiveCodeBench's whole-sample budget.
import type { ScorerConfig, ScorerFunction, ScorerInput } from "../../byob/scorer.js";
import { scorer } from "../../byob/scorer.js";
import type { LcbCases } from "./lcb-cases.js";
import { lcbGlobalTimeoutMs } from "./lcb-cases.js";
import { extractLcbCode } from "./lcb-extract.js";
import { LCB_HARNESS, LCB_HARNESS_FILES } from "./lcb-harness.js";
import { type LcbVerdict, lcbVerdict } from "./lcb-verdict.js";

/** A row field the definition's row schema adds: the decoded evaluation sample. */
export const LCB_CASES_FIELD = "lcb_cases";

/** One line for the journal: the verdict, LiveCodeBench's code, what failed. */
export function verdictLine(verdict: LcbVerdict): string {
  if (verdict.passed) return `passed (${verdict.testsPassed}/${verdict.testsTotal} tests)`;
  const code = verdict.errorCode === null ? "" : ` (error_code ${verdict.errorCode})`;
  const message = verdict.failure?.message ? `: ${verdict.failure.message}` : "";
  return `${verdict.reason}${code}, ${verdict.testsPassed}/${verdict.testsTotal} tests passed${message}`;
}

export function lcbScorer(): ScorerFunction {
  const check = async (sample: ScorerInput, config: ScorerConfig) => {
    if (config.sandbox === undefined) {
      throw new Error(
        "lcb_codegeneration executes the model's code and was given no sandbox (the run opens one)",
      );
    }
    const cases = sample.metadata[LCB_CASES_FIELD] as LcbCases;
    const code = extractLcbCode(sample.response);
    const testsTotal = cases.inputs.length;
    if (code.trim() === "") {
      return {
        correct: false,
        tests_passed: 0,
        reason: "no code: the answer has no fenced block (```)",
        extracted: "",
      };
    }
    const budgetMs = lcbGlobalTimeoutMs(cases);
    const run = await config.sandbox.run({
      language: "python",
      code: LCB_HARNESS,
      files: { [LCB_HARNESS_FILES.cases]: JSON.stringify(cases), [LCB_HARNESS_FILES.solution]: code },
      limits: { wallMs: budgetMs, cpuSeconds: Math.ceil(budgetMs / 1000) },
    });
    const verdict = lcbVerdict(run, testsTotal);
    return {
      correct: verdict.passed,
      tests_passed: testsTotal === 0 ? 0 : verdict.testsPassed / testsTotal,
      reason: verdictLine(verdict),
      extracted: code,
    };
  };
  Object.defineProperty(check, "name", { value: "lcb_code_execution" });
  return scorer(check);
}
