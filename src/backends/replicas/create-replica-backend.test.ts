// The composite backend over real HTTP replicas: a refused connection is not retried on the dead replica but goes
// to a live one at once; the result names its replica and the one it left; one URL gives the plain backend.
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "../openai-http/create-openai-http-backend.js";
import { startTestServer, type TestServer } from "../openai-http/test-support/start-test-server.js";

const CHAT = {
  id: "c",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content: "hi" }, finish_reason: "stop" }],
  usage: { prompt_tokens: 3, completion_tokens: 1 },
};

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

const request = {
  prompt: { type: "chat" as const, messages: [{ role: "user" as const, content: "hello" }] },
  params: {},
  stream: false,
};

describe("createOpenAiHttpBackend over several replicas", () => {
  let live: TestServer | undefined;
  afterEach(async () => {
    await live?.close();
  });

  it("takes a refused request to the live replica at once and records the trail", async () => {
    live = await startTestServer();
    live.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(CHAT));
    });
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const slept: number[] = [];
    const backend = createOpenAiHttpBackend({
      baseUrl: `${dead},${live.baseUrl}`,
      model: "m",
      maxRetries: 2,
      replicaEjectAfter: 2,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    try {
      const results = [];
      for (let index = 0; index < 6; index++) results.push(await backend.generate(request));
      expect(results.every((result) => result.status === "ok" && result.text === "hi")).toBe(true);
      expect(results.every((result) => result.replica === live?.baseUrl)).toBe(true);
      // The dead replica is tried until it is out of rotation (2 connection errors), then left alone.
      const trails = results.map((result) => result.replicaFailures ?? []);
      expect(trails.flat()).toEqual([dead, dead]);
      expect(results[0]?.attempts).toBe(2);
      // No backoff was slept: the refused request went on to the other replica, not back to the dead one.
      expect(slept).toEqual([]);
      expect(live.requests).toHaveLength(6);
    } finally {
      await backend.close();
    }
  });

  it("keeps an HTTP error answer on its replica: a 4xx is an answer, not a dead replica", async () => {
    live = await startTestServer();
    live.handle((_request, response) => {
      response.writeHead(400, { "content-type": "application/json" }).end('{"error":{"message":"bad"}}');
    });
    const other = await startTestServer();
    other.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(CHAT));
    });
    const backend = createOpenAiHttpBackend({ baseUrl: `${live.baseUrl},${other.baseUrl}`, model: "m" });
    try {
      const first = await backend.generate(request);
      expect(first.status).toBe("error");
      expect(first.error?.httpStatus).toBe(400);
      expect(first.replica).toBe(live.baseUrl);
      expect(first.replicaFailures).toBeUndefined();
    } finally {
      await backend.close();
      await other.close();
    }
  });

  it("lists the models every answering replica serves, and refuses a replica named twice", async () => {
    live = await startTestServer();
    live.handle((_request, response) => {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ object: "list", data: [{ id: "a" }, { id: "b" }] }));
    });
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    const backend = createOpenAiHttpBackend({ baseUrl: `${live.baseUrl},${dead}`, model: "m" });
    try {
      expect(await backend.listModels()).toEqual(["a", "b"]);
    } finally {
      await backend.close();
    }
    expect(() =>
      createOpenAiHttpBackend({ baseUrl: `${live?.baseUrl},${live?.baseUrl}`, model: "m" }),
    ).toThrow(/given twice/);
  });

  it("gives one URL its plain backend: results carry no replica", async () => {
    live = await startTestServer();
    live.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(CHAT));
    });
    const backend = createOpenAiHttpBackend({ baseUrl: live.baseUrl, model: "m" });
    try {
      const result = await backend.generate(request);
      expect(result.status).toBe("ok");
      expect(result.replica).toBeUndefined();
    } finally {
      await backend.close();
    }
  });
});
