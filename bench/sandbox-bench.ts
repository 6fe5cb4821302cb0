// The code sandbox's speed (issue 14): HumanEval's 164 canonical solutions graded through the sandbox on this
// machine's cores (the target: ≤ 30 s wall), and the per-execution overhead of bubblewrap over a bare subprocess
// (`python3 -c pass`, one at a time). `tsx bench/sandbox-bench.ts [RUNS]`; prints the median of RUNS (default 5).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { humaneval } from "../src/benchmarks/humaneval/index.js";
import { createLocalDatasetContext } from "../src/benchmarks/test-support/local-dataset-context.js";
import { scoreAnswer } from "../src/runner/score-answer.js";
import { createSandbox } from "../src/sandbox/create-sandbox.js";
import { percentile, sortSamples } from "../src/stats/summarize.js";

const runs = Number(process.argv[2] ?? 5);
const shared = resolve(
  process.env["LLM_BENCH_SHARED_DATA"] ?? join(import.meta.dirname, "../../shared/data"),
);
/** The median, as percentile 50 of the project's stats (linear interpolation). */
const median = (values: number[]) => percentile(sortSamples(values), 50);

function bare(code: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn("/usr/bin/python3", ["-c", code], { stdio: "ignore" });
    child.on("error", fail);
    child.on("close", () => done());
  });
}

const dir = mkdtempSync(join(tmpdir(), "sandbox-bench-"));
mkdirSync(join(dir, "humaneval"));
symlinkSync(join(shared, "humaneval", "HumanEval.jsonl"), join(dir, "humaneval", "test.jsonl"));
const recipe = humaneval.recipes.find((each) => each.name === "openai");
if (recipe === undefined || typeof recipe.grader === "string") throw new Error("no openai recipe");
const grader = recipe.grader;
const loaded = await humaneval.load({ context: createLocalDatasetContext(dir), recipe, nShots: 0 });
const workers = availableParallelism();

const humanevalSeconds: number[] = [];
for (let run = 0; run < runs; run++) {
  const sandbox = await createSandbox({ workers });
  const started = performance.now();
  const results = await Promise.all(
    loaded.samples.map((sample) =>
      scoreAnswer(grader, {
        sample,
        response: sample.gold,
        reasoning: "",
        finishReason: "stop",
        prompt: undefined,
        sandbox,
      }),
    ),
  );
  humanevalSeconds.push((performance.now() - started) / 1000);
  const passed = results.filter((result) => result.grade.isCorrect).length;
  if (passed !== loaded.samples.length) throw new Error(`only ${passed} of ${loaded.samples.length} passed`);
  await sandbox.close();
}

const EXECUTIONS = 40;
const sandboxed: number[] = [];
const plain: number[] = [];
const oneAtATime = await createSandbox({ workers: 1 });
for (let run = 0; run < runs; run++) {
  let started = performance.now();
  for (let index = 0; index < EXECUTIONS; index++) await bare("pass");
  plain.push((performance.now() - started) / EXECUTIONS);
  started = performance.now();
  for (let index = 0; index < EXECUTIONS; index++) {
    const result = await oneAtATime.run({ language: "python", code: "pass" });
    if (result.status !== "ok") throw new Error(`sandbox run failed: ${result.reason}`);
  }
  sandboxed.push((performance.now() - started) / EXECUTIONS);
}
await oneAtATime.close();

console.log(
  JSON.stringify(
    {
      workers,
      runs,
      humaneval_164_canonical_wall_s: {
        median: median(humanevalSeconds),
        all: humanevalSeconds.map((s) => Number(s.toFixed(2))),
      },
      per_execution_ms: {
        bare_subprocess: median(plain),
        bwrap_sandbox: median(sandboxed),
        overhead: median(sandboxed) - median(plain),
        ratio: median(sandboxed) / median(plain),
      },
    },
    null,
    2,
  ),
);
