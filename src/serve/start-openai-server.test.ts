// One HTTP layer, two backends: the mock Backend and a trivial one of this test are served alike (routes, model
// check, SSE framing, errors, counters), and a port in use is a clear BenchError.
import { setImmediate as nextTurn } from "node:timers/promises";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import type { GenerationRequest, GenerationResult } from "../core/generation.js";
import { promptTail } from "../core/prompt.js";
import { BenchError } from "../errors.js";
import { createMockBackend } from "../mock-server/create-mock-backend.js";
import type { ServedBackend, ServedGenerateOptions } from "./served-backend.js";
import { type OpenAiServer, startOpenAiServer } from "./start-openai-server.js";

/** Answers with the prompt's words reversed, one delta per turn of the event loop; "fail" and "fail late" fail. */
function reversingBackend(): ServedBackend {
  const result = (
    status: GenerationResult["status"],
    text: string,
    httpStatus?: number,
  ): GenerationResult => ({
    status,
    text,
    reasoning: "",
    isThinkUnclosed: false,
    finishReason: status === "ok" ? "stop" : "unknown",
    usage: { promptTokens: 2, completionTokens: text.split(" ").length },
    timings: { sentMs: 0, deltaTimesMs: [], endMs: 0 },
    attempts: 1,
    ...(status === "ok"
      ? {}
      : {
          error: {
            code: "E_TEST",
            message: `cannot answer "${text}"`,
            ...(httpStatus ? { httpStatus } : {}),
          },
        }),
  });
  return {
    name: "reversing",
    modelId: "reverser",
    async generate(generation: GenerationRequest, options: ServedGenerateOptions = {}) {
      const prompt = promptTail(generation.prompt);
      if (prompt === "fail") return result("error", prompt, 422);
      const words = prompt.split(" ").reverse();
      for (const [index, word] of words.entries()) {
        await nextTurn();
        if (generation.stream) options.onTextDelta?.(index === 0 ? word : ` ${word}`);
        if (prompt === "fail late") return result("error", prompt);
      }
      return result("ok", words.join(" "));
    },
    listModels: async () => ["reverser"],
    close: async () => undefined,
  };
}

const post = async (url: string, body: unknown) => {
  const response = await request(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
};

describe("startOpenAiServer", () => {
  let mock: OpenAiServer;
  let reversing: OpenAiServer;
  beforeAll(async () => {
    const mockBackend = createMockBackend({
      model: "mock-model",
      answers: { index: undefined, ledger: undefined, servedLog: undefined, defaultOutputTokens: 4 },
      latency: { ttftMs: 0, ttftStddevMs: 0, ttftPerPromptTokenMs: 0, itlMs: 1, itlStddevMs: 0, seed: 0 },
      now: () => performance.now(),
    });
    mock = await startOpenAiServer({ backend: mockBackend, idPrefix: "t-" });
    reversing = await startOpenAiServer({ backend: reversingBackend() });
  });
  afterAll(async () => {
    await mock?.close();
    await reversing?.close();
  });

  it("serves both backends to the project's own client, streamed and whole", async () => {
    const cases = [
      [mock, "mock-model", "The quick brown fox"],
      [reversing, "reverser", "world hello"],
    ] as const;
    for (const [server, model, expected] of cases) {
      const client = createOpenAiHttpBackend({ baseUrl: server.url, model, maxRetries: 0 });
      try {
        expect(await client.listModels()).toEqual([model]);
        for (const type of ["chat", "completions"] as const)
          for (const stream of [true, false]) {
            const prompt =
              type === "chat"
                ? { type, messages: [{ role: "user" as const, content: "hello world" }] }
                : { type: "completion" as const, text: "hello world" };
            const answer = await client.generate({ prompt, params: {}, stream });
            expect(answer.status, `${model} ${type} stream=${stream}`).toBe("ok");
            expect(answer.text).toBe(expected);
            expect(answer.finishReason).toBe("stop");
          }
      } finally {
        await client.close();
      }
    }
  });

  it("answers POST /tokenize in vLLM's and llama.cpp's dialects, and says when its backend cannot tokenize", async () => {
    const root = mock.url.replace(/\/v1$/, "");
    const vllm = await post(`${root}/tokenize`, { model: "mock-model", prompt: "hello big world" });
    expect(vllm.status).toBe(200);
    const counted = JSON.parse(vllm.text) as { count: number; tokens: number[] };
    expect(counted.count).toBe(4);
    expect(counted.tokens).toHaveLength(4);
    expect(counted.tokens[0]).toBe(1);
    const plain = await post(`${mock.url}/tokenize`, {
      prompt: "hello big world",
      add_special_tokens: false,
    });
    expect(JSON.parse(plain.text)).toEqual({ count: 3, tokens: counted.tokens.slice(1) });
    const llamaCpp = await post(`${root}/tokenize`, { content: "hello big world" });
    expect(JSON.parse(llamaCpp.text)).toEqual({ tokens: counted.tokens.slice(1) });
    const wrongModel = await post(`${root}/tokenize`, { model: "other", prompt: "x" });
    expect(wrongModel.status).toBe(404);
    expect(wrongModel.text).toContain("serves `mock-model`");
    const bad = await post(`${root}/tokenize`, { text: "x" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('{\\"prompt\\": TEXT');
    const cannot = await post(`${reversing.url.replace(/\/v1$/, "")}/tokenize`, { prompt: "x" });
    expect(cannot.status).toBe(404);
    expect(cannot.text).toContain("cannot tokenize");
    // A body that is not JSON is the request's fault on every route that reads one.
    for (const route of ["tokenize", "detokenize", "v1/completions"]) {
      const response = await request(`${root}/${route}`, { method: "POST", body: "{not json" });
      expect(response.statusCode, route).toBe(400);
      const text = await response.body.text();
      if (route !== "v1/completions") expect(text, route).toContain("The request body is not JSON.");
    }
    // The project's own client reads it too.
    const client = createOpenAiHttpBackend({ baseUrl: mock.url, model: "mock-model", maxRetries: 0 });
    try {
      expect(await client.tokenize?.("hello big world", { addSpecialTokens: true })).toEqual(counted.tokens);
    } finally {
      await client.close();
    }
  });

  it("frames a stream the same way whichever backend wrote it", async () => {
    for (const server of [mock, reversing]) {
      const response = await post(`${server.url}/chat/completions`, {
        messages: [{ role: "user", content: "hello world" }],
        max_tokens: 2,
        stream: true,
        stream_options: { include_usage: true },
      });
      expect(response.headers["content-type"]).toBe("text/event-stream");
      const events = response.text.split("\n\n").filter((frame) => frame !== "");
      expect(events.at(-1)).toBe("data: [DONE]");
      const chunks = events.slice(0, -1).map((frame) => JSON.parse(frame.slice("data: ".length)));
      expect(chunks[0].choices[0].delta).toEqual({ role: "assistant", content: "" });
      expect(chunks.slice(1, 3).every((chunk) => typeof chunk.choices[0].delta.content === "string")).toBe(
        true,
      );
      expect(chunks[3].choices[0]).toMatchObject({ delta: {}, finish_reason: expect.any(String) });
      expect(chunks[4]).toMatchObject({ choices: [], usage: { completion_tokens: 2 } });
      expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    }
  });

  it("answers the routes and refusals of both alike", async () => {
    for (const [server, model] of [
      [mock, "mock-model"],
      [reversing, "reverser"],
    ] as const) {
      const base = server.url.replace(/\/v1$/, "");
      for (const path of ["/v1/models", "/models", "/v1/models/", "/health"]) {
        const response = await request(`${base}${path}`);
        expect(response.statusCode, path).toBe(200);
        await response.body.dump();
      }
      const wrongModel = await post(`${server.url}/completions`, { model: "other", prompt: "x" });
      expect(wrongModel.status).toBe(404);
      expect(JSON.parse(wrongModel.text).error).toMatchObject({ param: "model", code: "model_not_found" });
      expect(JSON.parse(wrongModel.text).error.message).toContain(model);
      const bad = await post(`${server.url}/chat/completions`, { messages: [] });
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.text).error.message).toMatch(/^Invalid request body at messages: /);
      const missing = await post(`${base}/v1/embeddings`, {});
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text).error.message).toContain("POST /v1/chat/completions");
    }
  });

  it("answers a failed result with its status before any byte, and with an SSE error event after", async () => {
    const early = await post(`${reversing.url}/completions`, { prompt: "fail", stream: true });
    expect(early.status).toBe(422);
    expect(JSON.parse(early.text).error).toMatchObject({
      message: 'cannot answer "fail"',
      type: "invalid_request_error",
    });
    const late = await post(`${reversing.url}/completions`, { prompt: "fail late", stream: true });
    expect(late.status).toBe(200);
    const events = late.text.split("\n\n").filter((frame) => frame !== "");
    expect(events.at(-1)).toBe("data: [DONE]");
    expect(JSON.parse(events.at(-2)?.slice(6) ?? "{}").error).toMatchObject({ type: "server_error" });
  });

  it("sends logprobs requests to a backend without completeWithLogprobs through generate, without logprobs", async () => {
    const response = await post(`${reversing.url}/completions`, { prompt: "a b", echo: true, logprobs: 1 });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text).choices[0]).toMatchObject({ text: "b a", logprobs: null });
  });

  it("counts what it answered", () => {
    const counts = reversing.counters.snapshot();
    expect(counts.running).toBe(0);
    expect(counts.failedRequests).toBeGreaterThanOrEqual(4);
    expect(counts.successStop).toBeGreaterThanOrEqual(5);
    expect(counts.generationTokens).toBeGreaterThan(0);
  });

  it("refuses a port in use with a BenchError that says how to fix it", async () => {
    const error = await startOpenAiServer({ backend: reversingBackend(), port: mock.port }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BenchError);
    expect(error).toMatchObject({ code: "E_PORT_IN_USE", exitCode: 2 });
    expect((error as BenchError).message).toBe(
      `Port ${mock.port} on 127.0.0.1 is already in use. Choose another port with --port P, or --port 0 for a free one.`,
    );
  });
});
