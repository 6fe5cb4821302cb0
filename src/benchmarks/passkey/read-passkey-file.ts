// Reads `<data-dir>/passkey/passkey.jsonl`, the file construct_synthetic_dataset.py writes, keeping of each row only
// its level, needle line and key: a row whose context is not the generator's noise and needle is a DatasetError.
import { z } from "zod";
import type { DatasetContext, Row } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import { PASSKEY_LEVELS, type PasskeyLevel } from "./passkey-levels.js";
import type { PasskeySample } from "./passkey-sample.js";
import { levelDepthPercent, levelSampleId } from "./passkey-samples.js";
import { NOISE_LINE, needleLine, PASSKEY_QUESTION } from "./passkey-text.js";

/** Where a data dir holds the generator's output. */
export const PASSKEY_FILE = "passkey/passkey.jsonl";

const rowSchema = z.looseObject({
  input: z.literal(PASSKEY_QUESTION),
  // create_prompt renames a row's `content` to `context`.
  context: z.string().optional(),
  content: z.string().optional(),
  answer: z.string().regex(/^[0-9]+$/, "a string of digits"),
  len: z.number().int().min(0),
});

/** The rows of the file as samples, or undefined when the data dir has no such file. */
export async function readPasskeyFile(context: DatasetContext): Promise<PasskeySample[] | undefined> {
  let rows: Row[];
  try {
    rows = await context.local.readFile(PASSKEY_FILE);
  } catch (error) {
    if (error instanceof DatasetError && error.code === "E_DATASET_FILE_NOT_FOUND") return undefined;
    throw error;
  }
  // Rows at the same level and depth are numbered in file order, as the generator writes its five keys.
  const repeats = new Map<string, number>();
  return rows.map((row, index) => {
    const { level, noiseBefore, key } = parsePasskeyRow(row, `${PASSKEY_FILE} row ${index + 1}`);
    const depthKey = `${level.task}/${noiseBefore}`;
    const repeat = repeats.get(depthKey) ?? 0;
    repeats.set(depthKey, repeat + 1);
    return {
      id: levelSampleId(level, noiseBefore, repeat),
      task: level.task,
      gold: key,
      key,
      placement: { kind: "level", numNoise: level.numNoise, noiseBefore },
      facets: { depth: String(levelDepthPercent(noiseBefore, level.numNoise)), context_tokens: level.label },
    };
  });
}

/** One row's level, needle position and key, checked against the generator's rules. */
function parsePasskeyRow(row: Row, where: string): { level: PasskeyLevel; noiseBefore: number; key: string } {
  const parsed = rowSchema.safeParse(row);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatasetError(`${where}: ${issue?.path.join(".") || "row"}: ${issue?.message ?? "invalid"}.`);
  }
  const { answer: key, len } = parsed.data;
  const context = parsed.data.context ?? parsed.data.content;
  if (context === undefined) throw new DatasetError(`${where}: no "context" (or "content") field.`);
  const needle = needleLine(key);
  const at = context.indexOf(needle);
  const before = at / NOISE_LINE.length;
  const after = (context.length - at - needle.length) / NOISE_LINE.length;
  if (
    at < 0 ||
    !Number.isInteger(before) ||
    !Number.isInteger(after) ||
    context.slice(0, at) !== NOISE_LINE.repeat(before) ||
    context.slice(at + needle.length) !== NOISE_LINE.repeat(after)
  ) {
    throw new DatasetError(
      `${where}: its context is not build_passkey's noise lines around the line "${needle.trimEnd()}".`,
    );
  }
  const numNoise = before + after;
  const level = PASSKEY_LEVELS.find((each) => each.numNoise === numNoise);
  if (level === undefined) {
    throw new DatasetError(
      `${where}: ${numNoise} noise lines is none of the generator's levels (${PASSKEY_LEVELS.map((each) => each.numNoise).join(", ")}).`,
    );
  }
  if (len !== 26 * after) {
    throw new DatasetError(
      `${where}: "len" is ${len}, but the generator writes 26 × ${after} = ${26 * after}.`,
    );
  }
  return { level, noiseBefore: before, key };
}
