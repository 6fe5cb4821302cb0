// Reads one data file a Hub dataset repository publishes (a parquet file at a pinned revision, as
// `hf_hub_download` fetches it), or its copy under --data-dir: `<folder>/<path>`, as parquet or as JSON lines.
import { stat } from "node:fs/promises";
import path from "node:path";
import { readParquetRows } from "../datasets/local/read-parquet-rows.js";
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

export interface RepoFileRows {
  rows: Row[];
  /** Where the rows came from, for messages: `openai/mrcr@f4c69fa 2needle/2needle_0.parquet` or a local path. */
  source: string;
}

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}

/** The local copy: `<folder>/<path>` as published (`.parquet`) or the same name ending `.jsonl`. */
async function readLocalCopy(context: DatasetContext, file: RepoDataFile, folder: string) {
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
      `${file.repo}: expected one of ${stem}.parquet or ${stem}.jsonl in ${path.join(context.dataDir ?? "", directory)}, found ${names.length === 0 ? "neither" : "both"}. Put the file ${file.path} of ${file.repo} there (or leave out --data-dir to download it).`,
      { code: "E_DATASET_FILE_NOT_FOUND" },
    );
  }
  const localPath = path.posix.join(directory, name);
  const readOptions = {
    ...(context.signal === undefined ? {} : { signal: context.signal }),
    ...(context.onProgress === undefined ? {} : { onProgress: context.onProgress }),
  };
  return { rows: await context.local.readFile(localPath, readOptions), source: localPath };
}

/** The rows of `file`: from `--data-dir` (`<folder>/…`) when set, else downloaded at its revision and cached. */
export async function readRepoFileRows(
  context: DatasetContext,
  file: RepoDataFile,
  folder: string,
): Promise<RepoFileRows> {
  if (context.dataDir !== undefined) return readLocalCopy(context, file, folder);
  const readRepoFile = context.hub.readRepoFile;
  if (readRepoFile === undefined) {
    throw new DatasetError(`This dataset context cannot download ${file.repo} files; pass --data-dir.`);
  }
  const local = await readRepoFile.call(context.hub, file, {
    ...(context.signal === undefined ? {} : { signal: context.signal }),
    ...(context.onProgress === undefined ? {} : { onProgress: context.onProgress }),
  });
  const { size } = await stat(local);
  return {
    rows: await readParquetRows(local, { sizeBytes: size }),
    source: `${file.repo}@${file.revision.slice(0, 7)} ${file.path}`,
  };
}
