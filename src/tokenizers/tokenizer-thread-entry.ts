// The tokenizer thread: loads one tokenizer (tokenizer.json or a GGUF's vocabulary) and answers encode and decode
// requests in order, so that long texts never hold up the main thread's event loop.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import type { TextTokenizer } from "../core/tokenizer.js";
import { ConfigError, toError } from "../errors.js";
import { openGgufTokenizer } from "./gguf-tokenizer.js";
import { createJsonTokenizer } from "./json-tokenizer.js";
import type {
  ThreadError,
  TokenizerThreadData,
  TokenizerThreadReply,
  TokenizerThreadRequest,
} from "./tokenizer-thread-messages.js";

const port = parentPort;
if (port === null) throw new Error("tokenizer-thread-entry runs as a worker thread");
const post = (reply: TokenizerThreadReply) => port.postMessage(reply);

function threadError(error: unknown): ThreadError {
  return { message: toError(error).message, isConfigError: error instanceof ConfigError };
}

async function load(data: TokenizerThreadData): Promise<TextTokenizer> {
  const { source, record } = data;
  if (source.kind === "gguf") return openGgufTokenizer(source.path, record);
  const parse = (path: string, what: string): object => {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
      if (typeof parsed !== "object" || parsed === null) throw new Error("not a JSON object");
      return parsed;
    } catch (error) {
      throw new ConfigError(
        `--tokenizer ${record.spec}: ${path} is not a ${what} (${toError(error).message}).`,
        {
          cause: error,
        },
      );
    }
  };
  const json = parse(source.jsonPath, "tokenizer.json");
  const config = source.configPath === undefined ? {} : parse(source.configPath, "tokenizer_config.json");
  try {
    return createJsonTokenizer(json, config, record);
  } catch (error) {
    throw new ConfigError(
      `--tokenizer ${record.spec}: ${source.jsonPath} is not a tokenizer.json @huggingface/tokenizers can read (${toError(error).message}).`,
      { cause: error },
    );
  }
}

load(workerData as TokenizerThreadData).then(
  async (tokenizer) => {
    post({
      type: "ready",
      record: tokenizer.record,
      specialTokenIds: (await tokenizer.specialTokenIds?.()) ?? null,
    });
    port.on("message", (request: TokenizerThreadRequest) => {
      const answer = (promise: Promise<readonly number[] | string | null>) =>
        promise.then(
          (value) => post({ type: "result", id: request.id, value }),
          (error: unknown) => post({ type: "error", id: request.id, error: threadError(error) }),
        );
      switch (request.op) {
        case "encode":
          void answer(tokenizer.encode(request.text, request.options));
          return;
        case "decode":
          void answer(tokenizer.decode(request.ids, request.options));
          return;
        case "close":
          void answer((tokenizer.close?.() ?? Promise.resolve()).then(() => null));
          return;
        default: {
          const unreachable: never = request;
          throw new Error(`unknown request ${JSON.stringify(unreachable)}`);
        }
      }
    });
  },
  (error: unknown) => post({ type: "load-error", error: threadError(error) }),
);
