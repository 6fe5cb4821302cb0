// The loglikelihood work item on a scripted backend: scores to acc/acc_norm, retries, failures as data, fatal errors.
import { describe, expect, it } from "vitest";
import { loadBenchmark } from "../benchmarks/registry.js";
import { createLocalDatasetContext } from "../benchmarks/test-support/local-dataset-context.js";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import type { Backend } from "../core/generation.js";
import type { ContinuationScore, LoglikelihoodRequest } from "../core/loglikelihood.js";
import { sampleRecordSchema } from "../core/sample-record.js";
import { ApiCallError } from "../errors.js";
import { buildLoglikelihoodWorkItem, hasLoglikelihood } from "./build-loglikelihood-work-item.js";
import { planBenchmark } from "./plan-benchmark.js";

type Script = (request: LoglikelihoodRequest, call: number) => ContinuationScore[];

function scriptedBackend(script: Script) {
  const calls: LoglikelihoodRequest[] = [];
  const backend: Backend & {
    loglikelihood: (request: LoglikelihoodRequest) => Promise<ContinuationScore[]>;
  } = {
    name: "scripted",
    generate: () => Promise.reject(new Error("generate must not be called")),
    listModels: async () => ["m"],
    close: async () => {},
    async loglikelihood(request) {
      calls.push(request);
      return script(request, calls.length);
    },
  };
  return { backend, calls };
}

const score = (logprob: number, tokens = 1): ContinuationScore => ({
  logprob,
  isGreedy: logprob > -1,
  tokenLogprobs: Array.from({ length: tokens }, () => logprob / tokens),
});

async function mmluItem(index = 0, sleeps: number[] = []) {
  const benchmark = await loadBenchmark("mmlu");
  const options = parseRunOptions({ benchmarks: ["mmlu"], scoring: "loglikelihood", nShots: 1 });
  const plan = await planBenchmark(benchmark, options, createLocalDatasetContext(fixturesDir("mmlu")));
  const sample = plan.samples[index];
  if (sample === undefined) throw new Error("no fixture sample");
  const item = buildLoglikelihoodWorkItem(plan, sample, {
    runStartMs: 0,
    session: 2,
    maxRetries: 2,
    now: () => 10,
    sleep: async (delayMs) => {
      sleeps.push(delayMs);
    },
    random: () => 0.5,
  });
  return { item, sample, plan };
}

describe("buildLoglikelihoodWorkItem", () => {
  it("scores every option once on the plan's context and records acc, acc_norm and per-option scores", async () => {
    const { item, sample, plan } = await mmluItem();
    const prompt = plan.loaded.buildLoglikelihood?.(sample, plan.promptOptions);
    const gold = prompt?.goldIndex ?? -1;
    // acc picks the gold option; MMLU's options " A" … " D" have equal lengths, so acc_norm agrees.
    const { backend, calls } = scriptedBackend((request) =>
      request.continuations.map((_, index) => score(index === gold ? -0.2 : -3 - index, 2)),
    );
    const record = await item.execute(backend, new AbortController().signal);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.context).toBe(prompt?.context);
    expect(calls[0]?.continuations).toEqual([" A", " B", " C", " D"]);
    expect(record).toBeDefined();
    expect(sampleRecordSchema.parse(record)).toEqual(record);
    expect(record?.status).toBe("ok");
    expect(record?.correct).toBe(true);
    expect(record?.correct_norm).toBe(true);
    expect(record?.extracted).toBe(sample.gold);
    expect(record?.session).toBe(2);
    expect(record?.loglikelihood?.gold_index).toBe(gold);
    expect(record?.loglikelihood?.choices.map((choice) => choice.logprob)).toEqual(
      [0, 1, 2, 3].map((index) => (index === gold ? -0.2 : -3 - index)),
    );
    expect(record?.loglikelihood?.choices[gold]).toMatchObject({ tokens: 2, is_greedy: true });
  });

  it("lets acc and acc_norm disagree when a shorter option wins in total and a longer one per byte", async () => {
    const benchmark = await loadBenchmark("hellaswag");
    const options = parseRunOptions({ benchmarks: ["hellaswag"], scoring: "loglikelihood", nShots: 0 });
    const plan = await planBenchmark(benchmark, options, createLocalDatasetContext(fixturesDir("hellaswag")));
    const sample = plan.samples.find((candidate) => {
      const prompt = plan.loaded.buildLoglikelihood?.(candidate, plan.promptOptions);
      const lengths = prompt?.continuations.map((text) => Buffer.byteLength(text)) ?? [];
      return new Set(lengths).size === lengths.length;
    });
    if (sample === undefined) throw new Error("no fixture sample with distinct option lengths");
    const prompt = plan.loaded.buildLoglikelihood?.(sample, plan.promptOptions);
    const bytes = prompt?.continuations.map((text) => Buffer.byteLength(text)) ?? [];
    const longest = bytes.indexOf(Math.max(...bytes));
    const shortest = bytes.indexOf(Math.min(...bytes));
    const short = Math.min(...bytes);
    const long = Math.max(...bytes);
    // The shortest option has the best total (-2); the longest a worse total, -2k with 1 < k < long/short, so
    // its per-byte score -2k/long beats -2/short; the others are far behind.
    const factor = (1 + long / short) / 2;
    const { backend } = scriptedBackend((request) =>
      request.continuations.map((_, index) =>
        score(index === shortest ? -2 : index === longest ? -2 * factor : -100 - index),
      ),
    );
    const item = buildLoglikelihoodWorkItem(plan, sample, { runStartMs: 0, session: 0, maxRetries: 0 });
    const record = await item.execute(backend, new AbortController().signal);
    expect(record?.loglikelihood?.chosen).toBe(shortest);
    expect(record?.loglikelihood?.chosen_norm).toBe(longest);
    expect(record?.correct).toBe(shortest === prompt?.goldIndex);
    expect(record?.correct_norm).toBe(longest === prompt?.goldIndex);
    expect(record?.response).toBe(prompt?.continuations[shortest]);
  });

  it("retries a retryable failure, then records a persistent one as a failed sample", async () => {
    const { item } = await mmluItem();
    const flaky = scriptedBackend((request, call) => {
      if (call === 1) throw new ApiCallError("busy", { status: 503 });
      return request.continuations.map(() => score(-1));
    });
    const retried = await item.execute(flaky.backend, new AbortController().signal);
    expect(flaky.calls).toHaveLength(2);
    expect(retried?.status).toBe("ok");
    expect(retried?.attempts).toBe(2);

    const broken = scriptedBackend(() => {
      throw new ApiCallError("bad request", { status: 400 });
    });
    const failed = await item.execute(broken.backend, new AbortController().signal);
    expect(broken.calls).toHaveLength(1);
    expect(failed).toMatchObject({
      status: "error",
      correct: false,
      correct_norm: false,
      error: { code: "E_API_CALL", http_status: 400, message: "bad request" },
    });
    expect(failed?.loglikelihood).toBeUndefined();
  });

  it("waits as src/net's retry rule says: the server's retry-after, else 0.5 s × 2ⁿ with jitter", async () => {
    const sleeps: number[] = [];
    const { item } = await mmluItem(0, sleeps);
    const busy = scriptedBackend((_request, call) => {
      throw new ApiCallError("busy", {
        status: call === 1 ? 429 : 503,
        ...(call === 1 ? { retryAfterMs: 1200 } : {}),
      });
    });
    const failed = await item.execute(busy.backend, new AbortController().signal);
    expect(busy.calls).toHaveLength(3);
    expect(failed).toMatchObject({ status: "error", attempts: 3, error: { http_status: 503 } });
    expect(sleeps).toEqual([1200, 1000 * 0.875]);
  });

  it("throws what every sample would hit (no prompt logprobs), and resolves undefined when aborted", async () => {
    const { item } = await mmluItem();
    const noLogprobs = scriptedBackend(() => {
      throw new ApiCallError("no prompt logprobs", { code: "E_NO_PROMPT_LOGPROBS", isRetryable: false });
    });
    await expect(item.execute(noLogprobs.backend, new AbortController().signal)).rejects.toMatchObject({
      code: "E_NO_PROMPT_LOGPROBS",
    });
    const controller = new AbortController();
    const aborting = scriptedBackend(() => {
      controller.abort();
      throw new Error("aborted");
    });
    await expect(item.execute(aborting.backend, controller.signal)).resolves.toBeUndefined();
  });

  it("rejects a backend that cannot score", async () => {
    const { item } = await mmluItem();
    const { backend } = scriptedBackend(() => []);
    const { loglikelihood: _dropped, ...plain } = backend;
    expect(hasLoglikelihood(plain)).toBe(false);
    expect(hasLoglikelihood(backend)).toBe(true);
    await expect(item.execute(plain, new AbortController().signal)).rejects.toThrow(
      /scripted backend cannot score log-likelihoods/,
    );
  });
});
