import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import type { EndpointType } from "../core/prompt.js";
import { promptTail } from "../core/prompt.js";
import { oracleVerdict } from "./oracle-verdict.js";
import { type MockServer, startMockServer } from "./start-mock-server.js";
import { FAKE_RECIPE, fakeBenchmark } from "./test-support/fake-benchmark.js";
import { jsonEvents, postJson } from "./test-support/http-client.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function ask(
  url: string,
  benchmark: ReturnType<typeof fakeBenchmark>,
  index: number,
  isStream: boolean,
) {
  const sample = benchmark.samples[index];
  if (sample === undefined) throw new Error(`no sample ${index}`);
  const endpointType: EndpointType = index % 2 === 0 ? "chat" : "completions";
  const prompt = benchmark.buildPrompt(sample, endpointType);
  if (prompt.type === "chat") {
    const result = await postJson(`${url}/chat/completions`, {
      messages: prompt.messages,
      stream: isStream,
      max_tokens: 32,
    });
    const text = isStream
      ? (jsonEvents(result) as Array<{ choices: Array<{ delta: { content?: string } }> }>)
          .map((chunk) => chunk.choices[0]?.delta.content ?? "")
          .join("")
      : JSON.parse(result.text).choices[0].message.content;
    return { sample, text: text as string };
  }
  const result = await postJson(`${url}/completions`, {
    prompt: prompt.text,
    stream: isStream,
    max_tokens: 32,
  });
  const text = isStream
    ? (jsonEvents(result) as Array<{ choices: Array<{ text: string }> }>)
        .map((chunk) => chunk.choices[0]?.text ?? "")
        .join("")
    : JSON.parse(result.text).choices[0].text;
  return { sample, text: text as string };
}

describe("oracle mode", () => {
  it("serves each sample correctly exactly as oracleVerdict predicts, and the ledger agrees with grading", async () => {
    const benchmark = fakeBenchmark({ sampleCount: 200 });
    const accuracy = 0.7;
    const seed = 11;
    server = await startMockServer({
      oracle: {
        benchmarks: [{ benchmark, recipe: benchmark.recipes[0], samples: benchmark.samples }],
        accuracy,
        seed,
      },
    });
    const answers = [];
    for (let index = 0; index < 200; index++)
      answers.push(await ask(server.url, benchmark, index, index % 3 === 0));

    const predicted = benchmark.samples.filter(
      (sample) => oracleVerdict(seed, "fake", sample.id, accuracy).isCorrect,
    ).length;
    const graded = answers.filter(({ sample, text }) => benchmark.grade(sample, text)).length;
    const stats = server.oracle?.stats();
    expect(stats?.benchmarks["fake"]).toEqual({
      served: 200,
      correct: predicted,
      wrong: 200 - predicted,
      uniqueSamples: 200,
      uniqueCorrect: predicted,
      duplicateRequests: 0,
      truncated: 0,
    });
    expect(graded).toBe(predicted);
    expect(predicted).toBeGreaterThan(110);
    expect(predicted).toBeLessThan(170);
    expect(stats?.unrecognized).toBe(0);
    expect(stats?.ambiguous).toBe(0);
    // Each answer's grade matches the verdict for its own sample, not just in total.
    for (const { sample, text } of answers) {
      expect(benchmark.grade(sample, text)).toBe(oracleVerdict(seed, "fake", sample.id, accuracy).isCorrect);
    }
  });

  it("exposes stats, samples and reset over HTTP, and counts duplicates", async () => {
    const benchmark = fakeBenchmark({ sampleCount: 10 });
    server = await startMockServer({
      oracle: {
        benchmarks: [{ benchmark, recipe: benchmark.recipes[0], samples: benchmark.samples }],
        accuracy: 0.5,
      },
    });
    await ask(server.url, benchmark, 3, false);
    await ask(server.url, benchmark, 3, true);
    await ask(server.url, benchmark, 4, false);
    const stats = await (await request(`http://127.0.0.1:${server.port}/oracle/stats`)).body.json();
    expect(stats).toMatchObject({
      benchmarks: { fake: { served: 3, uniqueSamples: 2, duplicateRequests: 1 } },
    });
    const samplesText = await (await request(`http://127.0.0.1:${server.port}/oracle/samples`)).body.text();
    const records = samplesText
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records).toEqual([
      { benchmark: "fake", id: "t0/3", served: 2, ...oracleVerdict(0, "fake", "t0/3", 0.5) },
      { benchmark: "fake", id: "t1/4", served: 1, ...oracleVerdict(0, "fake", "t1/4", 0.5) },
    ]);
    const reset = await request(`http://127.0.0.1:${server.port}/oracle/reset`, { method: "POST" });
    expect(reset.statusCode).toBe(200);
    await reset.body.dump();
    expect(server.oracle?.stats()).toEqual({ benchmarks: {}, unrecognized: 0, ambiguous: 0 });
  });

  it("answers unknown prompts with filler and counts them unrecognized", async () => {
    const benchmark = fakeBenchmark({ sampleCount: 5 });
    server = await startMockServer({
      oracle: {
        benchmarks: [{ benchmark, recipe: benchmark.recipes[0], samples: benchmark.samples }],
        accuracy: 1,
      },
    });
    const result = await postJson(`${server.url}/completions`, {
      prompt: "What is the capital of France?",
      max_tokens: 4,
    });
    expect(JSON.parse(result.text).choices[0].text).toBe("The quick brown fox");
    // A prompt that ends with only part of a registered suffix is not recognised either.
    const suffix = benchmark.oracle.promptSuffix(
      benchmark.samples[0] ?? { id: "", task: "", gold: "" },
      FAKE_RECIPE,
    );
    await postJson(`${server.url}/completions`, { prompt: suffix.slice(20), max_tokens: 4 });
    expect(server.oracle?.stats()).toEqual({ benchmarks: {}, unrecognized: 2, ambiguous: 0 });
  });

  it("recognises prompts by promptTail: the last user message of a chat", async () => {
    const benchmark = fakeBenchmark({ sampleCount: 5 });
    server = await startMockServer({
      oracle: {
        benchmarks: [{ benchmark, recipe: benchmark.recipes[0], samples: benchmark.samples }],
        accuracy: 1,
      },
    });
    const sample = benchmark.samples[2];
    if (sample === undefined) throw new Error("no sample");
    const messages = [
      { role: "user" as const, content: benchmark.oracle.promptSuffix(sample, FAKE_RECIPE) },
      { role: "assistant" as const, content: "ok" },
    ];
    expect(promptTail({ type: "chat", messages })).toBe(benchmark.oracle.promptSuffix(sample, FAKE_RECIPE));
    const result = await postJson(`${server.url}/chat/completions`, { messages });
    expect(benchmark.grade(sample, JSON.parse(result.text).choices[0].message.content)).toBe(true);
    expect(server.oracle?.stats().benchmarks["fake"]?.correct).toBe(1);
  });

  it("counts ambiguous prompts (same suffix, different gold) and answers as for the first", async () => {
    const first = fakeBenchmark({ name: "first", sampleCount: 3 });
    const second = fakeBenchmark({ name: "second", sampleCount: 3 });
    server = await startMockServer({
      oracle: {
        benchmarks: [
          { benchmark: first, recipe: first.recipes[0], samples: first.samples },
          { benchmark: second, recipe: second.recipes[0], samples: second.samples },
        ],
        accuracy: 1,
      },
    });
    await ask(server.url, first, 1, false);
    const stats = server.oracle?.stats();
    expect(stats?.ambiguous).toBe(1);
    expect(stats?.benchmarks["first"]?.served).toBe(1);
    expect(stats?.benchmarks["second"]).toBeUndefined();
  });

  it("records truncated answers and appends a served log", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mock-oracle-"));
    try {
      const benchmark = fakeBenchmark({ sampleCount: 4 });
      const servedLogPath = join(directory, "served.jsonl");
      server = await startMockServer({
        oracle: {
          benchmarks: [{ benchmark, recipe: benchmark.recipes[0], samples: benchmark.samples }],
          accuracy: 1,
          seed: 2,
        },
        servedLogPath,
      });
      const url = server.url;
      for (let index = 0; index < 4; index++) {
        const sample = benchmark.samples[index];
        const prompt = benchmark.oracle.promptSuffix(sample ?? { id: "", task: "", gold: "" }, FAKE_RECIPE);
        await postJson(`${url}/completions`, { prompt, max_tokens: index === 0 ? 0 : 32 });
      }
      await server.close();
      const lines = (await readFile(servedLogPath, "utf8"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines.map((line) => line.id)).toEqual(benchmark.samples.map((sample) => sample.id));
      expect(lines[0]).toEqual({ benchmark: "fake", id: "t0/0", ...oracleVerdict(2, "fake", "t0/0", 1) });
      expect(server.oracle?.stats().benchmarks["fake"]?.truncated).toBe(1);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
