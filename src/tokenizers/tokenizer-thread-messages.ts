// The messages between the main thread and the tokenizer thread (node:worker_threads, structured clone).
import type { DecodeOptions, EncodeOptions, SpecialTokenIds, TokenizerRecord } from "../core/tokenizer.js";

/** What the thread loads: a tokenizer.json (with its tokenizer_config.json) or a GGUF's vocabulary. */
export type TokenizerThreadSource =
  | { kind: "json"; jsonPath: string; configPath: string | undefined }
  | { kind: "gguf"; path: string };

export interface TokenizerThreadData {
  source: TokenizerThreadSource;
  record: Omit<TokenizerRecord, "implementation">;
}

export type TokenizerThreadRequest =
  | { id: number; op: "encode"; text: string; options: EncodeOptions }
  | { id: number; op: "decode"; ids: readonly number[]; options: DecodeOptions }
  | { id: number; op: "close" };

/** An error crossing the thread: its message, and whether it is the user's to fix (a ConfigError). */
export interface ThreadError {
  message: string;
  isConfigError: boolean;
}

export type TokenizerThreadReply =
  | { type: "ready"; record: TokenizerRecord; specialTokenIds: SpecialTokenIds | null }
  | { type: "load-error"; error: ThreadError }
  | { type: "result"; id: number; value: readonly number[] | string | null }
  | { type: "error"; id: number; error: ThreadError };
