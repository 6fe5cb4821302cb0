// Reads and validates `references/<task>.yaml`; every problem is reported with the file and line.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Document, isNode, LineCounter } from "yaml";
import { readYamlData } from "../core/read-yaml-data.js";
import { ConfigError } from "../errors.js";
import { type ReferenceEntry, referenceFileSchema, TASK_DEFAULTS_KEY } from "./reference-file-schema.js";
import { type TaskParams, taskDefaults } from "./task-defaults.js";

export interface ReferenceSpec {
  accuracy: number;
  /** The spec keys of this entry (everything but `accuracy`), values as strings. */
  spec: Record<string, string>;
  line: number;
}

/**
 * What the gated run says of its task, under the file's `task_defaults`: its recipe's own constants
 * (`Recipe.taskParams`, in place of the task's built-in ones) and its headline's direction (used when neither the
 * file nor the constants give one).
 */
export interface RunTaskDefaults {
  taskParams?: TaskParams | undefined;
  higherIsBetter?: boolean | undefined;
}

export interface ReferenceFile {
  task: string;
  path: string;
  /** Built-in task parameters with the file's `task_defaults` applied. */
  params: TaskParams;
  models: Map<string, ReferenceSpec[]>;
}

export function referenceFilePath(directory: string, task: string): string {
  return join(directory, `${task}.yaml`);
}

/** Parses YAML `text` read from `path` (used in messages). */
export function parseReferenceFile(
  text: string,
  path: string,
  task: string,
  run: RunTaskDefaults = {},
): ReferenceFile {
  const lineCounter = new LineCounter();
  const data = readYamlData(text, { lineCounter });
  const lineOf = (offset: number): number => lineCounter.linePos(offset).line;
  if (data.status === "error") throw new ConfigError(`${path}:${data.line ?? 1}: ${data.message}`);
  const { document } = data;
  const json: unknown = data.value ?? {};
  const result = referenceFileSchema.safeParse(json);
  if (!result.success) {
    const messages = result.error.issues.slice(0, 5).map((issue) => {
      const keys =
        issue.code === "unrecognized_keys" ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path;
      const path_ = keys.filter((key) => typeof key === "string" || typeof key === "number");
      const line = lineOf(nearestOffset(document, path_));
      const where = path_.length === 0 ? "" : ` (${path_.join(".")})`;
      return `${path}:${line}: ${issue.message}${where}`;
    });
    throw new ConfigError(messages.join("\n"));
  }
  const { [TASK_DEFAULTS_KEY]: overrides, ...rest } = result.data;
  const defaults = taskDefaults(task, run.taskParams);
  const params: TaskParams = {
    alpha: overrides?.alpha ?? defaults.alpha,
    beta: overrides?.beta ?? defaults.beta,
    sigma: overrides?.sigma ?? defaults.sigma,
    numSamples: overrides?.num_samples ?? defaults.numSamples,
  };
  const higherIsBetter = overrides?.higher_is_better ?? defaults.higherIsBetter ?? run.higherIsBetter;
  if (higherIsBetter !== undefined) params.higherIsBetter = higherIsBetter;
  const models = new Map<string, ReferenceSpec[]>();
  for (const [model, entries] of Object.entries(rest)) {
    const list = (entries ?? []) as ReferenceEntry[];
    const over = params.higherIsBetter === false ? -1 : list.findIndex((entry) => entry.accuracy > 100);
    if (over >= 0) {
      throw new ConfigError(
        `${path}:${lineOf(nearestOffset(document, [model, over, "accuracy"]))}: accuracy ${list[over]?.accuracy} ` +
          `is above 100 (${model}.${over}.accuracy). Accuracy and rouge are on a 0–100 scale; for a score where lower is better (perplexity), ` +
          "set `task_defaults: { higher_is_better: false }`.",
      );
    }
    models.set(
      model,
      list.map((entry, index) => {
        const { accuracy, ...spec } = entry;
        return {
          accuracy,
          spec: Object.fromEntries(Object.entries(spec).map(([key, value]) => [key, String(value)])),
          line: lineOf(nearestOffset(document, [model, index])),
        };
      }),
    );
  }
  return { task, path, params, models };
}

/** Reads `<directory>/<task>.yaml`; a missing file is a ConfigError naming it. */
export function loadReferenceFile(directory: string, task: string, run: RunTaskDefaults = {}): ReferenceFile {
  const path = referenceFilePath(directory, task);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(
      `No reference file for ${task}: cannot read ${path}.${otherReferenceFiles(directory)} Register one (see \`llm-bench gate --no-reference\`) or pass --references DIR.`,
      { cause: error },
    );
  }
  return parseReferenceFile(text, path, task, run);
}

/** " DIR holds a.yaml, b.yaml (none for this benchmark)." — what the directory does hold, when anything. */
function otherReferenceFiles(directory: string): string {
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith(".yaml"));
  } catch {
    return "";
  }
  if (names.length === 0) return "";
  const shown = names.sort().slice(0, 10).join(", ");
  return ` ${directory} holds ${shown}${names.length > 10 ? ", …" : ""} (no file of this benchmark: each is named <benchmark>.yaml).`;
}

/** Start offset of the deepest node that exists along `path` (the document start when none does). */
function nearestOffset(document: Document.Parsed, path: readonly (string | number)[]): number {
  for (let depth = path.length; depth >= 0; depth--) {
    const node: unknown = depth === 0 ? document.contents : document.getIn(path.slice(0, depth), true);
    if (isNode(node) && node.range !== undefined && node.range !== null) return node.range[0];
  }
  return 0;
}
