// Prewarming opens the connections a load will use before its first request (plain HTTP: connects, no request).
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { profileOptionsSchema } from "../config/profile-options.js";
import type { GenerationRequest } from "../core/generation.js";
import { createProfileBackend } from "./create-profile-backend.js";
import { prewarmConnections } from "./prewarm-connections.js";
import { profileLoadPlan } from "./profile-load-plan.js";

const REQUEST: GenerationRequest = {
  prompt: { type: "completion", text: "hi" },
  params: { maxTokens: 1 },
  stream: false,
};

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function countingServer(): Promise<{
  baseUrl: string;
  connections: () => number;
  requests: () => number;
}> {
  let connections = 0;
  let requests = 0;
  server = createServer((_request, response) => {
    requests++;
    // Late enough that every request of a batch is in flight at once.
    setTimeout(() => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ choices: [{ index: 0, text: " x", finish_reason: "length" }] }));
    }, 30);
  });
  server.on("connection", () => {
    connections++;
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, connections: () => connections, requests: () => requests };
}

describe("prewarmConnections", () => {
  it("opens the closed loop's connections before any request, and the load then uses exactly those", async () => {
    const target = await countingServer();
    const options = profileOptionsSchema.parse({ baseUrl: target.baseUrl, concurrency: 12 });
    const plan = profileLoadPlan(options, 100);
    const backend = createProfileBackend(options, "m", plan);
    try {
      await prewarmConnections(backend, plan.prewarmConnections ?? 0, undefined);
      // The server accepts them in its own time (here, the same event loop).
      await vi.waitFor(() => expect(target.connections()).toBe(12));
      expect(target.requests()).toBe(0);
      const results = await Promise.all(Array.from({ length: 12 }, () => backend.generate(REQUEST)));
      expect(results.every((result) => result.status === "ok")).toBe(true);
      expect(target.requests()).toBe(12);
      expect(target.connections()).toBe(12);
    } finally {
      await backend.close();
    }
  });

  it("returns without error when the server cannot be reached (the requests report it)", async () => {
    const target = await countingServer();
    server?.close();
    server?.closeAllConnections();
    const options = profileOptionsSchema.parse({ baseUrl: target.baseUrl, concurrency: 3 });
    const backend = createProfileBackend(options, "m", profileLoadPlan(options, 10));
    try {
      await expect(prewarmConnections(backend, 3, undefined)).resolves.toBeUndefined();
      expect((await backend.generate(REQUEST)).error?.code).toBe("E_CONNECTION");
    } finally {
      await backend.close();
    }
  });
});
