// The transport contract against an HTTPS server with a self-signed certificate made here, trusted through the
// backend's caCertificates option: every request goes through undici. Also: an untrusted certificate is refused.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
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
      maxRetries: 1,
      sleep: async () => undefined,
    });
    const trustingNone = createOpenAiHttpBackend({
      baseUrl: server.baseUrl,
      model: "m",
      maxRetries: 1,
      sleep: async () => undefined,
    });
    try {
      for (const backend of [trustingOther, trustingNone]) {
        // Not retried (maxRetries would allow one more): another try meets the same certificate.
        const result = await backend.generate(REQUEST);
        expect(result).toMatchObject({ status: "error", attempts: 1, error: { code: "E_CONNECTION" } });
        expect(result.error?.message).toContain("self-signed certificate");
        expect(result.error?.message).toContain("set NODE_EXTRA_CA_CERTS=");
        const error = await backend.listModels().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ServerUnreachableError);
        expect((error as ServerUnreachableError).message).toContain("TLS certificate is not trusted");
      }
      expect(server.requests).toHaveLength(0);
    } finally {
      await Promise.all([trustingOther.close(), trustingNone.close()]);
      await server.close();
    }
  });

  it("trusts a certificate named by NODE_EXTRA_CA_CERTS (read by Node when it starts)", async () => {
    const server = await startTestServer({ tls: certificate });
    server.handle((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end('{"data":[{"id":"served-model"}]}');
    });
    const directory = await mkdtemp(join(tmpdir(), "llm-bench-ca-"));
    try {
      const file = join(directory, "server.pem");
      await writeFile(file, certificate.certificatePem);
      const backendModule = fileURLToPath(new URL("./create-openai-http-backend.ts", import.meta.url));
      const script = [
        `const { createOpenAiHttpBackend } = await import(${JSON.stringify(backendModule)});`,
        `const backend = createOpenAiHttpBackend({ baseUrl: process.argv[1], model: "m" });`,
        "console.log(JSON.stringify(await backend.listModels()));",
        "await backend.close();",
      ].join("\n");
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "--input-type=module", "--eval", script, server.baseUrl],
        { env: { ...process.env, NODE_EXTRA_CA_CERTS: file } },
      );
      expect(JSON.parse(stdout)).toEqual(["served-model"]);
    } finally {
      await rm(directory, { recursive: true, force: true });
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
