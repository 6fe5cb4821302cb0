// `llm-bench grade swe_bench --responses predictions.jsonl`: SWE-bench's own predictions format, each patch evaluated
// in a real container (Podman's Docker API) — the gold patch resolves the fixture instance, an empty `model_patch`
// is wrong without a container — and the run directory written as a run's.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CalcFixture,
  makeCalcFixture,
  writeVerifiedDataDir,
} from "../../src/benchmarks/swe_bench/test-support/calc-fixture.js";
import { TEST_PYTHON_IMAGE, testDockerHost } from "../../src/containers/test-support/test-engine.js";
import { runCli } from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";

const root = mkdtempSync(join(tmpdir(), "e2e-swe-grade-"));
const dataDir = join(root, "data");
let fixture: CalcFixture;

beforeAll(() => {
  fixture = makeCalcFixture();
  writeVerifiedDataDir(fixture.instance, dataDir);
});

afterAll(() => {
  fixture?.remove();
  rmSync(root, { recursive: true, force: true });
});

async function grade(modelPatch: string | null, name: string) {
  const predictions = join(root, `${name}.jsonl`);
  writeFileSync(
    predictions,
    `${JSON.stringify({ instance_id: fixture.instance.instanceId, model_name_or_path: "someone/model", model_patch: modelPatch })}\n`,
  );
  const outputDir = join(root, `out-${name}`);
  const result = await runCli(
    [
      "grade",
      "swe_bench",
      "--responses",
      predictions,
      "--data-dir",
      dataDir,
      "--output-dir",
      outputDir,
      "--docker-host",
      testDockerHost(),
      "--image-map",
      `python:3.11=${TEST_PYTHON_IMAGE}`,
      "--swe-repo-url",
      fixture.repoUrl,
    ],
    { env: { LLM_BENCH_CACHE: join(root, "cache"), DOCKER_HOST: "" } },
  );
  return { result, runDir: result.code === 0 ? onlyRunDir(outputDir) : "" };
}

describe("llm-bench grade swe_bench --responses predictions.jsonl", () => {
  it("evaluates the gold patch in a container: resolved", async () => {
    const { result, runDir } = await grade(fixture.goldPatch, "gold");
    expect(result.stderr).not.toMatch(/Error|at .*\.js:\d+/);
    expect(result.code).toBe(0);
    const [record] = readJsonLines<{ id: string; correct: boolean; grade_reason: string }>(
      join(runDir, "samples.jsonl"),
    );
    expect(record).toMatchObject({
      id: fixture.instance.instanceId,
      correct: true,
      grade_reason: "resolved: FAIL_TO_PASS 1/1 pass, PASS_TO_PASS 3/3 pass",
    });
    expect(readJson<{ accuracy: number; num_samples: number }>(join(runDir, "swe_bench.json"))).toMatchObject(
      {
        accuracy: 1,
        num_samples: 1,
      },
    );
  });

  it("grades a null model_patch wrong without evaluating it", async () => {
    const { result, runDir } = await grade(null, "empty");
    expect(result.code).toBe(0);
    const [record] = readJsonLines<{ correct: boolean; grade_reason: string }>(join(runDir, "samples.jsonl"));
    expect(record).toMatchObject({ correct: false, grade_reason: "no patch in the answer" });
  });
});
