// swe_bench's recipe against the real engine (Podman's Docker API service from scripts/setup-container-engine.sh),
// no network: the calc fixture (a local git repository with a real bug) written as a SWE-bench Verified row. The
// oracle's answers through the recipe's scorer — the gold patch resolves it; the wrong answers fail for the reasons
// swe-oracle.ts gives (the note file applies and FAIL_TO_PASS still fails; the other hunk does not apply) — and whole
// runs through the oracle mock server and the HTTP client report exactly the verdict the oracle served.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContainerEngine } from "../../containers/open-container-engine.js";
import {
  TEST_PYTHON_IMAGE,
  testDockerHost,
  testEngineEnv,
} from "../../containers/test-support/test-engine.js";
import type { ContainerEngine } from "../../containers/types.js";
import { sampleRecordSchema } from "../../core/sample-record.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../../mock-server/load-oracle-benchmarks.js";
import { startMockServer } from "../../mock-server/start-mock-server.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { checkScorerOutput } from "../../runner/score-answer.js";
import type { Recipe, RecipeScorer } from "../types.js";
import { sweBench } from "./index.js";
import type { SweBenchSample } from "./swe-instance.js";
import { sweOracle } from "./swe-oracle.js";
import { type CalcFixture, makeCalcFixture, writeVerifiedDataDir } from "./test-support/calc-fixture.js";

const IMAGE_MAP = `python:3.11=${TEST_PYTHON_IMAGE}`;
const recipe = sweBench.recipes[0] as Recipe;
const scorer = recipe.grader as RecipeScorer;

const dirs: string[] = [];
let fixture: CalcFixture;
let dataDir: string;
let cacheDir: string;
let engine: ContainerEngine;
let sample: SweBenchSample;

beforeAll(async () => {
  fixture = makeCalcFixture();
  dataDir = mkdtempSync(path.join(tmpdir(), "swe-bench-data-"));
  cacheDir = mkdtempSync(path.join(tmpdir(), "swe-bench-cache-"));
  dirs.push(dataDir, cacheDir);
  writeVerifiedDataDir(fixture.instance, dataDir);
  engine = await openContainerEngine({ env: testEngineEnv(), imageMap: [IMAGE_MAP] });
  const loaded = await sweBench.load({
    context: createDatasetContext({ dataDir, cacheDir, env: {} }),
    nShots: 0,
    containerTier: { sweRepoUrl: fixture.repoUrl },
  });
  const [first] = loaded.samples;
  if (first === undefined) throw new Error("the fixture row did not load");
  sample = first;
});
afterAll(async () => {
  await engine?.close();
  fixture?.remove();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The recipe's verdict on the oracle's answer (`isCorrect`, `variant`), evaluated in a real container. */
async function graded(isCorrect: boolean, variant: number) {
  const response = sweOracle.answer(sample, isCorrect, variant, recipe);
  const output = await scorer.score({
    sample,
    response,
    reasoning: "",
    finishReason: "stop",
    prompt: undefined,
    containers: engine,
  });
  return checkScorerOutput(output, scorer.name);
}

describe("swe_bench's scorer on the oracle's answers, in a real container", () => {
  it("resolves the instance with the oracle's right answer", async () => {
    const result = await graded(true, 1);
    expect(result.grade.isCorrect).toBe(true);
    expect(result.grade.reason).toBe("resolved: FAIL_TO_PASS 1/1 pass, PASS_TO_PASS 3/3 pass");
    expect(result.grade.extracted).toBe(fixture.goldPatch);
  });

  it("leaves it unresolved with the note-file patch: it applies, and FAIL_TO_PASS still fails", async () => {
    const result = await graded(false, 0);
    expect(result.grade.isCorrect).toBe(false);
    expect(result.grade.reason).toBe(
      "not resolved: FAIL_TO_PASS failing: tests/test_ops.py::test_clamp_high (FAILED) " +
        "(FAIL_TO_PASS 0/1 pass, PASS_TO_PASS 3/3 pass)",
    );
    expect(result.details?.["patch"]).toMatchObject({ isApplied: true });
  });

  it("leaves it unresolved with the other wrong patch: it does not apply", async () => {
    const result = await graded(false, 1);
    expect(result.grade.isCorrect).toBe(false);
    expect(result.grade.reason).toMatch(
      /^patch did not apply \(git apply --verbose, git apply --verbose --3way, /,
    );
    expect(result.details?.["patch"]).toMatchObject({ isApplied: false });
  });
});

describe("swe_bench through the oracle mock server, graded in real containers", () => {
  /** One run of the fixture against an oracle right with probability `accuracy`; the journal's one record. */
  async function runWithOracle(accuracy: number) {
    const benchmarks = await loadOracleBenchmarks(["swe_bench"], createDatasetContext({ dataDir, env: {} }));
    const server = await startMockServer({ oracle: { benchmarks, accuracy, seed: 5 } });
    try {
      const outputDir = mkdtempSync(path.join(tmpdir(), "swe-bench-run-"));
      dirs.push(outputDir);
      const outcome = await runBenchmarks(
        {
          benchmarks: ["swe_bench"],
          baseUrl: server.url,
          model: "mock-model",
          dataDir,
          outputDir,
          dockerHost: testDockerHost(),
          imageMap: [IMAGE_MAP],
          sweRepoUrl: fixture.repoUrl,
        },
        { env: { LLM_BENCH_CACHE: cacheDir } },
      );
      const records = readFileSync(path.join(outcome.runDir, "samples.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => sampleRecordSchema.parse(JSON.parse(line)));
      return { outcome, records, served: server.oracle?.stats().benchmarks["swe_bench"] };
    } finally {
      await server.close();
    }
  }

  it("reports the verdict the oracle served: right, then wrong", async () => {
    for (const accuracy of [1, 0]) {
      const { outcome, records, served } = await runWithOracle(accuracy);
      expect(outcome.status).toBe("completed");
      expect(served).toMatchObject({ served: 1, correct: accuracy });
      expect(outcome.benchmarks[0]?.summary.overall).toMatchObject({ correct: accuracy, total: 1 });
      expect(records.map((record) => [record.id, record.correct, record.error])).toEqual([
        [fixture.instance.instanceId, accuracy === 1, null],
      ]);
    }
  });
});
