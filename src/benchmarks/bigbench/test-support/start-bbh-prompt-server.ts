// A local 127.0.0.1 server in the layout of BIG-Bench-Hard's raw cot-prompts directory, for tests.
import {
  closedPortUrl as closedPortUrlWithPrefix,
  type DirectoryServer,
  startDirectoryServer,
} from "../../../datasets/test-support/start-directory-server.js";

/** `url` is what `LLM_BENCH_BBH_PROMPTS_URL` is set to: `<origin>/cot-prompts`. */
export type BbhPromptServer = DirectoryServer;

export interface BbhPromptServerOptions {
  /** A directory of `<task>.txt` files (the shared data's `bbh/cot-prompts`). */
  directory?: string;
  /** Serves these bytes for every file instead (for hash mismatches). */
  body?: string;
  /** Accepts requests and never answers (for timeouts). */
  isSilent?: boolean;
}

/** Serves `GET /cot-prompts/<task>.txt`; anything else, or a file not in `directory`, is a 404. */
export function startBbhPromptServer(options: BbhPromptServerOptions): Promise<BbhPromptServer> {
  return startDirectoryServer({
    ...options,
    prefix: "/cot-prompts",
    isServed: (relativePath) => /^[a-z_]+\.txt$/.test(relativePath),
  });
}

/** A URL on 127.0.0.1 where nothing listens (a port just released). */
export function closedPortUrl(): Promise<string> {
  return closedPortUrlWithPrefix("/cot-prompts");
}
