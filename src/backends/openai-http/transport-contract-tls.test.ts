// The transport contract against an HTTPS server with a self-signed certificate made here, trusted through the
// backend's caCertificates option: every request goes through undici. Also: an untrusted certificate is refused.
import { describe, expect, it } from "vitest";
import type { GenerationRequest } from "../../core/generation.js";
import { ServerUnreachableError } from "../../errors.js";
import { createHttpTransport } from "./create-http-transport.js";
import { createOpenAiHttpBackend } from "./create-openai-http-backend.js";
import { makeSelfSignedCertificate } from "./test-support/make-self-signed-certificate.js";
import { startTestServer } from "./test-support/start-test-server.js";
import { runTransportContract } from "./test-support/transport-contract/run-transport-contract.js";
import { UndiciTransport } from "./undici-transport.js";

const certificate = makeSelfSignedCertificate();
const REQUEST: GenerationRequest = {
  prompt: { type: "chat", messages: [{ role: "user", content: "hi" }] },
  params: {},
  stream: true,
};

describe("transport contract, HTTPS (undici)", () => {
  it("is the transport chosen for an https:// base URL", async () => {
    const transport = createHttpTransport({
      origin: "https://127.0.0.1:1",
      connections: 1,
      warmUpRequest: { path: "/v1/models", headers: {} },
    });
    expect(transport).toBeInstanceOf(UndiciTransport);
    await transport.close();
  });

  runTransportContract({
    startServer: () => startTestServer({ tls: certificate }),
    backendOptions: { caCertificates: certificate.certificatePem },
  });
});

describe("HTTPS certificates", () => {
  it("refuses a server whose certificate is not trusted, without sending the request", async () => {
    const server = await startTestServer({ tls: makeSelfSignedCertificate("another server") });
    const trustingOther = createOpenAiHttpBackend({
      baseUrl: server.baseUrl,
      model: "m",
      caCertificates: certificate.certificatePem,
      maxRetries: 0,
    });
    const trustingNone = createOpenAiHttpBackend({ baseUrl: server.baseUrl, model: "m", maxRetries: 0 });
    try {
      for (const backend of [trustingOther, trustingNone]) {
        const result = await backend.generate(REQUEST);
        expect(result).toMatchObject({ status: "error", error: { code: "E_CONNECTION" } });
        expect(result.error?.message).toMatch(/certificate/i);
        await expect(backend.listModels()).rejects.toThrow(ServerUnreachableError);
      }
      expect(server.requests).toHaveLength(0);
    } finally {
      await Promise.all([trustingOther.close(), trustingNone.close()]);
      await server.close();
    }
  });

  it("takes no caCertificates beside an injected dispatcher, which has its own", async () => {
    const { MockAgent } = await import("undici");
    const agent = new MockAgent();
    expect(() =>
      createOpenAiHttpBackend({
        baseUrl: "https://inference.test/v1",
        model: "m",
        dispatcher: agent,
        caCertificates: certificate.certificatePem,
      }),
    ).toThrow(/injected dispatcher/);
    await agent.close();
  });
});
