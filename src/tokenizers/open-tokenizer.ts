// One `--tokenizer` spec → its TextTokenizer: a Hub repository's or a local tokenizer.json and a GGUF's vocabulary
// in the tokenizer thread, `server` through the run's backend.
import path from "node:path";
import type { Dispatcher } from "undici";
import type { Backend } from "../core/generation.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import { ConfigError } from "../errors.js";
import { downloadHubTokenizer } from "./download-hub-tokenizer.js";
import { findLocalTokenizerFiles } from "./find-local-tokenizer-files.js";
import type { TokenizerSpec } from "./parse-tokenizer-spec.js";
import { createServerTokenizer } from "./server-tokenizer.js";
import { startTokenizerThread } from "./start-tokenizer-thread.js";

export interface TokenizerContext {
  /** The run's backend (`server`); absent where no server is asked (then `server` is a ConfigError). */
  backend?: Backend | undefined;
  /** The server's base URL, for run.json. */
  baseUrl?: string | undefined;
  env: NodeJS.ProcessEnv;
  cacheDir?: string | undefined;
  dispatcher?: Dispatcher | undefined;
  signal?: AbortSignal | undefined;
  /** Hub requests: limit on waiting for headers (default 30 s) and retries (default 2). */
  hubTimeoutMs?: number | undefined;
  hubMaxRetries?: number | undefined;
}

/** Opens the tokenizer `spec` names; `chosenBy` is recorded when the default chain chose it. */
export async function openTokenizer(
  spec: TokenizerSpec,
  context: TokenizerContext,
  chosenBy?: string,
): Promise<TextTokenizer> {
  const by = chosenBy === undefined ? {} : { chosenBy };
  switch (spec.kind) {
    case "hf": {
      const files = await downloadHubTokenizer({
        repo: spec.repo,
        revision: spec.revision,
        spec: spec.spec,
        env: context.env,
        cacheDir: context.cacheDir,
        dispatcher: context.dispatcher,
        signal: context.signal,
        timeoutMs: context.hubTimeoutMs,
        maxRetries: context.hubMaxRetries,
      });
      return startTokenizerThread({
        source: { kind: "json", jsonPath: files.jsonPath, configPath: files.configPath },
        record: { spec: spec.spec, kind: "hf", source: spec.repo, revision: files.commit, ...by },
      });
    }
    case "file": {
      const files = findLocalTokenizerFiles(spec.path);
      return startTokenizerThread({
        source: { kind: "json", jsonPath: files.jsonPath, configPath: files.configPath },
        record: { spec: spec.spec, kind: "file", source: files.jsonPath, revision: files.sha256, ...by },
      });
    }
    case "gguf": {
      const modelPath = path.resolve(spec.path);
      return startTokenizerThread({
        source: { kind: "gguf", path: modelPath },
        record: { spec: spec.spec, kind: "gguf", source: modelPath, ...by },
      });
    }
    case "server": {
      if (context.backend === undefined) {
        throw new ConfigError(
          "--tokenizer server needs a server, and this command asks none: give hf:OWNER/REPO, a tokenizer.json or gguf:FILE.",
        );
      }
      return createServerTokenizer(
        context.backend,
        { spec: spec.spec, source: context.baseUrl ?? context.backend.name, ...by },
        context.signal,
      );
    }
    default: {
      const unreachable: never = spec;
      throw new Error(`unknown tokenizer spec ${JSON.stringify(unreachable)}`);
    }
  }
}
