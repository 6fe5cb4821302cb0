// The shared transport contract: every case of generation, retries, time limits, aborts, connections, protocol
// errors and whole JSON exchanges, run against one kind of server, so that our HTTP/1.1 pool (http://) and undici
// (https://) are held to the same behaviour. Modelled on hono's src/router/common.case.test.ts (`runTest({ newRouter
// })`, honojs/hono@061e763f): each transport's test file calls `runTransportContract` with its own server.
import { afterAll, afterEach, beforeAll } from "vitest";
import { createOpenAiHttpBackend, type OpenAiHttpBackendOptions } from "../../create-openai-http-backend.js";
import { closedPort, type TestServer } from "../start-test-server.js";
import { connectionCases } from "./connection-cases.js";
import type { ContractBackend, ContractContext } from "./contract-context.js";
import { faultCases } from "./fault-cases.js";
import { generationCases } from "./generation-cases.js";
import { protocolErrorCases } from "./protocol-error-cases.js";
import { retryCases } from "./retry-cases.js";
import { timeLimitAndAbortCases } from "./time-limit-and-abort-cases.js";
import { wholeExchangeCases } from "./whole-exchange-cases.js";

export interface TransportContractSetup {
  /** Starts the server the cases talk to (once for the file). */
  startServer(): Promise<TestServer>;
  /** Given to every backend of the run, e.g. the TLS server's certificate to trust. */
  backendOptions: Partial<OpenAiHttpBackendOptions>;
}

export function runTransportContract(setup: TransportContractSetup): void {
  let server: TestServer | undefined;
  const backends: ContractBackend[] = [];
  const context: ContractContext = {
    get server(): TestServer {
      if (server === undefined) throw new Error("The contract's server has not started.");
      return server;
    },
    backend(options = {}) {
      const backend = createOpenAiHttpBackend({
        baseUrl: context.server.baseUrl,
        model: "test-model",
        ...setup.backendOptions,
        ...options,
      });
      backends.push(backend);
      return backend;
    },
    async closedBaseUrl() {
      return `${new URL(context.server.baseUrl).protocol}//127.0.0.1:${await closedPort()}/v1`;
    },
  };

  beforeAll(async () => {
    server = await setup.startServer();
  });
  afterEach(async () => {
    await Promise.all(backends.splice(0).map((backend) => backend.close()));
    context.server.requests.length = 0;
  });
  afterAll(async () => {
    await server?.close();
  });

  generationCases(context);
  retryCases(context);
  timeLimitAndAbortCases(context);
  connectionCases(context);
  protocolErrorCases(context);
  wholeExchangeCases(context);
  faultCases(context);
}
