// Reads SlimPajama-6B's test split (DKYoon/SlimPajama-6B, the copy TensorRT-LLM's `SlimPajama-6B` dataset dir is:
// columns `text`, `meta` {redpajama_set_name}, `__index_level_0__`) from the Hub's parquet conversion, or its copy
// under --data-dir (`slimpajama/test.{jsonl,parquet}`), in the split's order.
import { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";

export const SLIMPAJAMA_HUB = { repo: "DKYoon/SlimPajama-6B", config: "default", split: "test" };
/** Under --data-dir: `slimpajama/test.jsonl` or `slimpajama/test.parquet`, rows as published. */
export const SLIMPAJAMA_LOCAL_FOLDER = "slimpajama";
const LOCAL_FILE = /^test\.(jsonl|parquet)$/;

const rowSchema = z.looseObject({
  text: z.string(),
  meta: z.looseObject({ redpajama_set_name: z.string().min(1) }),
});

export interface SlimpajamaRow {
  text: string;
  setName: string;
}

export async function readSlimpajamaRows(
  context: DatasetContext,
): Promise<{ rows: SlimpajamaRow[]; source: string }> {
  const signal = context.signal === undefined ? {} : { signal: context.signal };
  let raw: Record<string, unknown>[];
  let source: string;
  if (context.dataDir === undefined) {
    raw = await context.hub.readSplit(SLIMPAJAMA_HUB, {
      ...signal,
      ...(context.onProgress ? { onProgress: context.onProgress } : {}),
    });
    source = `${SLIMPAJAMA_HUB.repo} (test)`;
  } else {
    const files = await context.local.listFiles(SLIMPAJAMA_LOCAL_FOLDER, LOCAL_FILE).catch(() => []);
    const [file] = files;
    if (file === undefined || files.length > 1) {
      throw new DatasetError(
        `slimpajama: expected one of test.jsonl or test.parquet (DKYoon/SlimPajama-6B's test split: text, meta) in ${context.dataDir}/${SLIMPAJAMA_LOCAL_FOLDER}, found ${files.length === 0 ? "neither" : "both"}.`,
        { code: "E_DATASET_FILE_NOT_FOUND" },
      );
    }
    source = `${SLIMPAJAMA_LOCAL_FOLDER}/${file}`;
    raw = await context.local.readFile(source, signal);
  }
  const rows = parseRows(raw, rowSchema, source, 1).map((row) => ({
    text: row.text,
    setName: row.meta.redpajama_set_name,
  }));
  return { rows, source };
}
