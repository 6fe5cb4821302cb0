// The oracle against the real MMLU and GSM8K data in the shared folder (skipped when it is absent).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBenchmark } from "../benchmarks/registry.js";
import { createLocalDatasetContext } from "../benchmarks/test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../benchmarks/test-support/shared-data-dir.js";
import { ENDPOINT_TYPES, promptTail } from "../core/prompt.js";
import { buildOracleIndex } from "./build-oracle-index.js";
import { loadOracleBenchmarks } from "./load-oracle-benchmarks.js";
import type { LoadedOracleBenchmark } from "./oracle-types.js";
import { oracleVerdict } from "./oracle-verdict.js";
import { type MockServer, startMockServer } from "./start-mock-server.js";
import { postJson } from "./test-support/http-client.js";

const dataDir = sharedDataDir("mmlu/test");
if (dataDir === undefined) printSkipReason("mock-server oracle real-data tests");

describe.skipIf(dataDir === undefined)("oracle on the shared MMLU and GSM8K data", () => {
  let loaded: LoadedOracleBenchmark[] = [];
  beforeAll(async () => {
    loaded = await loadOracleBenchmarks(["mmlu", "gsm8k"], createLocalDatasetContext(dataDir));
  });

  it("recognises every 5-shot prompt, chat and completions, as a sample with the same gold answer", async () => {
    const index = buildOracleIndex({ benchmarks: loaded, accuracy: 0.5 });
    // Every sample once per recipe of its benchmark.
    const recipeCount = async (name: string) => (await loadBenchmark(name)).recipes.length;
    expect(index.size).toBe(14_042 * (await recipeCount("mmlu")) + 1_319 * (await recipeCount("gsm8k")));
    for (const name of ["mmlu", "gsm8k"]) {
      const benchmark = await loadBenchmark(name);
      const full = await benchmark.load({ context: createLocalDatasetContext(dataDir), nShots: 5 });
      for (const endpointType of ENDPOINT_TYPES) {
        let sameId = 0;
        for (const sample of full.samples) {
          const prompt = full.buildPrompt(sample, {
            endpointType,
            nShots: 5,
            systemPrompt: undefined,
            cot: false,
          });
          const match = index.match(promptTail(prompt));
          expect(match?.entry.benchmarkName).toBe(name);
          expect(match?.entry.sample.gold).toBe(sample.gold);
          expect(match?.isAmbiguous).toBe(false);
          if (match?.entry.sample.id === sample.id) sameId++;
        }
        // MMLU repeats ~100 question blocks word for word (same gold); those resolve to the first copy.
        expect(sameId).toBeGreaterThan(full.samples.length * 0.99);
      }
    }
  });

  describe("over HTTP", () => {
    let server: MockServer | undefined;
    afterAll(async () => {
      await server?.close();
    });

    it("serves the first 300 MMLU samples with the predicted verdicts", async () => {
      server = await startMockServer({ oracle: { benchmarks: loaded, accuracy: 0.6, seed: 3 } });
      const benchmark = await loadBenchmark("mmlu");
      const full = await benchmark.load({ context: createLocalDatasetContext(dataDir), nShots: 5 });
      const samples = full.samples.slice(0, 300);
      for (const sample of samples) {
        const prompt = full.buildPrompt(sample, {
          endpointType: "chat",
          nShots: 5,
          systemPrompt: undefined,
          cot: false,
        });
        const result = await postJson(`${server.url}/chat/completions`, {
          messages: prompt.type === "chat" ? prompt.messages : [],
        });
        expect(result.status).toBe(200);
      }
      const predicted = samples.filter((sample) => oracleVerdict(3, "mmlu", sample.id, 0.6).isCorrect).length;
      expect(server.oracle?.stats().benchmarks["mmlu"]).toMatchObject({
        served: 300,
        correct: predicted,
        uniqueSamples: 300,
      });
    });
  });
});
