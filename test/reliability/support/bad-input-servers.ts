// The servers the bad-input table points commands at, all on 127.0.0.1: the mock server (serves `mock-model`), a
// scripted server whose path prefix picks a wrong answer (HTML, 404, garbage, 401, 403, a 401 only on generation),
// a self-signed HTTPS server, and a closed port. The 401/403 answers echo the Authorization header back, as some
// servers do, so a key that leaks through a response body shows.
import type { ServerResponse } from "node:http";
import { makeSelfSignedCertificate } from "../../../src/backends/openai-http/test-support/make-self-signed-certificate.js";
import {
  closedPort,
  startTestServer,
  type TestServer,
} from "../../../src/backends/openai-http/test-support/start-test-server.js";
import { type MockServerProcess, startMockServerProcess } from "../../e2e/support/cli.js";

/** What the scripted server answers under `/<kind>/v1/…`. */
export const SCRIPTED_KINDS = [
  "html",
  "not-found",
  "garbage",
  "unauthorized",
  "forbidden",
  "chat-unauthorized",
] as const;
export type ScriptedKind = (typeof SCRIPTED_KINDS)[number];

export interface BadInputServers {
  /** The mock server's base URL (`http://127.0.0.1:P/v1`, model `mock-model`). */
  mockUrl: string;
  /** A base URL where nothing listens. */
  closedUrl: string;
  /** `http://127.0.0.1:P/<kind>/v1` of the scripted server. */
  scriptedUrl(kind: ScriptedKind): string;
  /** `https://…` to the scripted server, which speaks plain HTTP. */
  httpsToPlainUrl: string;
  /** A real HTTPS server whose certificate no CA signed. */
  selfSignedUrl: string;
  stop(): Promise<void>;
}

const models = JSON.stringify({ object: "list", data: [{ id: "mock-model", object: "model" }] });

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function answerScripted(url: string, authorization: string, response: ServerResponse): void {
  const kind = url.split("/")[1] as ScriptedKind;
  const isModels = url.endsWith("/models");
  switch (kind) {
    case "html":
      response
        .writeHead(200, { "content-type": "text/html" })
        .end("<html><body>Welcome to nginx!</body></html>");
      return;
    case "not-found":
      response.writeHead(404, { "content-type": "text/plain" }).end("404 page not found");
      return;
    case "garbage":
      response.writeHead(200, { "content-type": "application/json" }).end("\u0000\u0001{{garbage");
      return;
    case "unauthorized":
      json(response, 401, { error: { message: `Incorrect API key provided: ${authorization}` } });
      return;
    case "forbidden":
      json(response, 403, { error: { message: `Forbidden: ${authorization} may not use this model` } });
      return;
    case "chat-unauthorized":
      if (isModels) response.writeHead(200, { "content-type": "application/json" }).end(models);
      else json(response, 401, { error: { message: `Incorrect API key provided: ${authorization}` } });
      return;
    default: {
      const unreachable: never = kind;
      response.writeHead(500).end(String(unreachable));
    }
  }
}

export async function startBadInputServers(): Promise<BadInputServers> {
  const mock: MockServerProcess = await startMockServerProcess([]);
  const scripted: TestServer = await startTestServer();
  scripted.handle((request, response) =>
    answerScripted(request.url, String(request.headers.authorization ?? ""), response),
  );
  const selfSigned: TestServer = await startTestServer({ tls: makeSelfSignedCertificate() });
  selfSigned.handle((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(models);
  });
  const scriptedOrigin = new URL(scripted.baseUrl).origin;
  return {
    mockUrl: mock.url,
    closedUrl: `http://127.0.0.1:${await closedPort()}/v1`,
    scriptedUrl: (kind) => `${scriptedOrigin}/${kind}/v1`,
    httpsToPlainUrl: `${scriptedOrigin.replace("http:", "https:")}/v1`,
    selfSignedUrl: selfSigned.baseUrl,
    async stop() {
      await Promise.all([mock.stop(), scripted.close(), selfSigned.close()]);
    },
  };
}
