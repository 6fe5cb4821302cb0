// profile --isl N: every synthetic prompt is exactly N tokens of the tokenizer used (re-encoded here, without
// special tokens), with o200k_base's tokenizer.json in-process and a GGUF's vocabulary in the tokenizer thread.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_TEMPLATE_MODEL, sharedModelPath } from "../backends/local-llama/test-support/shared-models.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import { openTokenizer } from "../tokenizers/open-tokenizer.js";
import { npmTokenizer } from "../tokenizers/test-support/npm-tokenizer-json.js";
import { buildExactLengthPrompts } from "../workloads/exact-length-prompts.js";
import { createSyntheticWorkload } from "../workloads/synthetic-workload.js";

async function expectExact(tokenizer: TextTokenizer, inputTokens: number, count: number) {
  const prompts = await buildExactLengthPrompts(tokenizer, { inputTokens, count, seed: 7 });
  expect(prompts.texts).toHaveLength(count);
  expect(new Set(prompts.texts).size).toBe(count);
  for (const text of prompts.texts) expect(await tokenizer.encode(text)).toHaveLength(inputTokens);
  expect(prompts.inputTokens).toEqual(Array(count).fill(inputTokens));
  return prompts;
}

describe("exact-length synthetic prompts, o200k_base tokenizer.json", () => {
  const tokenizer = npmTokenizer("gpt4o");
  it("builds N = 128 and N = 1000 token prompts, each exactly N when encoded again", async () => {
    await expectExact(tokenizer, 128, 20);
    await expectExact(tokenizer, 1000, 10);
  });

  it("draws lengths around --isl with --isl-stddev, each prompt exactly its drawn length, reproducibly", async () => {
    const options = { inputTokens: 300, inputTokensStddev: 40, count: 12, seed: 3 };
    const prompts = await buildExactLengthPrompts(tokenizer, options);
    expect(new Set(prompts.inputTokens).size).toBeGreaterThan(1);
    for (const [index, text] of prompts.texts.entries()) {
      expect(await tokenizer.encode(text)).toHaveLength(prompts.inputTokens[index] ?? -1);
    }
    expect(await buildExactLengthPrompts(tokenizer, options)).toEqual(prompts);
  });

  it("is the pool the synthetic workload cycles by index", async () => {
    const prompts = await expectExact(tokenizer, 64, 3);
    const workload = createSyntheticWorkload({
      inputTokens: 64,
      outputTokens: 8,
      endpointType: "completions",
      stream: true,
      prompts,
    });
    const texts = [0, 1, 2, 3, 4].map((index) => {
      const { request, targetInputTokens } = workload.item(index);
      expect(targetInputTokens).toBe(64);
      return request.prompt.type === "completion" ? request.prompt.text : "";
    });
    expect(texts).toEqual([...prompts.texts, prompts.texts[0], prompts.texts[1]]);
  });
});

const modelPath = sharedModelPath(NO_TEMPLATE_MODEL, "exact-length prompts with a GGUF");
describe.skipIf(modelPath === undefined)("exact-length synthetic prompts, gguf:llama-2-tiny-random", () => {
  let tokenizer: TextTokenizer;
  beforeAll(async () => {
    tokenizer = await openTokenizer(
      { kind: "gguf", spec: `gguf:${modelPath}`, path: modelPath ?? "" },
      { env: {} },
    );
  });
  afterAll(async () => {
    await tokenizer?.close?.();
  });

  it("builds N = 128 and N = 1000 token prompts, each exactly N when encoded again", async () => {
    await expectExact(tokenizer, 128, 20);
    await expectExact(tokenizer, 1000, 10);
  });
});
