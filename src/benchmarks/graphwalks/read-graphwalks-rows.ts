// Reads OpenAI GraphWalks' rows (openai/graphwalks at a pinned revision: `graphwalks_128k_and_shorter.parquet` and
// `graphwalks_256k_to_1mil.parquet`, 1,150 rows), checked against the published schema, a part of a file at a time.
import { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext } from "../../datasets/types.js";
import { readRepoFileRows } from "../read-repo-file-rows.js";

export const GRAPHWALKS_REPO = "openai/graphwalks";
/** The dataset revision read: the February 2026 files (24 `parents` ground truths fixed, the BFS prompt reworded). */
export const GRAPHWALKS_REVISION = "f338bb265735a56a79f4b0f5def722c9c3268ead";
export const GRAPHWALKS_PROBLEM_TYPES = ["bfs", "parents"] as const;
/** The files, each named after its length range; the range is the sample's `context_bin`. */
export const GRAPHWALKS_FILES = [
  { path: "graphwalks_128k_and_shorter.parquet", bin: "128k_and_shorter" },
  { path: "graphwalks_256k_to_1mil.parquet", bin: "256k_to_1mil" },
] as const;

const rowSchema = z.looseObject({
  prompt: z.string(),
  answer_nodes: z.array(z.string()),
  problem_type: z.enum(GRAPHWALKS_PROBLEM_TYPES),
  prompt_chars: z.number().int(),
});

export interface GraphwalksRow {
  /** `<bin>/<row>`: the file's length range and the row's position in it. */
  id: string;
  bin: (typeof GRAPHWALKS_FILES)[number]["bin"];
  prompt: string;
  answerNodes: string[];
  problemType: (typeof GRAPHWALKS_PROBLEM_TYPES)[number];
}

/**
 * Both files' rows in file order, read a row group (or a batch of JSON lines) at a time: `onRow` sees each row
 * and returns what is kept of it; the row and its prompt are dropped once its part of the file is done.
 */
export async function readGraphwalksRows<T>(
  context: DatasetContext,
  onRow: (row: GraphwalksRow) => T | undefined,
): Promise<T[]> {
  const kept: T[] = [];
  for (const file of GRAPHWALKS_FILES) {
    await readRepoFileRows(
      context,
      { repo: GRAPHWALKS_REPO, revision: GRAPHWALKS_REVISION, path: file.path },
      "graphwalks",
      (rows, firstRowIndex, source) => {
        parseRows(rows, rowSchema, source, firstRowIndex + 1).forEach((row, position) => {
          const value = onRow({
            id: `${file.bin}/${firstRowIndex + position}`,
            bin: file.bin,
            prompt: row.prompt,
            answerNodes: row.answer_nodes,
            problemType: row.problem_type,
          });
          if (value !== undefined) kept.push(value);
        });
      },
    );
  }
  return kept;
}
