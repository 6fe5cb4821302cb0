// The rows of a BYOB dataset: a local file read with the project's parsers (`.json` holding one object per line is
// read as JSONL, as NeMo Evaluator reads every `.json`; a JSON array works too), or an `hf://` split through the Hub
// client and its cache. NeMo's row filters (`filter_field`/`filter_value`) keep `str(row[field]) == value`.
import { readFile } from "node:fs/promises";
import { parseCsv } from "../../datasets/local/parse-csv.js";
import { parseJsonRows } from "../../datasets/local/parse-json-rows.js";
import { parseJsonl } from "../../datasets/local/parse-jsonl.js";
import { readLocalFile } from "../../datasets/local/read-local-file.js";
import type { DatasetContext, ReadOptions, Row } from "../../datasets/types.js";
import { ConfigError, DatasetError } from "../../errors.js";
import { pythonStr } from "../templates/python-repr.js";
import type { DatasetSource } from "./dataset-source.js";

/** NeMo's defaults for an `hf://` URI without them: the `default` config, the `test` split. */
export const DEFAULT_HUB_CONFIG = "default";
export const DEFAULT_HUB_SPLIT = "test";

async function readFileRows(
  source: Extract<DatasetSource, { kind: "file" }>,
  options: ReadOptions,
): Promise<Row[]> {
  if (source.format === "parquet") return readLocalFile(source.path, { format: "parquet", ...options });
  let text: string;
  try {
    text = await readFile(source.path, "utf8");
  } catch (error) {
    throw new DatasetError(
      `Dataset file not found: ${source.path} (the path is relative to the definition file).`,
      {
        code: "E_DATASET_FILE_NOT_FOUND",
        cause: error,
      },
    );
  }
  switch (source.format) {
    case "csv":
      return parseCsv(text, { source: source.path });
    case "tsv":
      return parseCsv(text, { source: source.path, delimiter: "\t" });
    case "json":
      return text.trimStart().startsWith("[")
        ? parseJsonRows(text, { source: source.path })
        : parseJsonl(text, source.path);
    default:
      return parseJsonl(text, source.path);
  }
}

function keepFiltered(rows: Row[], filters: readonly (readonly [string, string])[]): Row[] {
  if (filters.length === 0) return rows;
  return rows.filter((row) => filters.every(([field, value]) => pythonStr(row[field] ?? null) === value));
}

export async function readDatasetSource(
  source: DatasetSource,
  context: DatasetContext,
  options: ReadOptions = {},
): Promise<Row[]> {
  if (source.kind === "file") return readFileRows(source, options);
  if (source.dataFiles !== undefined || source.revision !== undefined || source.field !== undefined) {
    throw new ConfigError(
      `${source.uri}: data_files, field and revision are not read yet (only a split of the Hub's parquet conversion, at its main revision); drop them, or download the files and give their path.`,
    );
  }
  const ref = {
    repo: source.repo,
    config: source.config ?? DEFAULT_HUB_CONFIG,
    split: source.split ?? DEFAULT_HUB_SPLIT,
  };
  const rows = await context.hub.readSplit(ref, options);
  return keepFiltered(rows, source.filters);
}
