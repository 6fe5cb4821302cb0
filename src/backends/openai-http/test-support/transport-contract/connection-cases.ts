// Contract cases: keep-alive reuse, a server that closes its connections, and connections opened before a load.
import { describe, expect, it } from "vitest";
import { type ContractContext, SHORT_CHAT } from "./contract-context.js";
import { okStream } from "./retry-cases.js";

export function connectionCases(context: ContractContext): void {
  describe("connections", () => {
    it("sends requests in sequence over one kept-alive connection when it has one", async () => {
      context.server.handle((_request, response) => okStream(response));
      const before = context.server.connectionCount;
      const backend = context.backend({ connections: 1 });
      for (let index = 0; index < 4; index++) {
        expect(await backend.generate(SHORT_CHAT)).toMatchObject({ status: "ok", text: "fine" });
      }
      const ports = new Set(context.server.requests.map((request) => request.remotePort));
      expect(ports.size).toBe(1);
      expect(context.server.connectionCount - before).toBe(1);
    });

    it("never opens a connection per request in sequence", async () => {
      // Our pool reuses a connection at once; undici only after a turn of the event loop, so a request sent right
      // after the previous one ended takes a second connection, and then the two alternate.
      context.server.handle((_request, response) => okStream(response));
      const before = context.server.connectionCount;
      const backend = context.backend({ connections: 8 });
      for (let index = 0; index < 6; index++) {
        expect(await backend.generate(SHORT_CHAT)).toMatchObject({ status: "ok", text: "fine" });
      }
      expect(context.server.connectionCount - before).toBeLessThanOrEqual(2);
    });

    it("opens a new connection after the server answered `Connection: close`", async () => {
      context.server.handle((_request, response, index) => {
        if (index === 0) response.setHeader("connection", "close");
        return okStream(response);
      });
      const backend = context.backend();
      expect(await backend.generate(SHORT_CHAT)).toMatchObject({ status: "ok", attempts: 1 });
      expect(await backend.generate(SHORT_CHAT)).toMatchObject({ status: "ok", attempts: 1 });
      const [first, second] = context.server.requests;
      expect(first?.remotePort).not.toBe(second?.remotePort);
    });

    it("opens connections before a load, and the load's requests use them", async () => {
      context.server.handle((request, response) => {
        if (request.method === "GET") {
          response
            .writeHead(200, { "content-type": "application/json" })
            .end('{"data":[{"id":"test-model"}]}');
          return undefined;
        }
        return okStream(response);
      });
      const before = context.server.connectionCount;
      const backend = context.backend({ connections: 8 });
      await backend.openConnections?.(3);
      await context.server.connectionsAccepted(before + 3);
      // Our own pool just connects; undici is made to connect by GET /models requests.
      for (const request of context.server.requests) expect(request.url).toBe("/v1/models");
      const results = await Promise.all([1, 2, 3].map(() => backend.generate(SHORT_CHAT)));
      for (const result of results) expect(result.status).toBe("ok");
      expect(context.server.connectionCount - before).toBe(3);
    });
  });
}
