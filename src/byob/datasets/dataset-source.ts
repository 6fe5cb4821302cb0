// A BYOB `dataset` (or `fewshot_dataset`): a local file relative to the definition file, or an `hf://` URI parsed
// as NeMo Evaluator's `HuggingFaceFetcher._parse_uri` does
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/dataset.py@76c865c3c09132c1d102a0a84454c36823f19cff):
// `hf://name`, `hf://org/name`, `hf://org/name/config`, `hf://org/name/config/split`, query `?split=` (which wins
// over a path split), `data_files`, `field`, `revision`, and row filters `filter_field[_N]`/`filter_value[_N]`.
import path from "node:path";
import { unsafePathReason } from "../../core/contained-path.js";
import { ConfigError } from "../../errors.js";

export const FILE_FORMATS = ["jsonl", "json", "csv", "tsv", "parquet"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export type DatasetSource =
  | { kind: "file"; path: string; format: FileFormat }
  | {
      kind: "hub";
      /** As written, for messages and run.json. */
      uri: string;
      repo: string;
      config: string | undefined;
      split: string | undefined;
      revision: string | undefined;
      dataFiles: string | undefined;
      /** A JSON data file's key holding the rows. */
      field: string | undefined;
      /** Rows kept: `str(row[field]) == value` for each pair. */
      filters: readonly (readonly [string, string])[];
    };

const HUB_PREFIX = "hf://";
/** One part of a Hub repository id (huggingface_hub's `REPO_ID_REGEX`: letters, digits, `-`, `_`, `.`). */
const HUB_NAME = /^(?!\.)[\w.-]{1,96}$/;
const QUERY_KEYS = ["split", "data_files", "field", "revision", "trust_remote_code"];

/** `filter_field`/`filter_value`, then `filter_field_1`/`filter_value_1` … while either is present. */
function filtersOf(options: Map<string, string>): [string, string][] {
  const filters: [string, string][] = [];
  const first = options.get("filter_field");
  const firstValue = options.get("filter_value");
  if (first && firstValue !== undefined) filters.push([first, firstValue]);
  for (let index = 1; ; index++) {
    const field = options.get(`filter_field_${index}`);
    const value = options.get(`filter_value_${index}`);
    if (!field && value === undefined) break;
    if (field && value !== undefined) filters.push([field, value]);
  }
  return filters;
}

function parseHubUri(value: string, parameter: string): DatasetSource {
  const body = value.slice(HUB_PREFIX.length);
  const [pathPart = "", query] = body.split(/\?(.*)/s, 2);
  const options = new Map<string, string>();
  for (const [key, entry] of new URLSearchParams(query ?? "")) {
    const isFilter = /^filter_(field|value)(_\d+)?$/.test(key);
    if (!QUERY_KEYS.includes(key) && !isFilter) {
      throw new ConfigError(
        `"${parameter}": ${value}: unknown query key "${key}" (known: ${QUERY_KEYS.join(", ")}, filter_field, filter_value, filter_field_N, filter_value_N).`,
      );
    }
    options.set(key, entry);
  }
  const segments = pathPart.split("/").filter((segment) => segment !== "");
  if (segments.length === 0) {
    throw new ConfigError(`"${parameter}": ${value} names no dataset; write hf://org/name?split=test.`);
  }
  const repo = segments.length === 1 ? (segments[0] ?? "") : segments.slice(0, 2).join("/");
  const names: [string, string | undefined][] = [
    ["repository", repo],
    ["config", segments[2]],
    ["split", options.get("split") ?? segments[3]],
    ["revision", options.get("revision")],
    ...(options.get("data_files") ?? "")
      .split(",")
      .map((file): [string, string] => ["data_files", file.trim()]),
  ];
  for (const [part, name] of names) {
    const reason = name === undefined ? undefined : unsafePathReason(name);
    if (reason !== undefined)
      throw new ConfigError(
        `"${parameter}": ${value}: the ${part} "${name}" cannot be used (${reason}): an hf:// URI names files inside its repository only.`,
      );
  }
  if (!repo.split("/").every((part) => HUB_NAME.test(part)))
    throw new ConfigError(
      `"${parameter}": ${value}: "${repo}" is not a Hub dataset id (ORG/NAME of letters, digits, "-", "_", ".").`,
    );
  return {
    kind: "hub",
    uri: value,
    repo,
    config: segments[2],
    split: options.get("split") ?? segments[3],
    revision: options.get("revision"),
    dataFiles: options.get("data_files"),
    field: options.get("field"),
    filters: filtersOf(options),
  };
}

/** `value` as a dataset source; a path is resolved from `definitionDir`. A mistake names `parameter`. */
export function parseDatasetSource(value: string, definitionDir: string, parameter: string): DatasetSource {
  if (value.startsWith(HUB_PREFIX)) return parseHubUri(value, parameter);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError(`"${parameter}": ${value}: give a file path or an hf://org/name URI.`);
  }
  const file = path.resolve(definitionDir, value);
  const format = path.extname(file).slice(1).toLowerCase();
  if (!(FILE_FORMATS as readonly string[]).includes(format)) {
    throw new ConfigError(
      `"${parameter}": ${value}: a dataset file is ${FILE_FORMATS.map((each) => `.${each}`).join(", ")}, or an hf:// URI.`,
    );
  }
  return { kind: "file", path: file, format: format as FileFormat };
}

/** `hf://org/name (config, split)` or the file path. */
export function describeDatasetSource(source: DatasetSource): string {
  if (source.kind === "file") return source.path;
  return source.uri;
}
