// Reads OpenAI MRCR's rows (openai/mrcr at a pinned revision: `<n>needle/<n>needle_0.parquet` and `_1`, 400 rows
// a file, 2,400 in all), checked against the published schema, the prompt's messages checked but not kept.
import { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import { readRepoFileRows } from "../read-repo-file-rows.js";

export const MRCR_REPO = "openai/mrcr";
/** The dataset revision read (its December 2025 files, with `date_added`). */
export const MRCR_REVISION = "f4c69fae7cf81f7ca26b9fee34b392a50f6b8a1d";
export const MRCR_NEEDLE_COUNTS = [2, 4, 8] as const;
export type MrcrNeedleCount = (typeof MRCR_NEEDLE_COUNTS)[number];
/** The files of one needle count, in the order read. */
export const mrcrFiles = (needles: MrcrNeedleCount): string[] =>
  [0, 1].map((part) => `${needles}needle/${needles}needle_${part}.parquet`);

const rowSchema = z.looseObject({
  prompt: z.string(),
  answer: z.string(),
  random_string_to_prepend: z.string().min(1),
  n_needles: z.number().int(),
  desired_msg_index: z.number().int(),
  total_messages: z.number().int(),
  n_chars: z.number().int(),
});

const messagesSchema = z
  .array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() }))
  .min(1);

export type MrcrMessage = z.infer<typeof messagesSchema>[number];

export interface MrcrRow {
  /** `<n>needle_<part>/<row>`: the file's name and the row's position in it. */
  id: string;
  needles: MrcrNeedleCount;
  promptJson: string;
  answer: string;
  randomStringToPrepend: string;
}

/** The row's messages, parsed and checked: a list of {role, content} ending with the user's ask. */
export function parseMrcrMessages(promptJson: string, where: string): MrcrMessage[] {
  let value: unknown;
  try {
    value = JSON.parse(promptJson);
  } catch (error) {
    throw new DatasetError(
      `${where}: column "prompt" is not JSON (${String(error)}); it holds the messages as a JSON string.`,
      {
        code: "E_DATASET_ROW_INVALID",
      },
    );
  }
  const parsed = messagesSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DatasetError(
      `${where}: column "prompt" is not a list of {role, content} messages (${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}).`,
      { code: "E_DATASET_ROW_INVALID" },
    );
  }
  if (parsed.data.at(-1)?.role !== "user") {
    throw new DatasetError(`${where}: the conversation in column "prompt" must end with the user's ask.`, {
      code: "E_DATASET_ROW_INVALID",
    });
  }
  return parsed.data;
}

/**
 * One needle count's rows in file order, read a row group (or a batch of JSON lines) at a time. `onRow` sees each
 * row with its parsed messages (to count its tokens) and returns what is kept of it; the row, its prompt and its
 * messages are dropped once its part of the file is done.
 */
export async function readMrcrRows<T>(
  context: DatasetContext,
  needles: MrcrNeedleCount,
  onRow: (row: MrcrRow, messages: MrcrMessage[]) => T | undefined,
): Promise<T[]> {
  const kept: T[] = [];
  for (const file of mrcrFiles(needles)) {
    const stem = file.slice(file.lastIndexOf("/") + 1).replace(/\.parquet$/, "");
    await readRepoFileRows(
      context,
      { repo: MRCR_REPO, revision: MRCR_REVISION, path: file },
      "mrcr",
      (rows, firstRowIndex, source) => {
        const parsed = parseRows(rows, rowSchema, source, firstRowIndex + 1);
        parsed.forEach((row, position) => {
          const index = firstRowIndex + position;
          const where = `${source} row ${index + 1}`;
          if (row.n_needles !== needles) {
            throw new DatasetError(
              `${where}: n_needles is ${row.n_needles}, but the file holds ${needles}-needle rows.`,
              { code: "E_DATASET_ROW_INVALID" },
            );
          }
          const messages = parseMrcrMessages(row.prompt, where);
          const value = onRow(
            {
              id: `${stem}/${index}`,
              needles,
              promptJson: row.prompt,
              answer: row.answer,
              randomStringToPrepend: row.random_string_to_prepend,
            },
            messages,
          );
          if (value !== undefined) kept.push(value);
        });
      },
    );
  }
  return kept;
}
