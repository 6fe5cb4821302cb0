// `--api-key` on our server: every route but /health and /metrics answers 401 in OpenAI's error shape without
// `Authorization: Bearer KEY`, with a wrong key or another scheme; the right key passes, and so does our client.
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import { createMockBackend } from "../mock-server/create-mock-backend.js";
import { type OpenAiServer, startOpenAiServer } from "./start-openai-server.js";

const KEY = "sk-serve-KEY-0123456789";
const WRONG = "sk-serve-WRONG-guess-42";

const GUARDED: readonly [string, string, unknown][] = [
  ["GET", "/v1/models", undefined],
  ["GET", "/models", undefined],
  ["POST", "/v1/chat/completions", { messages: [{ role: "user", content: "hi" }], max_tokens: 2 }],
  ["POST", "/v1/completions", { prompt: "hi", max_tokens: 2 }],
  ["POST", "/tokenize", { prompt: "hi" }],
  ["GET", "/oracle/stats", undefined],
  ["GET", "/no/such/route", undefined],
];

describe("startOpenAiServer with apiKey", () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    const backend = createMockBackend({
      model: "mock-model",
      answers: { index: undefined, ledger: undefined, servedLog: undefined, defaultOutputTokens: 2 },
      latency: { ttftMs: 0, ttftStddevMs: 0, ttftPerPromptTokenMs: 0, itlMs: 0, itlStddevMs: 0, seed: 0 },
      now: () => performance.now(),
    });
    server = await startOpenAiServer({
      backend,
      apiKey: KEY,
      routes: { "GET /metrics": (_request, response) => void response.end("# metrics\n") },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = async (method: string, path: string, body: unknown, authorization?: string) => {
    const origin = server.url.replace(/\/v1$/, "");
    const response = await request(`${origin}${path}`, {
      method: method as "GET" | "POST",
      headers: {
        "content-type": "application/json",
        ...(authorization === undefined ? {} : { authorization }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
  };

  it.each(GUARDED)(
    "%s %s: 401 without a key, with a wrong one or another scheme",
    async (method, path, body) => {
      for (const authorization of [
        undefined,
        `Bearer ${WRONG}`,
        `Basic ${KEY}`,
        KEY,
        "Bearer",
        `Bearer ${KEY}x`,
      ]) {
        const answer = await call(method, path, body, authorization);
        expect(answer.status, `${authorization}`).toBe(401);
        expect(answer.headers["www-authenticate"]).toBe("Bearer");
        const error = JSON.parse(answer.text) as { error: Record<string, unknown> };
        expect(error).toEqual({
          error: {
            message: expect.stringMatching(
              authorization === undefined ? /^No API key provided/ : /^Incorrect API key provided/,
            ),
            type: "invalid_request_error",
            param: null,
            code: "invalid_api_key",
          },
        });
        expect(answer.text).not.toContain("WRONG");
        expect(answer.text).not.toContain(KEY);
      }
    },
  );

  it("answers with the right key (the scheme in any case)", async () => {
    expect((await call("GET", "/v1/models", undefined, `Bearer ${KEY}`)).status).toBe(200);
    expect((await call("GET", "/v1/models", undefined, `bearer ${KEY}`)).status).toBe(200);
    const chat = await call("POST", "/v1/chat/completions", GUARDED[2]?.[2], `Bearer ${KEY}`);
    expect(chat.status).toBe(200);
    expect(JSON.parse(chat.text).choices).toHaveLength(1);
  });

  it("leaves GET /health and GET /metrics open", async () => {
    expect((await call("GET", "/health", undefined)).status).toBe(200);
    expect((await call("GET", "/health/", undefined)).status).toBe(200);
    expect((await call("GET", "/metrics", undefined)).status).toBe(200);
    expect((await call("POST", "/health", {})).status).toBe(401);
  });

  it("our client passes with the key and fails clearly, without showing it, with a wrong one", async () => {
    const good = createOpenAiHttpBackend({
      baseUrl: server.url,
      model: "mock-model",
      apiKey: KEY,
      maxRetries: 0,
    });
    const bad = createOpenAiHttpBackend({
      baseUrl: server.url,
      model: "mock-model",
      apiKey: WRONG,
      maxRetries: 0,
    });
    try {
      expect(await good.listModels()).toEqual(["mock-model"]);
      const answer = await good.generate({
        prompt: { type: "chat", messages: [{ role: "user", content: "hi" }] },
        params: {},
        stream: true,
      });
      expect(answer.status).toBe("ok");
      const refused = await bad.generate({
        prompt: { type: "chat", messages: [{ role: "user", content: "hi" }] },
        params: {},
        stream: true,
      });
      expect(refused.status).toBe("error");
      expect(refused.error?.message).toMatch(/401.*Incorrect API key provided/);
      expect(refused.error?.message).not.toContain(WRONG);
    } finally {
      await good.close();
      await bad.close();
    }
  });
});
