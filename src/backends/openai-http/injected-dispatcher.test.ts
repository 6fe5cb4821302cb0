// Tests the dispatcher option: model listing and generation go through an injected undici dispatcher (a MockAgent
// here), with the base URL's path and query, and closing the backend leaves that dispatcher open.
import { MockAgent } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "./create-openai-http-backend.js";

const BASE_URL = "http://inference.test/openai/v1?api-version=2";
let agent: MockAgent;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  await agent.close();
});

describe("dispatcher option", () => {
  it("lists models through the injected dispatcher and leaves it open on close", async () => {
    agent
      .get("http://inference.test")
      .intercept({ path: "/openai/v1/models?api-version=2", method: "GET" })
      .reply(200, { data: [{ id: "gpt-test" }] })
      .times(2);
    const backend = createOpenAiHttpBackend({ baseUrl: BASE_URL, model: "m", dispatcher: agent });
    await expect(backend.listModels()).resolves.toEqual(["gpt-test"]);
    await backend.close();
    // Still open: a closed agent would refuse this.
    const next = createOpenAiHttpBackend({ baseUrl: BASE_URL, model: "m", dispatcher: agent });
    await expect(next.listModels()).resolves.toEqual(["gpt-test"]);
    await next.close();
    agent.assertNoPendingInterceptors();
  });

  it("sends generation requests through the injected dispatcher", async () => {
    agent
      .get("http://inference.test")
      .intercept({ path: "/openai/v1/chat/completions?api-version=2", method: "POST" })
      .reply(
        200,
        'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
        { headers: { "content-type": "text/event-stream" } },
      );
    const backend = createOpenAiHttpBackend({
      baseUrl: BASE_URL,
      model: "m",
      dispatcher: agent,
      maxRetries: 0,
    });
    const result = await backend.generate({
      prompt: { type: "chat", messages: [{ role: "user", content: "hi" }] },
      params: {},
      stream: true,
    });
    expect(result).toMatchObject({ status: "ok", text: "Hi", finishReason: "stop", attempts: 1 });
    await backend.close();
    agent.assertNoPendingInterceptors();
  });
});
