// The transport contract against a plain-HTTP server: every request goes through our HTTP/1.1 pool.
import { describe, expect, it } from "vitest";
import { createHttpTransport } from "./create-http-transport.js";
import { H1Pool } from "./h1-pool.js";
import { startTestServer } from "./test-support/start-test-server.js";
import { runTransportContract } from "./test-support/transport-contract/run-transport-contract.js";

describe("transport contract, plain HTTP (our HTTP/1.1 pool)", () => {
  it("is the transport chosen for an http:// base URL", async () => {
    const transport = createHttpTransport({
      origin: "http://127.0.0.1:1",
      connections: 1,
      warmUpRequest: { path: "/v1/models", headers: {} },
    });
    expect(transport).toBeInstanceOf(H1Pool);
    await transport.close();
  });

  runTransportContract({ startServer: () => startTestServer(), backendOptions: {} });
});
