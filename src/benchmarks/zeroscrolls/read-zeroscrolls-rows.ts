// Reads a ZeroSCROLLS task's validation split (the only split with public answers): `<task>/validation.jsonl` of the
// Hub's tau/zero_scrolls `<task>.zip`, or `zero_scrolls/<task>/validation.jsonl` under --data-dir (the zip unpacked).
// Rows that share an `id` are one question with several references (SCROLLS' layout); the trtllm recipe reads each
// row on its own, as TensorRT-LLM's summarize.py does.
import { z } from "zod";
import { parseJsonl } from "../../datasets/local/parse-jsonl.js";
import { readZipEntry } from "../../datasets/local/read-zip-entry.js";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext, Row } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import { findAnswerLetter, findPercentage, isSummaryPermutation, summaryIds } from "./zeroscrolls-metrics.js";
import type { ZeroscrollsSample } from "./zeroscrolls-sample.js";
import { TASK_METRIC, type ZeroscrollsTask } from "./zeroscrolls-tasks.js";

export const ZEROSCROLLS_HUB_REPO = "tau/zero_scrolls";
/** The dataset repository's commit whose zips and metrics/ were read. */
export const ZEROSCROLLS_HUB_REVISION = "9af1d79992edc35db68c85db9bdc5d8aa4706a7c";
export const ZEROSCROLLS_SPLIT = "validation";

/** Where a task's rows are read locally, under --data-dir. */
export function zeroscrollsLocalPath(task: ZeroscrollsTask): string {
  return `zero_scrolls/${task}/${ZEROSCROLLS_SPLIT}.jsonl`;
}

const offset = z.union([z.number().int().min(0), z.bigint().transform(Number)]);

/** A row as published (the zip's JSON lines and the Hub's columns). */
const rowSchema = z.object({
  id: z.string().min(1),
  pid: z.string().min(1),
  input: z.string(),
  output: z.string().nullable(),
  document_start_index: offset,
  document_end_index: offset,
  query_start_index: offset,
  query_end_index: offset,
  truncation_seperator: z.string(),
  inner_docs_start_indices: z.array(offset).nullish(),
});
type ZeroscrollsRow = z.infer<typeof rowSchema> & { output: string };

/** How the samples are cut from the rows: one per `id` (the official metric) or one per row (summarize.py). */
export type ZeroscrollsGrouping = "by-id" | "by-row";

async function readRows(
  context: DatasetContext,
  task: ZeroscrollsTask,
): Promise<{ rows: Row[]; source: string }> {
  if (context.dataDir !== undefined) {
    const path = zeroscrollsLocalPath(task);
    return {
      rows: await context.local.readFile(path, {
        format: "jsonl",
        ...(context.signal ? { signal: context.signal } : {}),
      }),
      source: path,
    };
  }
  // The Hub repository publishes each task as `<task>.zip` (its loading script's data, which `datasets` no longer
  // runs and the Hub has no parquet conversion of): the archive at a pinned revision, its `<task>/validation.jsonl`.
  const readRepoFile = context.hub.readRepoFile;
  if (readRepoFile === undefined) {
    throw new DatasetError(
      `This dataset context cannot download ${ZEROSCROLLS_HUB_REPO} files; pass --data-dir.`,
    );
  }
  const file = { repo: ZEROSCROLLS_HUB_REPO, revision: ZEROSCROLLS_HUB_REVISION, path: `${task}.zip` };
  const zipPath = await readRepoFile.call(context.hub, file, {
    ...(context.signal ? { signal: context.signal } : {}),
    ...(context.onProgress ? { onProgress: context.onProgress } : {}),
  });
  const source = `${ZEROSCROLLS_HUB_REPO}@${ZEROSCROLLS_HUB_REVISION.slice(0, 7)} ${task}.zip`;
  const entry = `${task}/${ZEROSCROLLS_SPLIT}.jsonl`;
  const text = (await readZipEntry(zipPath, entry, source)).toString("utf8");
  return { rows: parseJsonl(text, `${source} ${entry}`), source: `${source} ${entry}` };
}

/** Why the metric of `task` could not score against `reference`, or undefined when it can. */
function referenceProblem(task: ZeroscrollsTask, reference: string): string | undefined {
  switch (TASK_METRIC[task]) {
    case "accuracy":
      return findAnswerLetter(reference) === undefined ? "names no letter A-D" : undefined;
    case "exp_similarity":
      return findPercentage(reference) === undefined ? "holds no percentage" : undefined;
    case "concordance_index":
      return isSummaryPermutation(summaryIds(reference)) ? undefined : "is not an order of summaries 1..n";
    case "rouge":
    case "f1":
      return undefined;
    default: {
      const unreachable: never = TASK_METRIC[task];
      return unreachable;
    }
  }
}

function toSample(
  task: ZeroscrollsTask,
  id: string,
  first: ZeroscrollsRow,
  references: string[],
): ZeroscrollsSample {
  return {
    id: `${task}/${id}`,
    task,
    gold: references[0] ?? "",
    input: first.input,
    references,
    documentStart: first.document_start_index,
    documentEnd: first.document_end_index,
    queryStart: first.query_start_index,
    queryEnd: first.query_end_index,
    truncationSeparator: first.truncation_seperator,
  };
}

/** A task's samples, in the split's order (a question where its first row is). */
export async function readZeroscrollsTask(
  context: DatasetContext,
  task: ZeroscrollsTask,
  grouping: ZeroscrollsGrouping,
): Promise<ZeroscrollsSample[]> {
  const { rows, source } = await readRows(context, task);
  const parsed = parseRows(rows, rowSchema, source).map((row, index): ZeroscrollsRow => {
    if (row.output !== null) return { ...row, output: row.output };
    throw new DatasetError(
      `${source} row ${index + 1} (id ${row.id}) has no output: only the validation split's answers are public (the test split's are not), so only it can be scored.`,
    );
  });
  parsed.forEach((row, index) => {
    const problem = referenceProblem(task, row.output);
    if (problem !== undefined) {
      throw new DatasetError(
        `${source} row ${index + 1} (id ${row.id}): the output ${JSON.stringify(row.output.slice(0, 80))} ${problem}, so ${TASK_METRIC[task]} cannot score it.`,
      );
    }
  });
  if (grouping === "by-row") {
    const seen = new Map<string, number>();
    return parsed.map((row) => {
      const count = seen.get(row.pid) ?? 0;
      seen.set(row.pid, count + 1);
      return toSample(task, count === 0 ? row.pid : `${row.pid}/${count}`, row, [row.output]);
    });
  }
  const groups = new Map<string, { first: ZeroscrollsRow; references: string[] }>();
  for (const row of parsed) {
    const group = groups.get(row.id);
    if (group === undefined) groups.set(row.id, { first: row, references: [row.output] });
    else group.references.push(row.output);
  }
  return [...groups].map(([id, group]) => toSample(task, id, group.first, group.references));
}
