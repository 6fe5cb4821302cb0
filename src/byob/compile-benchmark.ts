// A BYOB definition as a runnable `Benchmark`: its rows, prompts (few-shot prefix, system prompt, chat or flat),
// candidates for `completions_logprob`, its scorer as the recipe's grader, and the oracle the mock server answers
// with. The prompt assembly follows NeMo Evaluator's
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/eval_logic.py and runner.py
// @76c865c3c09132c1d102a0a84454c36823f19cff): chat = [system, user(prefix + prompt)], completions =
// `system + "\n" + prefix + prompt`.
import path from "node:path";
import type { Benchmark, LoadedBenchmark, LoadOptions } from "../benchmarks/types.js";
import type { Prompt } from "../core/prompt.js";
import type { Row } from "../datasets/types.js";
import { ConfigError, DatasetError } from "../errors.js";
import { pythonRstrip } from "../graders/python-whitespace.js";
import type { BenchmarkConfig } from "./benchmark-config.js";
import { byobOracle, byobRecipe } from "./byob-recipe.js";
import type { ByobSample } from "./byob-sample.js";
import { checkRequirements, readRequirements } from "./check-requirements.js";
import { type DatasetSource, describeDatasetSource, parseDatasetSource } from "./datasets/dataset-source.js";
import { applyFieldMapping, readFieldPath } from "./datasets/field-path.js";
import { loadFewshotRows } from "./datasets/load-fewshot-rows.js";
import { readDatasetSource } from "./datasets/read-dataset-source.js";
import type { BenchmarkDefinition } from "./define-benchmark.js";
import {
  drawExamples,
  FEWSHOT_SEED,
  fewshotPrefix,
  primaryPool,
  separatePoolLimit,
} from "./fewshot-examples.js";
import { loadPromptTemplate, type PromptTemplate } from "./templates/prompt-template.js";
import { pythonFormat, TemplateError } from "./templates/python-format.js";

/** The most shots `--n-shots` may ask of a user benchmark (its pool decides how many it really has). */
const MAX_N_SHOTS = 64;

/** Python's `str(value)`, as NeMo's f-strings and `_to_str` print a target. */
export function pythonStr(value: unknown): string {
  return typeof value === "string" ? value : pythonFormat("{value}", { value });
}

/** Where a definition's relative paths start: its file's folder, or the working directory. */
function definitionDirOf(definition: BenchmarkDefinition): string {
  return definition.definitionFile === undefined ? process.cwd() : path.dirname(definition.definitionFile);
}

function originOf(definition: BenchmarkDefinition): string {
  return definition.definitionFile ?? `benchmark "${definition.name}"`;
}

/** NeMo's `_resolve_choices_from_row`: the dotted path, else the literal key; a `{text: [...]}` dict gives its text. */
function resolveChoices(row: Row, field: string): string[] | undefined {
  let value: unknown = readFieldPath(row, field);
  if (value === undefined) value = row[field];
  if (typeof value === "object" && value !== null && !Array.isArray(value)) value = (value as Row)["text"];
  return Array.isArray(value) ? value.map(pythonStr) : undefined;
}

/** Renders `template` for row `index`; a missing field is a ConfigError naming the row, the field and the origin. */
function render(template: PromptTemplate, row: Row, where: string): string {
  try {
    return template.render(row);
  } catch (error) {
    if (error instanceof TemplateError) {
      throw new ConfigError(`${template.origin}: ${where}: ${error.message}`);
    }
    throw error;
  }
}

interface Templates {
  prompt: PromptTemplate;
  system: PromptTemplate | undefined;
  fewshot: PromptTemplate | undefined;
}

async function loadTemplates(config: BenchmarkConfig, definitionDir: string): Promise<Templates> {
  return {
    prompt: await loadPromptTemplate(config.prompt, definitionDir),
    system:
      config.systemPrompt === undefined
        ? undefined
        : await loadPromptTemplate(config.systemPrompt, definitionDir),
    fewshot:
      config.fewshotTemplate === undefined
        ? undefined
        : await loadPromptTemplate(config.fewshotTemplate, definitionDir),
  };
}

async function readRows(
  source: DatasetSource,
  options: LoadOptions,
  config: BenchmarkConfig,
): Promise<Row[]> {
  const rows = await readDatasetSource(source, options.context);
  return rows.map((row) => applyFieldMapping(row, config.fieldMapping));
}

/** The few-shot pool: `fewshot_dataset`, else `fewshot_split`, else the evaluated rows' tail (`isPrimary`). */
async function fewshotPool(
  definition: BenchmarkDefinition,
  primary: { source: DatasetSource; rows: Row[] },
  options: LoadOptions,
): Promise<{ rows: Row[]; isPrimary: boolean; description: string }> {
  const { config } = definition;
  const separate = await loadFewshotRows({
    ...(config.fewshotDataset === undefined ? {} : { fewshotDataset: config.fewshotDataset }),
    ...(config.fewshotSplit === undefined ? {} : { fewshotSplit: config.fewshotSplit }),
    primary: primary.source,
    definitionDir: definitionDirOf(definition),
    context: options.context,
  });
  if (separate !== undefined && separate.rows.length > 0) {
    const rows = separate.rows
      .slice(0, separatePoolLimit(options.nShots))
      .map((row) => applyFieldMapping(row, config.fieldMapping));
    return { rows, isPrimary: false, description: describeDatasetSource(separate.source) };
  }
  return {
    rows: primaryPool(primary.rows, options.nShots),
    isPrimary: true,
    description: `${describeDatasetSource(primary.source)} (its last rows; a sample never sees itself)`,
  };
}

export function compileBenchmark(definition: BenchmarkDefinition): Benchmark<ByobSample> {
  const { config } = definition;
  const origin = originOf(definition);
  const definitionDir = definitionDirOf(definition);
  const source = parseDatasetSource(config.dataset, definitionDir, "dataset");
  checkRequirements(readRequirements(config.requirements, definitionDir, origin), definitionDir, origin);
  const recipe = byobRecipe(definition);

  async function load(options: LoadOptions): Promise<LoadedBenchmark<ByobSample>> {
    if (options.tasks !== undefined && options.tasks.length > 0) {
      throw new ConfigError(`${definition.normalizedName} has no subtasks; --tasks does not apply.`);
    }
    const templates = await loadTemplates(config, definitionDir);
    const rows = await readRows(source, options, config);
    if (rows.length === 0) throw new DatasetError(`${describeDatasetSource(source)} has no rows.`);
    const samples = rows.map((row, index): ByobSample => {
      const where = `row ${index + 1}`;
      if (config.responseField !== undefined && !(config.responseField in row)) {
        throw new DatasetError(
          `${describeDatasetSource(source)} ${where} has no field "${config.responseField}" (the response field, eval-only mode; its fields: ${Object.keys(row).join(", ")}).`,
        );
      }
      const query = render(templates.prompt, row, where);
      const choices =
        config.endpointType !== "completions_logprob"
          ? undefined
          : ((config.choicesField === undefined ? undefined : resolveChoices(row, config.choicesField)) ??
            config.choices);
      if (config.endpointType === "completions_logprob" && (choices === undefined || choices.length === 0)) {
        throw new DatasetError(
          `${describeDatasetSource(source)} ${where}: no candidates: "${config.choicesField}" is missing or not a list, and no static choices are given.`,
        );
      }
      return {
        id: String(index),
        task: definition.normalizedName,
        gold: pythonStr(row[config.targetField] ?? ""),
        index,
        row,
        query,
        ...(choices === undefined ? {} : { choices }),
      };
    });
    // A row without the target scores against "" (as NeMo's `row.get(target_field, "")`); none with it is a typo.
    if (!rows.some((row) => config.targetField in row)) {
      throw new DatasetError(
        `${describeDatasetSource(source)}: no row has the target field "${config.targetField}" (the first row's fields: ${Object.keys(rows[0] ?? {}).join(", ")}); set target_field to the ground-truth column.`,
      );
    }
    const pool = options.nShots > 0 ? await fewshotPool(definition, { source, rows }, options) : undefined;
    const renderExample = (row: Row, where: string): string =>
      templates.fewshot === undefined
        ? pythonRstrip(`${render(templates.prompt, row, where)} ${pythonStr(row[config.targetField] ?? "")}`)
        : render(templates.fewshot, row, where);
    const prefixes = new Map<string, string>();
    const prefixFor = (sample: ByobSample, nShots: number): string => {
      if (pool === undefined || nShots === 0) return "";
      const self = pool.isPrimary ? sample.row : undefined;
      const examples = drawExamples(pool.rows, nShots, self);
      const key = `${nShots}:${examples.map((row) => pool.rows.indexOf(row)).join(",")}`;
      let prefix = prefixes.get(key);
      if (prefix === undefined) {
        prefix = fewshotPrefix(
          examples.map((row) =>
            renderExample(row, `few-shot row ${pool.rows.indexOf(row) + 1} of ${pool.description}`),
          ),
          { prefix: config.fewshotPrefix, separator: config.fewshotSeparator },
        );
        prefixes.set(key, prefix);
      }
      return prefix;
    };
    const systemFor = (sample: ByobSample, given: string | undefined): string | undefined => {
      if (given !== undefined) return given === "" ? undefined : given;
      return templates.system === undefined
        ? undefined
        : render(templates.system, sample.row, `row ${sample.index + 1}`);
    };
    const bodyFor = (sample: ByobSample, nShots: number) => prefixFor(sample, nShots) + sample.query;

    return {
      samples,
      buildPrompt(sample, promptOptions): Prompt {
        const body = bodyFor(sample, promptOptions.nShots);
        const system = systemFor(sample, promptOptions.systemPrompt);
        if (promptOptions.endpointType === "chat") {
          return {
            type: "chat",
            messages: [
              ...(system === undefined ? [] : [{ role: "system" as const, content: system }]),
              { role: "user" as const, content: body },
            ],
          };
        }
        return { type: "completion", text: system === undefined ? body : `${system}\n${body}` };
      },
      ...(config.endpointType === "completions_logprob"
        ? {
            buildLoglikelihood(sample, promptOptions) {
              const body = bodyFor(sample, promptOptions.nShots);
              const system = systemFor(sample, promptOptions.systemPrompt);
              const continuations = sample.choices ?? [];
              return {
                context: system === undefined ? body : `${system}\n${body}`,
                continuations,
                goldIndex: continuations.indexOf(sample.gold),
              };
            },
          }
        : {}),
      ...(config.responseField === undefined
        ? {}
        : { givenResponse: (sample: ByobSample) => pythonStr(sample.row[config.responseField ?? ""]) }),
      ...(pool === undefined
        ? {}
        : { fewshot: { source: pool.description, seed: FEWSHOT_SEED, poolSize: pool.rows.length } }),
    };
  }

  return {
    name: definition.normalizedName,
    description: config.description ?? `User benchmark ${definition.name} (${origin}).`,
    dataset: describeDatasetSource(source),
    recipes: [recipe],
    maxNShots: MAX_N_SHOTS,
    tasks: [],
    hasLoglikelihood: config.endpointType === "completions_logprob",
    isEvalOnly: config.responseField !== undefined,
    ...(definition.definitionFile === undefined ? {} : { definitionFile: definition.definitionFile }),
    load,
    oracle: byobOracle(),
  };
}
