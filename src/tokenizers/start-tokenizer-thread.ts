// A tokenizer.json or a GGUF's vocabulary as a TextTokenizer served by one worker thread: encoding a 470k-character
// prompt takes about half a second in either implementation, which on the main thread would stall the timing of
// every request in flight. Requests queue in the thread and are answered in order; an idle thread does not keep
// the process alive; `close()` ends it.
import { Worker } from "node:worker_threads";
import type { TextTokenizer } from "../core/tokenizer.js";
import { ConfigError } from "../errors.js";
import type {
  ThreadError,
  TokenizerThreadData,
  TokenizerThreadReply,
  TokenizerThreadRequest,
} from "./tokenizer-thread-messages.js";

/** A request before it has its id (Omit distributed over the union). */
type Unnumbered<T> = T extends unknown ? Omit<T, "id"> : never;
type Pending = {
  resolve: (value: readonly number[] | string | null) => void;
  reject: (error: Error) => void;
};

/** Starts the thread and resolves once its tokenizer is loaded; a load failure rejects (a ConfigError when the user's). */
export async function startTokenizerThread(data: TokenizerThreadData): Promise<TextTokenizer> {
  const worker = createWorker(data);
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let failure: Error | undefined;
  let closing: Promise<void> | undefined;

  const fail = (error: Error) => {
    failure ??= error;
    for (const each of pending.values()) each.reject(failure);
    pending.clear();
  };
  const ready = new Promise<TokenizerThreadReply & { type: "ready" }>((resolve, reject) => {
    worker.on("message", (reply: TokenizerThreadReply) => {
      switch (reply.type) {
        case "ready":
          worker.unref();
          resolve(reply);
          return;
        case "load-error":
          reject(toThreadError(reply.error));
          void worker.terminate();
          return;
        case "result":
        case "error": {
          const waiting = pending.get(reply.id);
          pending.delete(reply.id);
          if (pending.size === 0) worker.unref();
          if (reply.type === "result") waiting?.resolve(reply.value);
          else waiting?.reject(toThreadError(reply.error));
          return;
        }
        default: {
          const unreachable: never = reply;
          throw new Error(`unknown reply ${JSON.stringify(unreachable)}`);
        }
      }
    });
    worker.on("error", (error) => {
      reject(error);
      fail(error);
    });
    worker.on("exit", (code) => {
      const error = new Error(
        closing === undefined ? `the tokenizer thread ended (exit code ${code})` : "the tokenizer is closed",
      );
      reject(error);
      fail(error);
    });
  });
  const { record, specialTokenIds } = await ready;

  const ask = (request: Unnumbered<TokenizerThreadRequest>) =>
    new Promise<readonly number[] | string | null>((resolve, reject) => {
      if (failure !== undefined) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...request, id });
    });

  return {
    record,
    async encode(text, options = {}) {
      return (await ask({ op: "encode", text, options })) as readonly number[];
    },
    async decode(ids, options = {}) {
      return (await ask({ op: "decode", ids, options })) as string;
    },
    ...(specialTokenIds === null ? {} : { specialTokenIds: async () => specialTokenIds }),
    close() {
      closing ??= ask({ op: "close" })
        .catch(() => null)
        .then(async () => {
          await worker.terminate();
          failure ??= new Error("the tokenizer is closed");
        });
      return closing;
    },
  };
}

function toThreadError(error: ThreadError): Error {
  return error.isConfigError ? new ConfigError(error.message) : new Error(error.message);
}

/** The entry beside this file: `.js` when built; from the sources (tests, tsx) through tsx registered in the thread. */
function createWorker(data: TokenizerThreadData): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) {
    return new Worker(new URL("./tokenizer-thread-entry.js", import.meta.url), { workerData: data });
  }
  const entry = new URL("./tokenizer-thread-entry.ts", import.meta.url).href;
  const code = `import("tsx/esm/api").then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(code, { eval: true, workerData: data });
}
