// Reads LongBench v2's data.json — from `--data-dir` (`longbench_v2/data.json`) or the Hub dataset's own file — into
// samples that remember where each row sits in the file, so a run never holds more contexts than it has in flight.
import { closeSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { DatasetContext } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import type { LongbenchV2ContextReader, LongbenchV2Sample } from "./longbench-v2-sample.js";
import { type ByteRange, scanJsonArray, stringEnd } from "./scan-json-array.js";

export const LONGBENCH_V2_HUB_REPO = "THUDM/LongBench-v2";
/** The Hub repository's branch read (its data.json is the one file `pred.py`'s comment names). */
export const LONGBENCH_V2_HUB_REVISION = "main";
export const LONGBENCH_V2_HUB_FILE = "data.json";
/** Under `--data-dir`. */
export const LONGBENCH_V2_LOCAL_PATH = "longbench_v2/data.json";

const rowSchema = z.object({
  _id: z.string().min(1),
  domain: z.string().min(1),
  sub_domain: z.string(),
  difficulty: z.enum(["easy", "hard"]),
  length: z.enum(["short", "medium", "long"]),
  question: z.string(),
  choice_A: z.string(),
  choice_B: z.string(),
  choice_C: z.string(),
  choice_D: z.string(),
  answer: z.enum(["A", "B", "C", "D"]),
  context: z.string(),
});

/** A row's context, read back from its bytes in the file (the row parsed again, its other fields dropped). */
function contextReader(filePath: string, range: ByteRange, label: string): LongbenchV2ContextReader {
  const parse = (bytes: Buffer): string => {
    let row: unknown;
    try {
      row = JSON.parse(bytes.toString("utf8"));
    } catch (error) {
      throw new DatasetError(`${label}: the row at byte ${range.offset} is not JSON (${String(error)}).`, {
        code: "E_DATASET_ROW_INVALID",
      });
    }
    const context = (row as { context?: unknown }).context;
    if (typeof context !== "string") {
      throw new DatasetError(`${label} changed since it was loaded (byte ${range.offset}); run again.`);
    }
    return context;
  };
  return {
    async read() {
      const handle = await open(filePath, "r");
      try {
        const bytes = Buffer.allocUnsafe(range.byteLength);
        await handle.read(bytes, 0, range.byteLength, range.offset);
        return parse(bytes);
      } finally {
        await handle.close();
      }
    },
    readSync() {
      const descriptor = openSync(filePath, "r");
      try {
        const bytes = Buffer.allocUnsafe(range.byteLength);
        readSync(descriptor, bytes, 0, range.byteLength, range.offset);
        return parse(bytes);
      } finally {
        closeSync(descriptor);
      }
    },
  };
}

const CONTEXT_KEY = Buffer.from('"context"');

/**
 * The row's bytes with its `context` value emptied (`""`), so loading decodes the small fields only; the row as it
 * is when it has no such key. An unescaped `"context"` followed by `:` is the key: inside a JSON string every `"` is
 * escaped, and a string value is never followed by `:`.
 */
function withoutContext(bytes: Buffer): Buffer {
  for (let at = bytes.indexOf(CONTEXT_KEY); at !== -1; at = bytes.indexOf(CONTEXT_KEY, at + 1)) {
    let index = at + CONTEXT_KEY.length;
    while (index < bytes.length && [0x20, 0x0a, 0x0d, 0x09].includes(bytes[index] ?? 0)) index++;
    if (bytes[index] !== 0x3a || (at > 0 && bytes[at - 1] === 0x5c)) continue;
    index++;
    while (index < bytes.length && [0x20, 0x0a, 0x0d, 0x09].includes(bytes[index] ?? 0)) index++;
    if (bytes[index] !== 0x22) return bytes;
    const end = stringEnd(bytes, index + 1, false).at;
    if (end === -1) return bytes;
    return Buffer.concat([bytes.subarray(0, index + 1), bytes.subarray(end)]);
  }
  return bytes;
}

/** Every row of `filePath` as a sample, in file order; a row that breaks the schema is a DatasetError naming it. */
export async function readLongbenchV2File(
  filePath: string,
  label: string,
  fitToBudget: LongbenchV2Sample["fitToBudget"],
  signal?: AbortSignal,
): Promise<LongbenchV2Sample[]> {
  const samples: LongbenchV2Sample[] = [];
  const ids = new Set<string>();
  await scanJsonArray(
    filePath,
    label,
    (bytes, range) => {
      const index = samples.length;
      let value: unknown;
      try {
        value = JSON.parse(withoutContext(bytes).toString("utf8"));
      } catch (error) {
        throw new DatasetError(`${label} row ${index}: not JSON (${String(error)}).`, {
          code: "E_DATASET_ROW_INVALID",
        });
      }
      const parsed = rowSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new DatasetError(
          `${label} row ${index}: field ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}.`,
          { code: "E_DATASET_ROW_INVALID" },
        );
      }
      const row = parsed.data;
      if (ids.has(row._id)) {
        throw new DatasetError(`${label} row ${index}: _id ${row._id} appears twice.`, {
          code: "E_DATASET_ROW_INVALID",
        });
      }
      ids.add(row._id);
      samples.push({
        id: row._id,
        task: row.domain,
        gold: row.answer,
        choices: [row.choice_A, row.choice_B, row.choice_C, row.choice_D],
        facets: { difficulty: row.difficulty, length: row.length },
        domain: row.domain,
        subDomain: row.sub_domain,
        difficulty: row.difficulty,
        length: row.length,
        question: row.question,
        choice_A: row.choice_A,
        choice_B: row.choice_B,
        choice_C: row.choice_C,
        choice_D: row.choice_D,
        context: contextReader(filePath, range, label),
        fitToBudget,
      });
    },
    { signal },
  );
  return samples;
}

/** The data.json to read: `<data-dir>/longbench_v2/data.json`, else the Hub repository's file (downloaded once). */
export async function locateLongbenchV2File(
  context: DatasetContext,
): Promise<{ filePath: string; label: string }> {
  if (context.dataDir !== undefined) {
    return { filePath: path.join(context.dataDir, LONGBENCH_V2_LOCAL_PATH), label: LONGBENCH_V2_LOCAL_PATH };
  }
  const readRepoFile = context.hub.readRepoFile;
  if (readRepoFile === undefined) {
    throw new DatasetError(
      `This dataset context cannot read ${LONGBENCH_V2_HUB_REPO} files; pass --data-dir.`,
    );
  }
  const filePath = await readRepoFile.call(
    context.hub,
    { repo: LONGBENCH_V2_HUB_REPO, revision: LONGBENCH_V2_HUB_REVISION, path: LONGBENCH_V2_HUB_FILE },
    {
      ...(context.signal ? { signal: context.signal } : {}),
      ...(context.onProgress ? { onProgress: context.onProgress } : {}),
    },
  );
  return { filePath, label: `${LONGBENCH_V2_HUB_REPO} ${LONGBENCH_V2_HUB_FILE}` };
}

/** Every LongBench v2 question, in data.json's order. A missing local file is a DatasetError naming the path. */
export async function readLongbenchV2Samples(
  context: DatasetContext,
  fitToBudget: LongbenchV2Sample["fitToBudget"],
): Promise<LongbenchV2Sample[]> {
  const { filePath, label } = await locateLongbenchV2File(context);
  try {
    return await readLongbenchV2File(filePath, label, fitToBudget, context.signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      const where = context.dataDir === undefined ? "" : ` (data dir: ${context.dataDir})`;
      throw new DatasetError(
        `Dataset file not found: ${filePath}${where}. Put the Hub dataset's data.json there, or run without --data-dir.`,
        { code: "E_DATASET_FILE_NOT_FOUND", cause: error },
      );
    }
    throw error;
  }
}
