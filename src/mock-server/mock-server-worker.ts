// The entry of one cluster worker: starts a mock server on the shared port; `/oracle/*` and `/metrics` ask
// the primary to gather every worker's counts.
import cluster from "node:cluster";
import { BenchError, toError } from "../errors.js";
import { buildMockServerOptions } from "./build-mock-server-options.js";
import type { PrimaryMessage, WorkerMessage } from "./cluster-messages.js";
import type { MockServerPeers, MockServerSnapshot } from "./mock-server-peers.js";
import { type MockServer, startMockServer } from "./start-mock-server.js";

function send(message: WorkerMessage): void {
  process.send?.(message);
}

interface Pending<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

function runWorker(): void {
  let server: MockServer | undefined;
  let nextRequestId = 0;
  const collecting = new Map<number, Pending<MockServerSnapshot[]>>();
  const resetting = new Map<number, Pending<undefined>>();
  const peers: MockServerPeers = {
    collect: () =>
      new Promise((resolve, reject) => {
        const requestId = ++nextRequestId;
        collecting.set(requestId, { resolve, reject });
        send({ type: "collect", requestId });
      }),
    resetAll: () =>
      new Promise((resolve, reject) => {
        const requestId = ++nextRequestId;
        resetting.set(requestId, { resolve: () => resolve(), reject });
        send({ type: "reset", requestId });
      }),
  };
  const controller = new AbortController();
  process.on("message", (message: PrimaryMessage) => {
    switch (message.type) {
      case "start":
        buildMockServerOptions(message.config, { env: process.env, signal: controller.signal })
          .then((options) => startMockServer({ ...options, cluster: { workerId: message.workerId, peers } }))
          .then((started) => {
            server = started;
            send({ type: "ready", port: started.port });
          })
          .catch((error: unknown) =>
            send({
              type: "start-failed",
              message: toError(error).message,
              ...(error instanceof BenchError ? { code: error.code } : {}),
            }),
          );
        return;
      case "snapshot-request":
        if (server !== undefined)
          send({ type: "snapshot", gatherId: message.gatherId, snapshot: server.snapshot() });
        return;
      case "reset-request":
        server?.oracle?.reset();
        send({ type: "reset-ack", gatherId: message.gatherId });
        return;
      case "collected": {
        const pending = collecting.get(message.requestId);
        collecting.delete(message.requestId);
        if (message.snapshots === undefined) pending?.reject(new Error(message.error ?? "gather failed"));
        else pending?.resolve(message.snapshots);
        return;
      }
      case "reset-done": {
        const pending = resetting.get(message.requestId);
        resetting.delete(message.requestId);
        if (message.error === undefined) pending?.resolve(undefined);
        else pending?.reject(new Error(message.error));
        return;
      }
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  });
  send({ type: "alive" });
  process.once("SIGTERM", () => {
    controller.abort();
    void (server?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
}

if (cluster.isWorker) runWorker();
