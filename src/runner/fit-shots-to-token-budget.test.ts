// The prompt token budget through the real HTTP client and the mock server's /tokenize (words as tokens, BOS in
// front): the shots each MMLU-Pro prompt keeps, the requests built from them, and what is recorded when the
// server cannot count.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import { loadBenchmark } from "../benchmarks/registry.js";
import { createLocalDatasetContext } from "../benchmarks/test-support/local-dataset-context.js";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import type { BenchmarkSample } from "../benchmarks/types.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import type { Backend } from "../core/generation.js";
import { countWords } from "../mock-server/split-into-tokens.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { buildWorkItem } from "./build-work-item.js";
import { fitShotsToTokenBudget } from "./fit-shots-to-token-budget.js";
import { type PlannedBenchmark, planBenchmark } from "./plan-benchmark.js";
import { manifestBenchmark, planConfig } from "./plan-config.js";

async function planMmluPro(recipe: string): Promise<PlannedBenchmark> {
  const benchmark = await loadBenchmark("mmlu_pro");
  const context = createLocalDatasetContext(fixturesDir("mmlu_pro"));
  return planBenchmark(benchmark, parseRunOptions({ benchmarks: ["mmlu_pro"], recipe: [recipe] }), context);
}

/** The mock's count of a sample's flat prompt with `nShots` shots: its words and BOS. */
function mockCount(plan: PlannedBenchmark, sample: BenchmarkSample, nShots: number): number {
  const prompt = plan.loaded.buildPrompt(sample, {
    ...plan.promptOptions,
    endpointType: "completions",
    nShots,
  });
  return countWords(prompt.type === "completion" ? prompt.text : "") + 1;
}

describe("fitShotsToTokenBudget", () => {
  let server: MockServer;
  let backend: Backend;
  beforeAll(async () => {
    server = await startMockServer({});
    backend = createOpenAiHttpBackend({ baseUrl: server.url, model: "mock-model", maxRetries: 0 });
  });
  afterAll(async () => {
    await backend?.close();
    await server?.close();
  });

  it("keeps, per sample, the most shots whose prompt fits, as MMLU-Pro's eval_cot loop does", async () => {
    const planned = await planMmluPro("tiger");
    expect(planned.recipe.promptTokenBudget).toEqual({ maxPromptTokens: 2047 });
    // A budget that the fixtures' 5-shot prompts straddle, so some keep 5 shots and some fewer.
    const fullCounts = planned.samples.map((sample) => mockCount(planned, sample, 5));
    const budget = ([...fullCounts].sort((a, b) => a - b)[Math.floor(fullCounts.length / 2)] ?? 0) - 1;
    const plan = {
      ...planned,
      recipe: { ...planned.recipe, promptTokenBudget: { maxPromptTokens: budget } },
    };
    const fitted = await fitShotsToTokenBudget(plan, backend, {});

    const expected = new Map<string, number>();
    for (const sample of plan.samples) {
      let nShots = 5;
      while (nShots > 0 && mockCount(plan, sample, nShots) > budget) nShots--;
      if (nShots < 5) expected.set(sample.id, nShots);
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(expected.size).toBeLessThan(plan.samples.length);
    expect(fitted.shotsBySample).toEqual(expected);
    expect(fitted.shotBudget).toEqual({
      max_prompt_tokens: budget,
      is_applied: true,
      samples_with_fewer_shots: expected.size,
    });
    expect(manifestBenchmark(fitted).shot_budget).toEqual(fitted.shotBudget);
    expect(planConfig(fitted)["shot_budget"]).toEqual(fitted.shotBudget);

    // The requests carry the fitted prompts, on both endpoints.
    for (const endpointType of ["completions", "chat"] as const) {
      const byEndpoint = { ...fitted, promptOptions: { ...fitted.promptOptions, endpointType } };
      for (const sample of plan.samples) {
        const nShots = expected.get(sample.id) ?? 5;
        const work = buildWorkItem(byEndpoint, sample, { stream: false, runStartMs: 0, session: 0 });
        expect((await work.request()).prompt).toEqual(
          plan.loaded.buildPrompt(sample, { ...byEndpoint.promptOptions, nShots }),
        );
      }
    }
  });

  it("leaves a plan without a budget, or without shots, as it is", async () => {
    const api = await planMmluPro("tiger-api");
    expect(await fitShotsToTokenBudget(api, backend, {})).toBe(api);
    const tiger = await planMmluPro("tiger");
    const zeroShot = { ...tiger, promptOptions: { ...tiger.promptOptions, nShots: 0 } };
    expect(await fitShotsToTokenBudget(zeroShot, backend, {})).toBe(zeroShot);
  });

  it("keeps every shot, records why and warns, where the server has no /tokenize", async () => {
    const bare = createServer((_, response) => {
      response.writeHead(404, { "content-type": "application/json" });
      response.end('{"error":{"message":"Not Found"}}');
    });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const { port } = bare.address() as AddressInfo;
    const client = createOpenAiHttpBackend({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: "m",
      maxRetries: 0,
    });
    const warnings: string[] = [];
    try {
      const fitted = await fitShotsToTokenBudget(await planMmluPro("tiger"), client, {
        onWarning: (message) => warnings.push(message),
      });
      expect(fitted.shotsBySample).toBeUndefined();
      expect(fitted.shotBudget).toMatchObject({ is_applied: false, samples_with_fewer_shots: 0 });
      expect(fitted.shotBudget?.reason).toContain("no tokenize endpoint");
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("every prompt keeps 5 shots");
    } finally {
      await client.close();
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});
