// `mock-server --workers N`: the primary forks N node:cluster workers that share one port, and gathers their
// oracle ledgers and counters when one of them is asked for `/oracle/*` or `/metrics`.
import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import { BenchError } from "../errors.js";
import type { MockServerConfig } from "./build-mock-server-options.js";
import type { PrimaryMessage, WorkerMessage } from "./cluster-messages.js";
import type { MockServerSnapshot } from "./mock-server-peers.js";

export interface MockServerCluster {
  url: string;
  port: number;
  workerCount: number;
  /** Stops every worker (SIGTERM: each closes its server and exits). */
  close(): Promise<void>;
}

const GATHER_TIMEOUT_MS = 10_000;

/** The worker entry beside this file: `.js` when built, `.ts` (run through tsx) from the sources. */
function workerEntry(): { exec: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const isSource = here.endsWith(".ts");
  return {
    exec: here.replace(/start-mock-server-cluster\.(ts|js)$/, `mock-server-worker.${isSource ? "ts" : "js"}`),
    execArgv: isSource ? ["--import", "tsx"] : [],
  };
}

/** Forks `workerCount` workers serving `config` and resolves when all listen (on the same port). */
export async function startMockServerCluster(
  config: MockServerConfig,
  workerCount: number,
): Promise<MockServerCluster> {
  cluster.setupPrimary({ ...workerEntry(), silent: false });
  const workers: Worker[] = [];
  let nextGatherId = 0;
  const send = (worker: Worker, message: PrimaryMessage) => {
    if (worker.isConnected()) worker.send(message);
  };

  /** Asks every worker for one reply of `replyType` and resolves with them, in worker order. */
  const gather = <T>(
    request: (gatherId: number) => PrimaryMessage,
    pick: (message: WorkerMessage, gatherId: number) => T | undefined,
  ) =>
    new Promise<T[]>((resolve, reject) => {
      const gatherId = ++nextGatherId;
      const replies = new Map<Worker, T>();
      const live = workers.filter((worker) => worker.isConnected());
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${live.length - replies.size} mock-server worker(s) did not answer.`));
      }, GATHER_TIMEOUT_MS);
      const listeners = live.map((worker) => {
        const listener = (message: WorkerMessage) => {
          const value = pick(message, gatherId);
          if (value === undefined) return;
          replies.set(worker, value);
          if (replies.size === live.length) {
            cleanup();
            resolve(live.map((entry) => replies.get(entry) as T));
          }
        };
        worker.on("message", listener);
        return { worker, listener };
      });
      const cleanup = () => {
        clearTimeout(timer);
        for (const { worker, listener } of listeners) worker.off("message", listener);
      };
      for (const worker of live) send(worker, request(gatherId));
    });

  const serve = (worker: Worker, message: WorkerMessage) => {
    if (message.type === "collect") {
      gather<MockServerSnapshot>(
        (gatherId) => ({ type: "snapshot-request", gatherId }),
        (reply, gatherId) =>
          reply.type === "snapshot" && reply.gatherId === gatherId ? reply.snapshot : undefined,
      ).then(
        (snapshots) => send(worker, { type: "collected", requestId: message.requestId, snapshots }),
        (error: Error) =>
          send(worker, {
            type: "collected",
            requestId: message.requestId,
            snapshots: undefined,
            error: error.message,
          }),
      );
    } else if (message.type === "reset") {
      gather<true>(
        (gatherId) => ({ type: "reset-request", gatherId }),
        (reply, gatherId) => (reply.type === "reset-ack" && reply.gatherId === gatherId ? true : undefined),
      ).then(
        () => send(worker, { type: "reset-done", requestId: message.requestId }),
        (error: Error) =>
          send(worker, { type: "reset-done", requestId: message.requestId, error: error.message }),
      );
    }
  };

  const close = async () => {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) {
              resolve();
              return;
            }
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
  };

  try {
    const ports: number[] = [];
    for (let index = 0; index < workerCount; index++) {
      const worker = cluster.fork();
      workers.push(worker);
      worker.on("message", (message: WorkerMessage) => serve(worker, message));
      // One at a time. The primary owns the listening socket: with port 0 the first worker's listen picks a free
      // port and every later listen(0) of the same address gets that same socket (node:cluster's rule).
      ports.push(
        await new Promise<number>((resolve, reject) => {
          const onMessage = (message: WorkerMessage) => {
            if (message.type === "alive") send(worker, { type: "start", config, workerId: index + 1 });
            else if (message.type === "ready") done(() => resolve(message.port));
            else if (message.type === "start-failed")
              done(() =>
                reject(
                  message.code === undefined
                    ? new Error(message.message)
                    : new BenchError(message.code, message.message, { exitCode: 2 }),
                ),
              );
          };
          const onExit = (code: number) =>
            done(() =>
              reject(new Error(`mock-server worker ${index + 1} exited (${code}) before listening.`)),
            );
          const done = (settle: () => void) => {
            worker.off("message", onMessage);
            worker.off("exit", onExit);
            settle();
          };
          worker.on("message", onMessage);
          worker.on("exit", onExit);
        }),
      );
    }
    const port = ports[0] ?? 0;
    if (ports.some((other) => other !== port))
      throw new Error(`Workers listen on different ports: ${ports.join(", ")}.`);
    const host = config.flags.host;
    const urlHost = host.includes(":") ? `[${host}]` : host;
    return { url: `http://${urlHost}:${port}/v1`, port, workerCount, close };
  } catch (error) {
    await close();
    throw error;
  }
}
