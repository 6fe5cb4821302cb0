// The rows of a BYOB dataset: a local file read with the project's parsers (`.json` holding one object per line is
// read as JSONL, as NeMo Evaluator reads every `.json`; a JSON array works too), or from the Hub through its client
// and cache: a split of the parquet conversion, or the repository's raw `data_files` at a `revision`. NeMo's row
// filters (`filter_field`/`filter_value`) keep `str(row[field]) == value`.
import { readFile } from "node:fs/promises";
import { parseCsv } from "../../datasets/local/parse-csv.js";
import { parseJsonRows } from "../../datasets/local/parse-json-rows.js";
import { parseJsonl } from "../../datasets/local/parse-jsonl.js";
import { readLocalFile } from "../../datasets/local/read-local-file.js";
import type { DatasetContext, ReadOptions, Row } from "../../datasets/types.js";
import { ConfigError, DatasetError } from "../../errors.js";
import { pythonStr } from "../../graders/python-repr.js";
import { type DatasetSource, FILE_FORMATS, type FileFormat } from "./dataset-source.js";

/** NeMo's defaults for an `hf://` URI without them: the `default` config, the `test` split. */
export const DEFAULT_HUB_CONFIG = "default";
export const DEFAULT_HUB_SPLIT = "test";

async function readFileRows(
  file: string,
  format: FileFormat,
  options: ReadOptions & { jsonField?: string | undefined; where: string },
): Promise<Row[]> {
  if (format === "parquet") {
    const { signal, onProgress } = options;
    return readLocalFile(file, {
      format: "parquet",
      ...(signal === undefined ? {} : { signal }),
      ...(onProgress === undefined ? {} : { onProgress }),
    });
  }
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new DatasetError(`Dataset file not found: ${file} (${options.where}).`, {
      code: "E_DATASET_FILE_NOT_FOUND",
      cause: error,
    });
  }
  switch (format) {
    case "csv":
      return parseCsv(text, { source: file });
    case "tsv":
      return parseCsv(text, { source: file, delimiter: "\t" });
    case "json":
      return options.jsonField !== undefined || text.trimStart().startsWith("[")
        ? parseJsonRows(text, {
            source: file,
            ...(options.jsonField === undefined ? {} : { jsonField: options.jsonField }),
          })
        : parseJsonl(text, file);
    default:
      return parseJsonl(text, file);
  }
}

/** A `data_files` entry's format from its extension (`.jsonl`, `.json`, `.csv`, `.tsv`, `.parquet`). */
function dataFileFormat(source: Extract<DatasetSource, { kind: "hub" }>, file: string): FileFormat {
  const extension = file.slice(file.lastIndexOf(".") + 1).toLowerCase();
  if ((FILE_FORMATS as readonly string[]).includes(extension)) return extension as FileFormat;
  throw new ConfigError(
    `${source.uri}: data_files ${file}: a data file is ${FILE_FORMATS.map((each) => `.${each}`).join(", ")}.`,
  );
}

/** `data_files` (one path or a comma-separated list, no wildcards) at `revision` (default main), in order. */
async function readDataFiles(
  source: Extract<DatasetSource, { kind: "hub" }>,
  dataFiles: string,
  context: DatasetContext,
  options: ReadOptions,
): Promise<Row[]> {
  const readRepoFile = context.hub.readRepoFile;
  if (readRepoFile === undefined) {
    throw new ConfigError(`${source.uri}: this dataset context cannot read repository files (data_files).`);
  }
  const files = splitDataFiles(dataFiles);
  const rows: Row[] = [];
  for (const file of files) {
    if (/[*?[\]]/.test(file)) {
      throw new ConfigError(
        `${source.uri}: data_files ${file}: name each file (wildcards are not expanded).`,
      );
    }
    const format = dataFileFormat(source, file);
    const local = await readRepoFile.call(
      context.hub,
      { repo: source.repo, revision: source.revision ?? "main", path: file },
      options,
    );
    const fileRows = await readFileRows(local, format, {
      ...options,
      jsonField: source.field,
      where: `${source.repo} ${file}`,
    });
    for (const row of fileRows) rows.push(row);
  }
  return rows;
}

function keepFiltered(rows: Row[], filters: readonly (readonly [string, string])[]): Row[] {
  if (filters.length === 0) return rows;
  return rows.filter((row) => filters.every(([field, value]) => pythonStr(row[field] ?? null) === value));
}

/** Where a source's rows are read from under `--data-dir`, and what messages call them. */
export interface SourceReadOptions extends ReadOptions {
  /**
   * The folder under `--data-dir` that holds an `hf://` dataset's files (the benchmark's normalised name): with a
   * data dir, a split is read from `<dataDir>/<localDir>/<split>.jsonl` and `data_files` from
   * `<dataDir>/<localDir>/<file>`, never from the Hub.
   */
  localDir?: string;
}

/** The data-dir file an `hf://` split is read from, or undefined when the Hub (or a file path) is. */
export function localSplitFile(
  source: DatasetSource,
  context: DatasetContext,
  localDir: string | undefined,
): string | undefined {
  if (source.kind !== "hub" || source.dataFiles !== undefined) return undefined;
  if (context.dataDir === undefined || localDir === undefined) return undefined;
  return `${localDir}/${source.split ?? DEFAULT_HUB_SPLIT}.jsonl`;
}

/** The data-dir files an `hf://` URI's `data_files` are read from (`<localDir>/<file>`), or undefined. */
export function localDataFiles(
  source: DatasetSource,
  context: DatasetContext,
  localDir: string | undefined,
): string[] | undefined {
  if (source.kind !== "hub" || source.dataFiles === undefined) return undefined;
  if (context.dataDir === undefined || localDir === undefined) return undefined;
  return splitDataFiles(source.dataFiles).map((file) => `${localDir}/${file}`);
}

/** `data_files` as its list: one path, or a comma-separated list. */
function splitDataFiles(dataFiles: string): string[] {
  return dataFiles
    .split(",")
    .map((file) => file.trim())
    .filter((file) => file !== "");
}

export async function readDatasetSource(
  source: DatasetSource,
  context: DatasetContext,
  options: SourceReadOptions = {},
): Promise<Row[]> {
  const { localDir, ...readOptions } = options;
  const localFile = localSplitFile(source, context, localDir);
  if (localFile !== undefined && source.kind === "hub") {
    const rows = await context.local.readFile(localFile, { format: "jsonl", ...readOptions });
    return keepFiltered(rows, source.filters);
  }
  const localFiles = localDataFiles(source, context, localDir);
  if (localFiles !== undefined && source.kind === "hub") {
    const rows: Row[] = [];
    for (const file of localFiles) {
      const format = dataFileFormat(source, file);
      if (format !== "jsonl" && format !== "json" && format !== "csv" && format !== "parquet") {
        throw new ConfigError(
          `${source.uri}: data_files ${file}: under --data-dir a data file is .jsonl, .json, .csv or .parquet.`,
        );
      }
      for (const row of await context.local.readFile(file, { format, ...readOptions })) rows.push(row);
    }
    return keepFiltered(rows, source.filters);
  }
  if (source.kind === "file") {
    return readFileRows(source.path, source.format, {
      ...readOptions,
      where: "the path is relative to the definition file",
    });
  }
  if (source.dataFiles !== undefined) {
    return keepFiltered(await readDataFiles(source, source.dataFiles, context, readOptions), source.filters);
  }
  if (source.revision !== undefined || source.field !== undefined) {
    throw new ConfigError(
      `${source.uri}: ${source.revision !== undefined ? "revision" : "field"} applies to data_files (the Hub's parquet conversion exists for the main branch only); add data_files=PATH, or drop it.`,
    );
  }
  const ref = {
    repo: source.repo,
    config: source.config ?? DEFAULT_HUB_CONFIG,
    split: source.split ?? DEFAULT_HUB_SPLIT,
  };
  const rows = await context.hub.readSplit(ref, readOptions);
  return keepFiltered(rows, source.filters);
}
