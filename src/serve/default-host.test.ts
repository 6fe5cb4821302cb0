// Our servers listen on 127.0.0.1 unless told otherwise: `serve`'s and `mock-server`'s --host default, and the HTTP
// layer's own default — a connection to this machine's non-loopback address is refused (a 0.0.0.0 server, the
// control, accepts it).
import { afterEach, describe, expect, it } from "vitest";
import { listenOptions } from "../config/listen-options.js";
import { MOCK_SERVER_OPTION_GROUPS } from "../config/mock-server-options.js";
import { parseOptionValues } from "../config/parse-option-values.js";
import { createMockBackend } from "../mock-server/create-mock-backend.js";
import { type OpenAiServer, startOpenAiServer } from "./start-openai-server.js";
import { outsideAddress, tryConnect } from "./test-support/try-connect.js";

if (outsideAddress === undefined) {
  process.stdout.write(
    "default-host test: this machine has no non-loopback IPv4 address; the refusal is not tried\n",
  );
}

const backend = () =>
  createMockBackend({
    model: "mock-model",
    answers: { index: undefined, ledger: undefined, servedLog: undefined, defaultOutputTokens: 2 },
    latency: { ttftMs: 0, ttftStddevMs: 0, ttftPerPromptTokenMs: 0, itlMs: 0, itlStddevMs: 0, seed: 0 },
    now: () => performance.now(),
  });

describe("where our servers listen", () => {
  const servers: OpenAiServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it("serve's and mock-server's --host (the listen group both take) defaults to 127.0.0.1", () => {
    expect(parseOptionValues([listenOptions], {}).host).toBe("127.0.0.1");
    expect(MOCK_SERVER_OPTION_GROUPS).toContain(listenOptions);
    expect(parseOptionValues(MOCK_SERVER_OPTION_GROUPS, {}).host).toBe("127.0.0.1");
  });

  it.skipIf(outsideAddress === undefined)(
    "a server started without a host refuses connections on a non-loopback address; one on 0.0.0.0 accepts them",
    async () => {
      const local = await startOpenAiServer({ backend: backend() });
      servers.push(local);
      expect(local.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect(await tryConnect("127.0.0.1", local.port)).toBe("connected");
      expect(await tryConnect(outsideAddress ?? "", local.port)).toBe("ECONNREFUSED");
      const everywhere = await startOpenAiServer({ backend: backend(), host: "0.0.0.0" });
      servers.push(everywhere);
      expect(await tryConnect(outsideAddress ?? "", everywhere.port)).toBe("connected");
    },
  );
});
