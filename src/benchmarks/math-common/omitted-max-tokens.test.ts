// A recipe whose reference sends no max_tokens (lighteval ≥ 0.13 AIME): the request leaves it out; --max-tokens wins.
import { describe, expect, it } from "vitest";
import { buildRequestBody } from "../../backends/openai-http/build-request-body.js";
import { parseRunOptions } from "../../config/parse-run-options.js";
import { planBenchmark } from "../../runner/plan-benchmark.js";
import { aime24 } from "../aime24/index.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";

const context = createLocalDatasetContext(fixturesDir("aime24"));

async function firstRequestBody(recipe: string, maxTokens?: number) {
  const options = parseRunOptions({
    benchmarks: ["aime24"],
    endpointType: "chat",
    recipe: [recipe],
    ...(maxTokens === undefined ? {} : { maxTokens }),
  });
  const plan = await planBenchmark(aime24, options, context);
  const [sample] = plan.samples;
  if (sample === undefined) throw new Error("no fixture samples");
  const prompt = plan.loaded.buildPrompt(sample, plan.promptOptions);
  return buildRequestBody({ prompt, params: plan.params, stream: false }, "m").body;
}

describe("a recipe that sends no max_tokens", () => {
  it("lighteval's aime24 request has no max_tokens, as lighteval ≥ 0.13 sends none (generation_size None)", async () => {
    expect(aime24.recipes.find((recipe) => recipe.name === "lighteval")?.isMaxTokensOmitted).toBe(true);
    expect(await firstRequestBody("lighteval")).not.toHaveProperty("max_tokens");
  });

  it("--max-tokens still sets one, and the other recipes send theirs", async () => {
    expect((await firstRequestBody("lighteval", 512)).max_tokens).toBe(512);
    expect((await firstRequestBody("trtllm")).max_tokens).toBe(32768);
    expect((await firstRequestBody("lighteval-0.10")).max_tokens).toBe(32768);
  });
});
