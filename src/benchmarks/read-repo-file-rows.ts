// Reads one data file a Hub dataset repository publishes (a parquet file at a pinned revision, as
// `hf_hub_download` fetches it), or its copy under --data-dir: `<folder>/<path>`, as parquet or as JSON lines —
// a part at a time (a parquet row group, or a batch of lines), so a file of GBs of text is never in memory whole.
import path from "node:path";
import { readJsonlBatches } from "../datasets/local/read-jsonl-batches.js";
import { readParquetRowGroups } from "../datasets/local/read-parquet-rows.js";
import type { DatasetContext, Row } from "../datasets/types.js";
import { DatasetError } from "../errors.js";

/** A file of a dataset repository at a revision, e.g. `openai/mrcr` `2needle/2needle_0.parquet`. */
export interface RepoDataFile {
  repo: string;
  /** The 40-hex commit the file is read at. */
  revision: string;
  /** Its path in the repository, ending in `.parquet`. */
  path: string;
}

/**
 * One part of a file's rows: `firstRowIndex` is the 0-based position of `rows[0]` in the file; `source` says where
 * the rows came from, for messages: `openai/mrcr@f4c69fa 2needle/2needle_0.parquet` or a local path.
 */
export type OnRepoFileRows = (rows: Row[], firstRowIndex: number, source: string) => void | Promise<void>;

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}

/** The local copy: `<folder>/<path>` as published (`.parquet`) or the same name ending `.jsonl`. */
async function readLocalCopy(
  context: DatasetContext,
  dataDir: string,
  file: RepoDataFile,
  folder: string,
  onRows: OnRepoFileRows,
): Promise<void> {
  const relative = path.posix.join(folder, file.path);
  const directory = path.posix.dirname(relative);
  const stem = path.posix.basename(relative).replace(/\.parquet$/, "");
  const names = await context.local.listFiles(
    directory,
    new RegExp(`^${escapeRegex(stem)}\\.(parquet|jsonl)$`),
  );
  const [name] = names;
  if (name === undefined || names.length > 1) {
    throw new DatasetError(
      `${file.repo}: expected one of ${stem}.parquet or ${stem}.jsonl in ${path.join(dataDir, directory)}, found ${names.length === 0 ? "neither" : "both"}. Put the file ${file.path} of ${file.repo} there (or leave out --data-dir to download it).`,
      { code: "E_DATASET_FILE_NOT_FOUND" },
    );
  }
  const localPath = path.posix.join(directory, name);
  const absolute = path.resolve(dataDir, localPath);
  const onPart = (rows: Row[], firstRowIndex: number) => {
    context.signal?.throwIfAborted();
    return onRows(rows, firstRowIndex, localPath);
  };
  if (name.endsWith(".jsonl")) await readJsonlBatches(absolute, onPart);
  else await readParquetRowGroups(absolute, onPart);
}

/**
 * The rows of `file`, a part at a time (each `onRows` awaited before the next part is read): from `--data-dir`
 * (`<folder>/…`) when set, else downloaded at its revision and cached.
 */
export async function readRepoFileRows(
  context: DatasetContext,
  file: RepoDataFile,
  folder: string,
  onRows: OnRepoFileRows,
): Promise<void> {
  if (context.dataDir !== undefined) return readLocalCopy(context, context.dataDir, file, folder, onRows);
  const readRepoFile = context.hub.readRepoFile;
  if (readRepoFile === undefined) {
    throw new DatasetError(`This dataset context cannot download ${file.repo} files; pass --data-dir.`);
  }
  const local = await readRepoFile.call(context.hub, file, {
    ...(context.signal === undefined ? {} : { signal: context.signal }),
    ...(context.onProgress === undefined ? {} : { onProgress: context.onProgress }),
  });
  const source = `${file.repo}@${file.revision.slice(0, 7)} ${file.path}`;
  await readParquetRowGroups(local, (rows, firstRowIndex) => {
    context.signal?.throwIfAborted();
    return onRows(rows, firstRowIndex, source);
  });
}
