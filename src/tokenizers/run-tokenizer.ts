// The run's tokenizer as the getter benchmarks and workloads get (`LoadOptions.tokenizer`): resolved when first
// asked for and at most once per run (a failure is remembered too), its record kept for run.json, closed at the end.
import type { TextTokenizer, TokenizerRecord } from "../core/tokenizer.js";

export interface RunTokenizer {
  /** The tokenizer; the first call resolves it, later calls share the result (or the error). */
  get: () => Promise<TextTokenizer>;
  /** What run.json records: the record once resolved, else undefined. */
  record(): TokenizerRecord | undefined;
  /** Closes the tokenizer if it was resolved; `get` fails afterwards. */
  close(): Promise<void>;
}

export function createRunTokenizer(resolve: () => Promise<TextTokenizer>): RunTokenizer {
  let resolving: Promise<TextTokenizer> | undefined;
  let resolved: TextTokenizer | undefined;
  let isClosed = false;
  return {
    get() {
      if (isClosed) return Promise.reject(new Error("the run's tokenizer is closed"));
      resolving ??= resolve().then((tokenizer) => {
        resolved = tokenizer;
        return tokenizer;
      });
      return resolving;
    },
    record: () => resolved?.record,
    async close() {
      isClosed = true;
      const pending = resolving;
      if (pending === undefined) return;
      const tokenizer = await pending.catch(() => undefined);
      await tokenizer?.close?.();
    },
  };
}
