// The benchmark contract, end to end: every recipe of every registered benchmark, run on its fixtures through the
// oracle mock server and the real HTTP client, reports exactly the accuracy the oracle served — for both endpoint
// types, with and without chain-of-thought.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCHMARK_NAMES, loadBenchmark } from "../../src/benchmarks/registry.js";
import { createLocalDatasetContext } from "../../src/benchmarks/test-support/local-dataset-context.js";
import { fixturesDir } from "../../src/benchmarks/test-support/shared-data-dir.js";
import { createWordTokenizer } from "../../src/benchmarks/test-support/word-tokenizer.js";
import type { Benchmark } from "../../src/benchmarks/types.js";
import { promptTail } from "../../src/core/prompt.js";
import { sampleRecordSchema } from "../../src/core/sample-record.js";
import { createDatasetContext } from "../../src/datasets/create-dataset-context.js";
import { pseudoLogprob } from "../../src/mock-server/echo-logprobs.js";
import { loadOracleBenchmarks } from "../../src/mock-server/load-oracle-benchmarks.js";
import { splitIntoTokens } from "../../src/mock-server/split-into-tokens.js";
import { type MockServer, startMockServer } from "../../src/mock-server/start-mock-server.js";
import { runBenchmarks } from "../../src/runner/run-benchmarks.js";

/**
 * What the mock's log-probabilities imply for a perplexity sample scored in one window (the fixtures' documents fit
 * one): BOS, then the text's tokens, token p scored `pseudoLogprob(p, token)`; the NLL of every token after BOS.
 */
function mockNll(text: string): { nll: number; predicted: number } {
  const tokens = ["<s>", ...splitIntoTokens(text)];
  let nll = 0;
  for (let position = 1; position < tokens.length; position++)
    nll -= pseudoLogprob(position, tokens[position] ?? "");
  return { nll, predicted: tokens.length - 1 };
}

/** The fixture samples' scored texts, by id (loaded with the mock's word rule, as the run's server tokenizer counts). */
async function perplexityTexts(benchmark: Benchmark, dataDir: string): Promise<Map<string, string>> {
  const tokenizer = createWordTokenizer();
  const loaded = await benchmark.load({
    context: createLocalDatasetContext(dataDir),
    nShots: 0,
    tokenizer: async () => tokenizer,
  });
  const options = { endpointType: "completions" as const, nShots: 0, systemPrompt: undefined, cot: false };
  return new Map(
    loaded.samples.map((sample) => [sample.id, promptTail(loaded.buildPrompt(sample, options))]),
  );
}

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
    if (recipe?.usesContainers === true) {
      // Its samples run in containers: its *.container.test.ts files run it through the oracle.
      process.stdout.write(`${name}/${recipeName}: oracle run skipped: it runs in containers\n`);
      return;
    }
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
    if (recipe?.headline?.higherIsBetter === false) {
      // A perplexity: nothing is answered; every sample is scored through the server's token-id scoring, with the
      // server's /tokenize as the run's tokenizer, and its headline is what the mock's log-probabilities imply.
      expect(outcome.status).toBe("completed");
      expect(result?.summary.errors).toBe(0);
      const texts = await perplexityTexts(benchmark, dataDir);
      const records = readFileSync(join(outcome.runDir, "samples.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => sampleRecordSchema.parse(JSON.parse(line)));
      expect(records.map((record) => record.id).sort()).toEqual([...texts.keys()].sort());
      for (const record of records) {
        const { nll, predicted } = mockNll(texts.get(record.id) ?? "");
        const value = record.scores?.[recipe.headline.metric];
        if (typeof value === "number") expect(value).toBeCloseTo(Math.exp(nll / predicted), 9);
        else expect(value).toMatchObject({ numerator: expect.closeTo(nll, 6), exp: true });
      }
      expect(server.oracle?.stats().unrecognized).toBe(0);
      return;
    }
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
