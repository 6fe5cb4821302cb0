// The one tokenizer contract: what a run counts and cuts tokens with (`--tokenizer`), and what run.json records of it.

/** Where a run's tokenizer came from, as run.json's `tokenizer` records it. */
export interface TokenizerRecord {
  /** The `--tokenizer` value as resolved: `hf:OWNER/REPO`, a path, `gguf:FILE` or `server`. */
  readonly spec: string;
  /** hf: a Hub repository's tokenizer.json; file: a local tokenizer.json or model directory; gguf: a GGUF's vocabulary; server: `/tokenize`. */
  readonly kind: "hf" | "file" | "gguf" | "server";
  /** The repository, file or URL read. */
  readonly source: string;
  /** The Hub revision (commit) or the file's SHA-256 where known. */
  readonly revision?: string;
  /** The implementation that tokenizes (`@huggingface/tokenizers 0.2.0`, `node-llama-cpp 3.22.1`, the server's dialect). */
  readonly implementation: string;
  /** How the default chain chose it, when `--tokenizer` was not given. */
  readonly chosenBy?: string;
}

export interface EncodeOptions {
  /** Add the special tokens the tokenizer puts around a text (BOS …), as Hugging Face's `tokenizer(text)`; default false. */
  readonly addSpecialTokens?: boolean;
}

/** A tokenizer's beginning- and end-of-sequence token ids (null: the tokenizer has none, or does not say). */
export interface SpecialTokenIds {
  readonly bos: number | null;
  readonly eos: number | null;
}

export interface DecodeOptions {
  /** Leave special tokens out of the text, as Hugging Face's `decode(ids, skip_special_tokens=True)`; default false. */
  readonly skipSpecialTokens?: boolean;
}

/**
 * A tokenizer. Async, because one kind asks the server; the local kinds answer without blocking the event loop
 * for long, since a run measures TTFT and ITL of other requests while a long prompt is being counted.
 */
export interface TextTokenizer {
  readonly record: TokenizerRecord;
  encode(text: string, options?: EncodeOptions): Promise<readonly number[]>;
  decode(ids: readonly number[], options?: DecodeOptions): Promise<string>;
  /**
   * Its BOS and EOS ids (lm-eval's `prefix_token_id` is BOS, else EOS): a tokenizer.json's from its
   * tokenizer_config.json `bos_token`/`eos_token`, a GGUF's from its vocabulary, a server's BOS from what `/tokenize`
   * puts in front of a text (its EOS is not known). Absent: the tokenizer cannot tell.
   */
  specialTokenIds?(): Promise<SpecialTokenIds>;
  /** Frees what the tokenizer holds (a worker, a loaded vocabulary); later calls fail. */
  close?(): Promise<void>;
}
