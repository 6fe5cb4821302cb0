// The mock server's `echo` + `logprobs` completions: vLLM's logprobs shape, and oracle loglikelihood verdicts.
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import { createLocalDatasetContext } from "../benchmarks/test-support/local-dataset-context.js";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import type { PromptOptions } from "../benchmarks/types.js";
import { loglikelihoodChoice } from "../graders/loglikelihood-choice.js";
import { loadOracleBenchmarks } from "./load-oracle-benchmarks.js";
import { oracleVerdict } from "./oracle-verdict.js";
import { type MockServer, startMockServer } from "./start-mock-server.js";
import { postJson } from "./test-support/http-client.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SEED = 3;
const ACCURACY = 0.5;

async function oracleServer() {
  const loaded = [
    ...(await loadOracleBenchmarks(["mmlu"], createLocalDatasetContext(fixturesDir("mmlu")))),
    ...(await loadOracleBenchmarks(["hellaswag"], createLocalDatasetContext(fixturesDir("hellaswag")))),
  ];
  return startMockServer({ oracle: { benchmarks: loaded, accuracy: ACCURACY, seed: SEED } });
}

interface EchoBody {
  choices: {
    text: string;
    finish_reason: string;
    logprobs: {
      tokens: string[];
      token_logprobs: (number | null)[];
      text_offset: number[];
      top_logprobs: (Record<string, number> | null)[];
    } | null;
  }[];
  usage: { completion_tokens: number };
}

describe("mock server echo + logprobs", () => {
  it("answers like vLLM: the prompt echoed, first logprob null, offsets and top tokens, deterministic", async () => {
    server = await startMockServer();
    const prompt = "Unknown prompt, 😀 text: the answer is";
    const ask = async () => {
      const reply = await postJson(`${server?.url}/completions`, {
        prompt,
        echo: true,
        logprobs: 1,
        max_tokens: 0,
      });
      expect(reply.status).toBe(200);
      return JSON.parse(reply.text) as EchoBody;
    };
    const body = await ask();
    const choice = body.choices[0];
    const logprobs = choice?.logprobs;
    if (!choice || !logprobs) throw new Error("no logprobs");
    expect(choice.text).toBe(prompt);
    expect(choice.finish_reason).toBe("length");
    expect(body.usage.completion_tokens).toBe(0);
    expect(logprobs.tokens.join("")).toBe(prompt);
    expect(logprobs.token_logprobs[0]).toBeNull();
    expect(logprobs.top_logprobs[0]).toBeNull();
    expect(logprobs.token_logprobs.slice(1).every((value) => value !== null && value < 0)).toBe(true);
    // Offsets count code points (the emoji is one, two UTF-16 units).
    expect(logprobs.text_offset).toEqual([0, 7, 15, 17, 23, 27, 34]);
    for (const [index, top] of logprobs.top_logprobs.entries()) {
      if (top === null) continue;
      const token = logprobs.tokens[index] ?? "";
      expect(top[token]).toBe(logprobs.token_logprobs[index]);
      expect(Math.max(...Object.values(top))).toBe(Object.values(top)[0]);
    }
    expect(await ask()).toEqual({ ...body, id: expect.any(String), created: expect.any(Number) });
  });

  it("scores an echo request with max_tokens 1 (what vLLM accepts) as the prompt plus one generated token", async () => {
    server = await startMockServer();
    const prompt = "Unknown prompt, scored: the answer is";
    const reply = await postJson(`${server?.url}/completions`, {
      prompt,
      echo: true,
      logprobs: 1,
      max_tokens: 1,
    });
    expect(reply.status).toBe(200);
    const body = JSON.parse(reply.text) as EchoBody;
    const logprobs = body.choices[0]?.logprobs;
    if (!logprobs) throw new Error("no logprobs");
    expect(body.choices[0]?.text).toBe(`${prompt} the`);
    expect(body.usage.completion_tokens).toBe(1);
    expect(logprobs.tokens.join("")).toBe(`${prompt} the`);
    expect(logprobs.text_offset.at(-1)).toBe([...prompt].length);
  });

  it("answers without echo with the generated tokens' logprobs only", async () => {
    server = await startMockServer();
    const reply = await postJson(`${server.url}/completions`, { prompt: "Hi", logprobs: 1, max_tokens: 3 });
    const body = JSON.parse(reply.text) as EchoBody;
    const choice = body.choices[0];
    expect(choice?.logprobs?.tokens.join("")).toBe(choice?.text);
    expect(choice?.logprobs?.tokens).toHaveLength(3);
    expect(choice?.logprobs?.token_logprobs.every((value) => value !== null)).toBe(true);
  });

  it("makes the oracle's option win, for acc and acc_norm, with few-shot and system-prompt contexts", async () => {
    server = await oracleServer();
    const backend = createOpenAiHttpBackend({ baseUrl: server.url, model: "mock-model" });
    const cases = [
      { name: "mmlu" as const, nShots: 1, systemPrompt: undefined },
      { name: "hellaswag" as const, nShots: 2, systemPrompt: "Be careful." },
    ];
    let checked = 0;
    let correct = 0;
    try {
      for (const { name, nShots, systemPrompt } of cases) {
        const { mmlu } = await import("../benchmarks/mmlu/index.js");
        const { hellaswag } = await import("../benchmarks/hellaswag/index.js");
        const benchmark = name === "mmlu" ? mmlu : hellaswag;
        const loaded = await benchmark.load({
          context: createLocalDatasetContext(fixturesDir(name)),
          nShots,
        });
        const options: PromptOptions = { endpointType: "completions", nShots, systemPrompt, cot: false };
        for (const sample of loaded.samples) {
          const prompt = loaded.buildLoglikelihood?.(sample as never, options);
          if (prompt === undefined) throw new Error(`${name} has no loglikelihood`);
          const scores = await backend.loglikelihood(prompt);
          const choice = loglikelihoodChoice(
            scores.map((score) => score.logprob),
            prompt.continuations,
            prompt.goldIndex,
          );
          const { isCorrect } = oracleVerdict(SEED, name, sample.id, ACCURACY);
          expect(choice.isCorrect).toBe(isCorrect);
          expect(choice.isCorrectNorm).toBe(isCorrect);
          expect(scores[choice.chosen]?.isGreedy).toBe(true);
          checked++;
          if (isCorrect) correct++;
        }
      }
    } finally {
      await backend.close();
    }
    expect(checked).toBeGreaterThanOrEqual(8);
    expect(correct).toBeGreaterThan(0);
    expect(correct).toBeLessThan(checked);
    const stats = server.oracle?.stats();
    // One ledger entry per sample (its gold option's request), none unrecognized.
    expect(stats?.unrecognized).toBe(0);
    const served = Object.values(stats?.benchmarks ?? {}).reduce((sum, entry) => sum + entry.served, 0);
    expect(served).toBe(checked);
    const servedCorrect = Object.values(stats?.benchmarks ?? {}).reduce(
      (sum, entry) => sum + entry.correct,
      0,
    );
    expect(servedCorrect).toBe(correct);
  });
});
