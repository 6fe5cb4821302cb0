// Reads HellaSwag: the Hub's Rowan/hellaswag, or the local derived text file plus an optional train jsonl.
import { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext, Row } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import { readLocalText } from "../read-local-text.js";
import type { HellaswagItem } from "./hellaswag-sample.js";
import { capitalizePython, preprocessHellaswag } from "./hellaswag-text.js";

export const HELLASWAG_HUB_REPO = "Rowan/hellaswag";
export const HELLASWAG_LOCAL_VALIDATION = "hellaswag/hellaswag_val_full.txt";
/** The original validation rows (rowanz/hellaswag `hellaswag_val.jsonl`), preferred over the derived text. */
export const HELLASWAG_LOCAL_VALIDATION_ORIGINAL = "hellaswag/hellaswag_val.jsonl";
export const HELLASWAG_LOCAL_TRAIN = "hellaswag/hellaswag_train.jsonl";

const labelSchema = z
  .union([z.number(), z.bigint().transform(Number), z.string().trim().regex(/^\d$/).transform(Number)])
  .pipe(z.number().int().min(0).max(3));

/** The original jsonl / Hub row (rowanz/hellaswag fields). */
const rowSchema = z.object({
  activity_label: z.string(),
  ctx_a: z.string(),
  ctx_b: z.string(),
  ctx: z.string(),
  endings: z.array(z.string()).length(4),
  label: labelSchema,
});

function fromOriginal(rows: Row[], source: string): HellaswagItem[] {
  return parseRows(rows, rowSchema, source).map((row) => ({
    activityLabel: row.activity_label,
    ctx: row.ctx,
    endings: row.endings,
    lmQuery: preprocessHellaswag(`${row.activity_label}: ${row.ctx_a} ${capitalizePython(row.ctx_b)}`),
    lmEndings: row.endings.map(preprocessHellaswag),
    label: row.label,
  }));
}

/**
 * The derived text format of `hellaswag_val_full.txt` (llama.cpp's): six lines per item, namely
 * `activity_label + ": " + ctx` (already preprocessed), the label 0–3, and the four endings.
 */
export function parseHellaswagText(text: string, source: string): HellaswagItem[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  if (lines.length % 6 !== 0) {
    throw new DatasetError(`${source}: ${lines.length} lines; expected six per item.`);
  }
  const items: HellaswagItem[] = [];
  for (let start = 0; start < lines.length; start += 6) {
    const line = start + 1;
    const head = lines[start] ?? "";
    const separator = head.indexOf(": ");
    const labelText = lines[start + 1] ?? "";
    if (separator <= 0) throw new DatasetError(`${source} line ${line}: no "activity label: context".`);
    if (!/^[0-3]$/.test(labelText.trim())) {
      throw new DatasetError(`${source} line ${line + 1}: label ${JSON.stringify(labelText)} is not 0–3.`);
    }
    const endings = lines.slice(start + 2, start + 6);
    items.push({
      activityLabel: head.slice(0, separator),
      ctx: head.slice(separator + 2),
      endings,
      lmQuery: head,
      lmEndings: endings,
      label: Number(labelText.trim()),
    });
  }
  return items;
}

async function readHub(context: DatasetContext, split: "validation" | "train"): Promise<HellaswagItem[]> {
  const rows = await context.hub.readSplit(
    { repo: HELLASWAG_HUB_REPO, config: "default", split },
    {
      ...(context.signal ? { signal: context.signal } : {}),
      ...(context.onProgress ? { onProgress: context.onProgress } : {}),
    },
  );
  return fromOriginal(rows, `${HELLASWAG_HUB_REPO} (default, ${split})`);
}

/**
 * The validation split, in dataset order: the Hub; locally the original `hellaswag_val.jsonl` when present (raw
 * `ctx`, `ctx_a`/`ctx_b` for lm-eval's capitalisation), else the derived `hellaswag_val_full.txt`.
 */
export async function readHellaswagValidation(context: DatasetContext): Promise<HellaswagItem[]> {
  if (context.dataDir === undefined) return readHub(context, "validation");
  const originals = await context.local.listFiles("hellaswag", /^hellaswag_val\.jsonl$/);
  if (originals.length > 0) {
    const rows = await context.local.readFile(HELLASWAG_LOCAL_VALIDATION_ORIGINAL, {
      format: "jsonl",
      ...(context.signal ? { signal: context.signal } : {}),
    });
    return fromOriginal(rows, HELLASWAG_LOCAL_VALIDATION_ORIGINAL);
  }
  return parseHellaswagText(
    await readLocalText(context, HELLASWAG_LOCAL_VALIDATION),
    HELLASWAG_LOCAL_VALIDATION,
  );
}

/** The train split (few-shot pool): the Hub, or `hellaswag/hellaswag_train.jsonl` in rowanz's format. */
export async function readHellaswagTrain(context: DatasetContext): Promise<HellaswagItem[]> {
  if (context.dataDir === undefined) return readHub(context, "train");
  const rows = await context.local.readFile(HELLASWAG_LOCAL_TRAIN, {
    format: "jsonl",
    ...(context.signal ? { signal: context.signal } : {}),
  });
  return fromOriginal(rows, HELLASWAG_LOCAL_TRAIN);
}

/** DeepEval's shot pool: the first train item of each activity label, in train order. */
export function firstPerActivityLabel(train: readonly HellaswagItem[]): HellaswagItem[] {
  const seen = new Set<string>();
  return train.filter((item) => {
    if (seen.has(item.activityLabel)) return false;
    seen.add(item.activityLabel);
    return true;
  });
}
