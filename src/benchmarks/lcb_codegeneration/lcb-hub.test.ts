// lcb_codegeneration read from the Hub: the release's files of livecodebench/code_generation_lite downloaded through
// the Hub client from the local Hub-layout server (rows written in the published schema, both problem kinds; and the
// one real row of ../shared/data when present), then run against the oracle mock server in the real sandbox.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { type FakeHub, startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { loadOracleBenchmarks } from "../../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { findExecutable } from "../../sandbox/create-sandbox.js";
import { fixturesDir, printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { lcbCodegeneration } from "./index.js";

const fixtures = path.join(fixturesDir("lcb_codegeneration"), "lcb_codegeneration");
const REAL_ROW = "livecodebench/code_generation_lite_row_1873_A.jsonl";
const shared = sharedDataDir(REAL_ROW);
if (shared === undefined) printSkipReason("lcb_codegeneration real row through the Hub");
const hasBwrap = findExecutable("bwrap", process.env) !== undefined;

describe("lcb_codegeneration from the Hub (local Hub-layout server)", () => {
  let hub: FakeHub;
  const cache = mkdtempSync(path.join(tmpdir(), "lcb-hub-cache-"));
  beforeAll(async () => {
    hub = await startFakeHub({
      datasets: {},
      files: {
        "livecodebench/code_generation_lite": {
          "main/test4.jsonl": path.join(fixtures, "test4.jsonl"),
          "main/test5.jsonl": path.join(fixtures, "test5.jsonl"),
          ...(shared === undefined ? {} : { "main/test.jsonl": path.join(shared, REAL_ROW) }),
        },
      },
    });
  });
  afterAll(async () => {
    await hub.close();
    rmSync(cache, { recursive: true, force: true });
  });
  const env = (extra: Record<string, string> = {}) => ({
    HF_ENDPOINT: hub.endpoint,
    LLM_BENCH_CACHE: cache,
    ...extra,
  });

  it("downloads the default release's files (test4, test5) and decodes both problem kinds", async () => {
    const context = createDatasetContext({ env: env() });
    const loaded = await lcbCodegeneration.load({ context, nShots: 0 });
    expect(loaded.samples.map((sample) => sample.id)).toEqual(["abc900_a", "9001", "1900B"]);
    const cases = loaded.samples.map(
      (sample) => sample.row["lcb_cases"] as { inputs: string[]; fn_name: string | null },
    );
    expect(cases.map((each) => [each.inputs.length, each.fn_name])).toEqual([
      [3, null],
      [3, "pairWithSum"],
      [3, null],
    ]);
    expect(loaded.dataset).toBe(
      "hf://livecodebench/code_generation_lite release v4_v5 (test4.jsonl, test5.jsonl)",
    );
  });

  it.skipIf(shared === undefined)(
    "reads the real row 1873_A as release v1: 1 public and 4 private tests",
    async () => {
      const context = createDatasetContext({ env: env({ LLM_BENCH_LCB_RELEASE: "release_v1" }) });
      const loaded = await lcbCodegeneration.load({ context, nShots: 0 });
      expect(loaded.samples.map((sample) => sample.id)).toEqual(["1873_A"]);
      const cases = loaded.samples[0]?.row["lcb_cases"] as { inputs: string[] } | undefined;
      expect(cases?.inputs).toHaveLength(5);
    },
  );

  it.skipIf(!hasBwrap)(
    "runs against the oracle in the sandbox and reports exactly its accuracy",
    async () => {
      const oracleContext = createDatasetContext({ env: env() });
      const benchmarks = await loadOracleBenchmarks(["lcb_codegeneration"], oracleContext);
      const server: MockServer = await startMockServer({ oracle: { benchmarks, accuracy: 0.67, seed: 2 } });
      try {
        const outcome = await runBenchmarks(
          {
            benchmarks: ["lcb_codegeneration"],
            baseUrl: server.url,
            model: "mock-model",
            outputDir: mkdtempSync(path.join(tmpdir(), "lcb-hub-run-")),
            sandboxWorkers: 2,
          },
          { env: env() },
        );
        const served = server.oracle?.stats().benchmarks["lcb_codegeneration"];
        expect(outcome.status).toBe("completed");
        expect(outcome.benchmarks[0]?.summary.gradedSamples).toBe(3);
        expect(outcome.benchmarks[0]?.summary.overall.correct).toBe(served?.correct);
        expect(server.oracle?.stats().unrecognized).toBe(0);
      } finally {
        await server.close();
      }
    },
    120_000,
  );
});
