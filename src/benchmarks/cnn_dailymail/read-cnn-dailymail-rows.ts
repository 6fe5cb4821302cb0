// Reads CNN/DailyMail 3.0.0's test split (abisee/cnn_dailymail: `3.0.0/test-00000-of-00001.parquet`, 11,490 rows of
// `article`, `highlights`, `id`) from the Hub at a pinned revision, or its copy under --data-dir, in file order or in
// TensorRT-LLM's order (`Dataset.shuffle(seed=0)`).
import { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import { hfShuffledIndices } from "../../stats/numpy-permutation.js";
import { readRepoFileRows } from "../read-repo-file-rows.js";
import type { CnnDailymailSample } from "./cnn-dailymail-sample.js";

export const CNN_DAILYMAIL_REPO = "abisee/cnn_dailymail";
/** The dataset revision read: the commit whose README names `3.0.0/test-*` as config 3.0.0's test files. */
export const CNN_DAILYMAIL_REVISION = "96df5e686bee6baa90b8bee7c28b81fa3fa6223d";
/** Config 3.0.0's test split: one parquet file. */
export const CNN_DAILYMAIL_TEST_FILE = "3.0.0/test-00000-of-00001.parquet";
/** Under --data-dir: `cnn_dailymail/3.0.0/test-00000-of-00001.parquet` (or `.jsonl`). */
export const CNN_DAILYMAIL_LOCAL_FOLDER = "cnn_dailymail";

const rowSchema = z.looseObject({
  article: z.string(),
  highlights: z.string().min(1),
  id: z.string().min(1),
});

/** cnn_dailymail.py's `random_seed` default and accuracy_core.py's `EVALUATOR_KWARGS`: `data.shuffle(0)`. */
export const CNN_DAILYMAIL_SHUFFLE_SEED = 0;

/** Every row as a sample, in the file's order; an id seen twice is a DatasetError naming both rows. */
export async function readCnnDailymailSamples(context: DatasetContext): Promise<CnnDailymailSample[]> {
  const samples: CnnDailymailSample[] = [];
  const rowOfId = new Map<string, number>();
  await readRepoFileRows(
    context,
    { repo: CNN_DAILYMAIL_REPO, revision: CNN_DAILYMAIL_REVISION, path: CNN_DAILYMAIL_TEST_FILE },
    CNN_DAILYMAIL_LOCAL_FOLDER,
    (rows, firstRowIndex, source) => {
      parseRows(rows, rowSchema, source, firstRowIndex + 1).forEach((row, position) => {
        const rowNumber = firstRowIndex + position + 1;
        const earlier = rowOfId.get(row.id);
        if (earlier !== undefined) {
          throw new DatasetError(`${source} row ${rowNumber}: id ${row.id} is also row ${earlier}.`, {
            code: "E_DATASET_ROW_INVALID",
          });
        }
        rowOfId.set(row.id, rowNumber);
        samples.push({
          id: row.id,
          task: "cnn_dailymail",
          gold: row.highlights,
          article: row.article,
          highlights: row.highlights,
        });
      });
    },
  );
  return samples;
}

/**
 * The samples in `Dataset.shuffle(seed)` order (position k holds file row `permutation[k]`), so that the first n are
 * the n TensorRT-LLM evaluates.
 */
export function shuffleAsDataset<T>(rows: readonly T[], seed: number): T[] {
  return Array.from(hfShuffledIndices(rows.length, seed), (index) => rows[index] as T);
}
