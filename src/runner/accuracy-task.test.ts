// One describe per model, one test per feature: the TensorRT-LLM accuracy-harness shape, on the GSM8K fixtures.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import { createLocalDatasetContext } from "../benchmarks/test-support/local-dataset-context.js";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import type { Backend } from "../core/generation.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { AccuracyGateError, createAccuracyTask } from "./accuracy-task.js";

const dataDir = fixturesDir("gsm8k");

async function startOracle(accuracy: number): Promise<{ server: MockServer; backend: Backend }> {
  const benchmarks = await loadOracleBenchmarks(["gsm8k"], createLocalDatasetContext(dataDir));
  const server = await startMockServer({ port: 0, oracle: { benchmarks, accuracy } });
  return { server, backend: createOpenAiHttpBackend({ baseUrl: server.url, model: "mock-model" }) };
}

function referencesDir(): string {
  const directory = mkdtempSync(join(tmpdir(), "refs-"));
  writeFileSync(
    join(directory, "gsm8k.yaml"),
    "mock-model:\n  - accuracy: 90\n  - quant_algo: FP8\n    accuracy: 89.5\n",
  );
  return directory;
}

const task = (env: NodeJS.ProcessEnv = {}) =>
  createAccuracyTask("gsm8k", {
    referencesDir: referencesDir(),
    env,
    runOptions: { dataDir, outputDir: mkdtempSync(join(tmpdir(), "task-")), concurrency: 2 },
  });

describe("mock-model, always right", () => {
  let oracle: { server: MockServer; backend: Backend };
  beforeAll(async () => {
    oracle = await startOracle(1);
  });
  afterAll(async () => {
    await oracle.backend.close();
    await oracle.server.close();
  });

  it("passes the default reference", async () => {
    const result = await task().evaluate(oracle.backend);
    expect(result.gate?.isPassed).toBe(true);
    expect(result.gate?.measured).toBe(100);
    expect(result.gate?.n).toBe(12);
  });

  it("passes the FP8 spec", async () => {
    const result = await task().evaluate(oracle.backend, { spec: { quant_algo: "FP8" } });
    expect(result.gate?.reference).toBe(89.5);
  });

  it("prints reference YAML with LLM_BENCH_ACCURACY_NO_REFERENCE=1", async () => {
    const result = await task({ LLM_BENCH_ACCURACY_NO_REFERENCE: "1" }).evaluate(oracle.backend);
    expect(result.gate).toBeUndefined();
    expect(result.referenceYaml).toContain("mock-model:\n  - accuracy: 100\n");
  });
});

describe("mock-model, always wrong", () => {
  let oracle: { server: MockServer; backend: Backend };
  beforeAll(async () => {
    oracle = await startOracle(0);
  });
  afterAll(async () => {
    await oracle.backend.close();
    await oracle.server.close();
  });

  it("throws a readable assertion error", async () => {
    const error = await task()
      .evaluate(oracle.backend)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccuracyGateError);
    expect((error as Error).message).toMatch(
      /^gsm8k accuracy 0\.00 on n = 12 is below the threshold γ = \d+\.\d\d for mock-model \(spec \(default\)\): reference 90\.00/,
    );
  });

  it("names task, model and spec when no reference matches", async () => {
    await expect(task().evaluate(oracle.backend, { spec: { quant_algo: "NVFP4" } })).rejects.toThrow(
      /task gsm8k, model mock-model, spec quant_algo=NVFP4/,
    );
  });
});
