// The benchmark contract, end to end: every recipe of every registered benchmark, run on its fixtures through the
// oracle mock server and the real HTTP client, reports exactly the accuracy the oracle served — for both endpoint
// types, with and without chain-of-thought.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCHMARK_NAMES, loadBenchmark } from "../../src/benchmarks/registry.js";
import { fixturesDir } from "../../src/benchmarks/test-support/shared-data-dir.js";
import { sampleRecordSchema } from "../../src/core/sample-record.js";
import { createDatasetContext } from "../../src/datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../../src/mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../../src/mock-server/start-mock-server.js";
import { runBenchmarks } from "../../src/runner/run-benchmarks.js";

const RECIPES = (
  await Promise.all(
    BENCHMARK_NAMES.map(async (name) =>
      (await loadBenchmark(name)).recipes.map((recipe) => [name, recipe.name] as const),
    ),
  )
).flat();

describe.each(RECIPES)("benchmark %s, recipe %s, through the oracle mock server", (name, recipeName) => {
  let server: MockServer;
  const dataDir = fixturesDir(name);

  beforeAll(async () => {
    const context = createDatasetContext({ dataDir, env: {} });
    const benchmarks = await loadOracleBenchmarks([name], context);
    server = await startMockServer({ oracle: { benchmarks, accuracy: 0.5, seed: 7 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ["chat", false],
    ["completions", false],
    ["chat", true],
    ["completions", true],
  ] as const)("reports the accuracy the oracle served (%s, cot %s)", async (endpointType, cot) => {
    server.oracle?.reset();
    const benchmark = await loadBenchmark(name);
    const recipe = benchmark.recipes.find((candidate) => candidate.name === recipeName);
    const options = {
      benchmarks: [name],
      baseUrl: server.url,
      model: "mock-model",
      dataDir,
      endpointType,
      cot,
      recipe: [recipeName],
      nShots: Math.min(recipe?.defaultNShots ?? 0, 1),
      outputDir: mkdtempSync(join(tmpdir(), `contract-${name}-`)),
      concurrency: 4,
    };
    if (benchmark.endpointTypes !== undefined && !benchmark.endpointTypes.includes(endpointType)) {
      // A benchmark of chat conversations refuses another endpoint before sending anything.
      await expect(runBenchmarks(options, { env: {} })).rejects.toThrow(/does not apply/);
      expect(server.oracle?.stats().benchmarks[name]?.served ?? 0).toBe(0);
      return;
    }
    const outcome = await runBenchmarks(options, { env: {} });
    const [result] = outcome.benchmarks;
    const served = server.oracle?.stats().benchmarks[name];
    expect(outcome.status).toBe("completed");
    expect(result?.summary.errors).toBe(0);
    const records = readFileSync(join(outcome.runDir, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => sampleRecordSchema.parse(JSON.parse(line)));
    // Each sample was asked once — a conversation once per turn — and graded as the oracle meant it. A single-turn
    // sample is one answer served (two samples with the same prompt, as GPQA's repeats whose shuffles coincide, are
    // both answered as the first); a conversation is one sample however many turns it was served.
    const isConversation = records.some((record) => record.turns !== undefined);
    expect(result?.summary.gradedSamples).toBe(isConversation ? served?.uniqueSamples : served?.served);
    // A recipe scored by numbers only (rouge) has no accuracy: its right answers are those at the headline's best, 1.
    const headline = recipe?.headline;
    const correct =
      result?.summary.isMetricsOnly === true && headline !== undefined
        ? records.filter((record) => record.scores?.[headline.metric] === 1).length
        : result?.summary.overall.correct;
    expect(correct).toBe(isConversation ? served?.uniqueCorrect : served?.correct);
    const requests = records.reduce((sum, record) => sum + (record.turns?.length ?? 1), 0);
    expect(served?.served).toBe(requests);
    expect(server.oracle?.stats().unrecognized).toBe(0);
  });
});
