import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { isFaultRequest } from "./is-fault-request.js";
import { type MockServer, startMockServer } from "./start-mock-server.js";
import { jsonEvents, postJson } from "./test-support/http-client.js";

const servers: MockServer[] = [];
async function start(options: Parameters<typeof startMockServer>[0] = {}): Promise<MockServer> {
  const server = await startMockServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const chatBody = (extra: Record<string, unknown> = {}) => ({
  model: "mock-model",
  messages: [{ role: "user", content: "Say something, please." }],
  ...extra,
});

describe("startMockServer", () => {
  it("lists its model and answers on 127.0.0.1", async () => {
    const server = await start({ model: "m1" });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/v1`);
    const response = await request(`${server.url}/models`);
    expect(await response.body.json()).toMatchObject({
      object: "list",
      data: [{ id: "m1", object: "model" }],
    });
  });

  it("answers a non-streaming chat request in OpenAI's shape", async () => {
    const server = await start({ defaultOutputTokens: 5 });
    const result = await postJson(`${server.url}/chat/completions`, chatBody());
    expect(result.status).toBe(200);
    const body = JSON.parse(result.text);
    expect(body).toMatchObject({
      object: "chat.completion",
      model: "mock-model",
      choices: [{ index: 0, message: { role: "assistant" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 3, completion_tokens: 5, total_tokens: 8 },
    });
    expect(body.choices[0].message.content.split(" ")).toHaveLength(5);
  });

  it("streams a chat answer: role chunk, content deltas, finish chunk, usage chunk, [DONE]", async () => {
    const server = await start();
    const result = await postJson(
      `${server.url}/chat/completions`,
      chatBody({ stream: true, max_tokens: 4, stream_options: { include_usage: true } }),
    );
    expect(result.headers["content-type"]).toBe("text/event-stream");
    expect(result.events.at(-1)?.data).toBe("[DONE]");
    const chunks = jsonEvents(result) as Array<{
      object: string;
      choices: Array<{ delta: { role?: string; content?: string }; finish_reason: string | null }>;
      usage?: unknown;
    }>;
    expect(chunks).toHaveLength(1 + 4 + 1 + 1);
    expect(chunks.every((chunk) => chunk.object === "chat.completion.chunk")).toBe(true);
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: "assistant", content: "" });
    const contents = chunks.slice(1, 5).map((chunk) => chunk.choices[0]?.delta.content);
    expect(contents.join("")).toBe("The quick brown fox");
    expect(chunks[5]?.choices[0]).toMatchObject({ delta: {}, finish_reason: "length" });
    expect(chunks[6]).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    });
  });

  it("omits the usage chunk unless asked for", async () => {
    const server = await start();
    const result = await postJson(
      `${server.url}/chat/completions`,
      chatBody({ stream: true, max_tokens: 2 }),
    );
    const chunks = jsonEvents(result) as Array<{ usage?: unknown }>;
    expect(chunks).toHaveLength(4);
    expect(chunks.some((chunk) => chunk.usage !== undefined)).toBe(false);
  });

  it("answers the completions endpoint, streamed and whole", async () => {
    const server = await start();
    const whole = JSON.parse(
      (await postJson(`${server.url}/completions`, { prompt: "one two three", max_tokens: 3 })).text,
    );
    expect(whole).toMatchObject({
      object: "text_completion",
      choices: [{ index: 0, text: "The quick brown", finish_reason: "length" }],
      usage: { prompt_tokens: 3, completion_tokens: 3 },
    });
    const streamed = await postJson(`${server.url}/completions`, {
      prompt: "one two three",
      max_tokens: 3,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = jsonEvents(streamed) as Array<{
      object: string;
      choices: Array<{ text: string; finish_reason: string | null }>;
    }>;
    expect(chunks.map((chunk) => chunk.choices[0]?.text ?? null)).toEqual([
      "The",
      " quick",
      " brown",
      "",
      null,
    ]);
    expect(chunks[3]?.choices[0]?.finish_reason).toBe("length");
    expect(chunks.every((chunk) => chunk.object === "text_completion")).toBe(true);
  });

  it("cuts at the first stop string with finish_reason stop", async () => {
    const server = await start();
    const result = await postJson(`${server.url}/chat/completions`, chatBody({ stop: ["lazy", " fox"] }));
    expect(JSON.parse(result.text).choices[0]).toMatchObject({
      message: { content: "The quick brown" },
      finish_reason: "stop",
    });
    const streamed = await postJson(`${server.url}/completions`, {
      prompt: "p",
      stop: "jumps",
      stream: true,
    });
    const texts = (
      jsonEvents(streamed) as Array<{ choices: Array<{ text: string; finish_reason: string | null }> }>
    ).map((chunk) => chunk.choices[0]);
    expect(texts.map((choice) => choice?.text).join("")).toBe("The quick brown fox ");
    expect(texts.at(-1)?.finish_reason).toBe("stop");
  });

  it("answers errors in OpenAI's shape: unknown model 404, bad JSON 400, missing fields 400, unknown path 404", async () => {
    const server = await start();
    const wrongModel = await postJson(`${server.url}/chat/completions`, chatBody({ model: "other" }));
    expect(wrongModel.status).toBe(404);
    expect(JSON.parse(wrongModel.text)).toMatchObject({
      error: { type: "invalid_request_error", param: "model", code: "model_not_found" },
    });
    expect(JSON.parse(wrongModel.text).error.message).toContain("other");
    const badJson = await postJson(`${server.url}/chat/completions`, "{not json");
    expect(badJson.status).toBe(400);
    expect(JSON.parse(badJson.text)).toMatchObject({ error: { type: "invalid_request_error", code: null } });
    expect(JSON.parse(badJson.text).error.message).toContain("not valid JSON");
    const noMessages = await postJson(`${server.url}/chat/completions`, { model: "mock-model" });
    expect(noMessages.status).toBe(400);
    expect(JSON.parse(noMessages.text).error.message).toContain("messages");
    const unknownPath = await postJson(`${server.url}/embeddings`, {});
    expect(unknownPath.status).toBe(404);
  });

  it("injects faults at the configured rate, on exactly the requests the seeded hash picks", async () => {
    const server = await start({ faultRate: 0.3, faultStatus: 503, faultSeed: 5, faultRetryAfterMs: 0 });
    const statuses: number[] = [];
    for (let index = 0; index < 200; index++) {
      const result = await postJson(`${server.url}/completions`, { prompt: "x", max_tokens: 1 });
      statuses.push(result.status);
      if (result.status === 503) {
        expect(result.headers["retry-after-ms"]).toBe("0");
        expect(JSON.parse(result.text)).toMatchObject({
          error: { type: "server_error", message: "Injected fault (mock server)." },
        });
      }
    }
    const expected = statuses.map((_, index) => (isFaultRequest(5, index + 1, 0.3) ? 503 : 200));
    expect(statuses).toEqual(expected);
    const faults = statuses.filter((status) => status === 503).length;
    expect(faults).toBeGreaterThan(40);
    expect(faults).toBeLessThan(80);
  });

  it("survives clients that hang up mid-stream", async () => {
    const server = await start({ itlMs: 5 });
    const controller = new AbortController();
    const response = await request(`${server.url}/chat/completions`, {
      method: "POST",
      body: JSON.stringify(chatBody({ stream: true, max_tokens: 40 })),
      signal: controller.signal,
    });
    let chunks = 0;
    await expect(
      (async () => {
        for await (const _chunk of response.body) if (++chunks === 3) controller.abort();
      })(),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const after = await postJson(`${server.url}/chat/completions`, chatBody({ max_tokens: 2 }));
    expect(after.status).toBe(200);
  });

  it("closes promptly with a stream still open", async () => {
    const server = await startMockServer({ ttftMs: 0, itlMs: 1_000 });
    const response = await request(`${server.url}/chat/completions`, {
      method: "POST",
      body: JSON.stringify(chatBody({ stream: true, max_tokens: 50 })),
    });
    const startedMs = performance.now();
    const reading = (async () => {
      for await (const _chunk of response.body) {
        // drain until the server cuts the connection
      }
    })();
    await server.close();
    await reading.catch(() => undefined);
    expect(performance.now() - startedMs).toBeLessThan(500);
  });
});
