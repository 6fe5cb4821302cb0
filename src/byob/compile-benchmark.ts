// A definition (`benchmark()`) as a runnable `Benchmark`: its rows (read, field-mapped, checked by `rowSchema`), its
// samples, each recipe's prompts (few-shot pool and picks, system prompt, chat or flat, laid out by
// assemble-prompt.ts), candidates for `completions_logprob`, its recipes' graders, and the oracle the mock server
// answers with.
import path from "node:path";
import type { z } from "zod";
import { checkNShots } from "../benchmarks/check-n-shots.js";
import { type TruncateOptions, truncatePromptTokens } from "../benchmarks/truncate-prompt-tokens.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions } from "../benchmarks/types.js";
import type { Prompt } from "../core/prompt.js";
import { parseRows } from "../datasets/parse-rows.js";
import type { Row } from "../datasets/types.js";
import { ConfigError, DatasetError } from "../errors.js";
import { pythonRstrip } from "../graders/python-whitespace.js";
import { assemblePrompt, flatText, type PromptParts, type RenderedExample } from "./assemble-prompt.js";
import type { BenchmarkConfig } from "./benchmark-config.js";
import { byobOracle, byobRecipes, type CompiledRecipe, type RecipeForm } from "./byob-recipe.js";
import type { ByobSample } from "./byob-sample.js";
import { checkRequirements, readRequirements } from "./check-requirements.js";
import { conversationOf, conversationPrompt } from "./conversation-prompt.js";
import { type DatasetSource, describeDatasetSource, parseDatasetSource } from "./datasets/dataset-source.js";
import { applyFieldMapping, readFieldPath } from "./datasets/field-path.js";
import { loadFewshotRows } from "./datasets/load-fewshot-rows.js";
import { localDataFiles, localSplitFile, readDatasetSource } from "./datasets/read-dataset-source.js";
import type { BenchmarkDefinition } from "./define-benchmark.js";
import { primaryPool, separatePoolLimit } from "./fewshot-examples.js";
import { createFewshotPicker, type FewshotPool, selectionSeed } from "./pick-fewshot-rows.js";
import type { RecipeFewshot } from "./recipe-definition.js";
import { type StructuredOutputStyle, schemaOf, structuredOutputBody } from "./structured-output.js";
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
  /** Absent when each row carries its conversation (`messagesField`). */
  prompt: PromptTemplate | undefined;
  /** The benchmark's `system_prompt` template, used when the recipe has no system prompt of its own. */
  system: PromptTemplate | undefined;
  fewshot: PromptTemplate | undefined;
  /** The recipe's few-shot answer template. */
  answer: PromptTemplate | undefined;
}

async function loadTemplates(
  config: BenchmarkConfig,
  form: RecipeForm,
  definitionDir: string,
): Promise<Templates> {
  const optional = (value: string | undefined) =>
    value === undefined ? undefined : loadPromptTemplate(value, definitionDir);
  return {
    prompt: await optional(form.prompt ?? config.prompt),
    system: form.systemPrompt === undefined ? await optional(config.systemPrompt) : undefined,
    fewshot: await optional(config.fewshotTemplate),
    answer: await optional(form.fewshot?.answer),
  };
}

/** Reads a source's rows, maps its fields and checks them with the definition's `rowSchema`. */
async function readRows(
  source: DatasetSource,
  definition: BenchmarkDefinition,
  context: LoadOptions["context"],
): Promise<Row[]> {
  const { config, normalizedName } = definition;
  const rows = (await readDatasetSource(source, context, { localDir: normalizedName })).map((row) =>
    applyFieldMapping(row, config.fieldMapping),
  );
  return prepareRows(rows, definition, sourceLabel(source, context, normalizedName));
}

/** The rows after the definition's `rowSchema` (as they are without one). */
function prepareRows(rows: Row[], definition: BenchmarkDefinition, label: string): Row[] {
  const schema = definition.config.rowSchema;
  return schema === undefined ? rows : parseRows(rows, schema as unknown as z.ZodType<Row>, label);
}

/** What messages call a source: its data-dir file, or its path or URI. */
function sourceLabel(source: DatasetSource, context: LoadOptions["context"], localDir: string): string {
  return (
    localSplitFile(source, context, localDir) ??
    localDataFiles(source, context, localDir)?.join(", ") ??
    describeDatasetSource(source)
  );
}

/** The few-shot pool of NeMo's rules: `fewshot_dataset`, else `fewshot_split`, else the evaluated rows' tail. */
async function nemoPool(
  definition: BenchmarkDefinition,
  primary: { source: DatasetSource; rows: Row[] },
  options: LoadOptions,
): Promise<FewshotPool> {
  const { config } = definition;
  const separate = await loadFewshotRows({
    ...(config.fewshotDataset === undefined ? {} : { fewshotDataset: config.fewshotDataset }),
    ...(config.fewshotSplit === undefined ? {} : { fewshotSplit: config.fewshotSplit }),
    primary: primary.source,
    definitionDir: definitionDirOf(definition),
    context: options.context,
    localDir: definition.normalizedName,
  });
  if (separate !== undefined && separate.rows.length > 0) {
    const label = sourceLabel(separate.source, options.context, definition.normalizedName);
    const rows = prepareRows(
      separate.rows
        .slice(0, separatePoolLimit(options.nShots))
        .map((row) => applyFieldMapping(row, config.fieldMapping)),
      definition,
      label,
    );
    return { rows, isPrimary: false, description: label };
  }
  return {
    rows: primaryPool(primary.rows, options.nShots),
    isPrimary: true,
    description: `${describeDatasetSource(primary.source)} (its last rows; a sample never sees itself)`,
  };
}

/** The pool a recipe names (see `RecipeFewshot.pool`), else NeMo's. */
async function fewshotPool(
  definition: BenchmarkDefinition,
  pool: RecipeFewshot["pool"],
  primary: { source: DatasetSource; rows: Row[] },
  options: LoadOptions,
): Promise<FewshotPool> {
  if (pool === undefined) return nemoPool(definition, primary, options);
  if (pool === "dataset") {
    return {
      rows: primary.rows,
      isPrimary: true,
      description: `${describeDatasetSource(primary.source)} (the evaluated rows)`,
    };
  }
  if (Array.isArray(pool)) {
    return { rows: pool, isPrimary: false, description: `${pool.length} fixed examples of the recipe` };
  }
  const { source } = primary;
  if (source.kind !== "hub" || source.dataFiles !== undefined) {
    throw new ConfigError(
      `${originOf(definition)}: a recipe's few-shot pool { split: "${pool.split}" } needs an hf:// dataset read by split (not a file or data_files).`,
    );
  }
  const splitSource: DatasetSource = {
    ...source,
    split: pool.split,
    uri: `${source.uri.split("?")[0]}?split=${pool.split}`,
  };
  const rows = await readRows(splitSource, definition, options.context);
  return {
    rows,
    isPrimary: false,
    description: sourceLabel(splitSource, options.context, definition.normalizedName),
  };
}

/** The recipe a load follows and its form. */
function selectedRecipe(
  recipes: readonly CompiledRecipe[],
  requested: LoadOptions["recipe"],
  name: string,
): CompiledRecipe {
  const first = recipes[0];
  if (requested === undefined && first !== undefined) return first;
  const found = recipes.find((entry) => entry.recipe.name === requested?.name);
  if (found === undefined) {
    throw new ConfigError(
      `${name} has no recipe "${requested?.name}" (known: ${recipes.map((entry) => entry.recipe.name).join(", ")}).`,
    );
  }
  return found;
}

/** Each recipe's query for every row, when some recipe has its own prompt (the oracle recognises each). */
async function queriesByRecipe(
  definition: BenchmarkDefinition,
  recipes: readonly CompiledRecipe[],
  rows: readonly Row[],
): Promise<Record<string, string>[] | undefined> {
  if (!recipes.some((entry) => entry.form.prompt !== undefined)) return undefined;
  const fallback = definition.config.prompt;
  if (fallback === undefined) return undefined;
  const definitionDir = definitionDirOf(definition);
  const templates = await Promise.all(
    recipes.map(async (entry) => ({
      name: entry.recipe.name,
      template: await loadPromptTemplate(entry.form.prompt ?? fallback, definitionDir),
    })),
  );
  return rows.map((row, index) =>
    Object.fromEntries(
      templates.map(({ name, template }) => [name, render(template, row, `row ${index + 1}`)]),
    ),
  );
}

/**
 * The samples of the `--tasks` named; a name that is neither a declared task nor one the data has is a ConfigError
 * listing the known ones.
 */
function keepTasks(
  samples: readonly ByobSample[],
  wanted: readonly string[],
  declared: readonly string[] | undefined,
  name: string,
): ByobSample[] {
  const known = new Set([...(declared ?? []), ...samples.map((sample) => sample.task)]);
  const unknown = wanted.filter((task) => !known.has(task));
  if (unknown.length > 0) {
    throw new ConfigError(
      `${name}: unknown task${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; known: ${[...known].sort().join(", ")}.`,
    );
  }
  const keep = new Set(wanted);
  return samples.filter((sample) => keep.has(sample.task));
}

export function compileBenchmark(definition: BenchmarkDefinition): Benchmark<ByobSample> {
  const { config } = definition;
  const name = definition.normalizedName;
  const origin = originOf(definition);
  const definitionDir = definitionDirOf(definition);
  const source = parseDatasetSource(config.dataset, definitionDir, "dataset");
  checkRequirements(readRequirements(config.requirements, definitionDir, origin), definitionDir, origin);
  const recipes = byobRecipes(definition);
  const maxNShots = config.maxNumFewshot ?? MAX_N_SHOTS;

  async function load(options: LoadOptions): Promise<LoadedBenchmark<ByobSample>> {
    checkNShots(name, options.nShots, maxNShots);
    const wantedTasks = options.tasks !== undefined && options.tasks.length > 0 ? options.tasks : undefined;
    if (wantedTasks !== undefined && config.taskField === undefined) {
      throw new ConfigError(`${name} has no subtasks; --tasks ${wantedTasks.join(",")} does not apply.`);
    }
    const { recipe, form } = selectedRecipe(recipes, options.recipe, name);
    const templates = await loadTemplates(config, form, definitionDir);
    const rows = await readRows(source, definition, options.context);
    const label = sourceLabel(source, options.context, name);
    if (rows.length === 0) {
      const where =
        options.context.dataDir === undefined
          ? "check the dataset's source"
          : `check the file under --data-dir ${options.context.dataDir} (one JSON object a line)`;
      throw new DatasetError(`${label} has no rows; ${where}.`);
    }
    // A row without the target scores against "" (as NeMo's `row.get(target_field, "")`); none with it is a typo.
    if (!rows.some((row) => config.targetField in row)) {
      throw new DatasetError(
        `${label}: no row has the target field "${config.targetField}" (the first row's fields: ${Object.keys(rows[0] ?? {}).join(", ")}); set target_field to the ground-truth column.`,
      );
    }
    const queryOf = (row: Row, where: string): string => {
      if (templates.prompt !== undefined) return render(templates.prompt, row, where);
      const messages = conversationOf(row, config.messagesField ?? "", `${label} ${where}`);
      return messages.at(-1)?.content ?? "";
    };
    const queries = await queriesByRecipe(definition, recipes, rows);
    const firstEvaluated = form.fewshot?.excludeFromEvaluation ? options.nShots : 0;
    const ids = new Map<string, number>();
    const taskOf = (row: Row): string =>
      config.taskField === undefined ? name : pythonStr(row[config.taskField] ?? "");
    const allSamples = rows.flatMap((row, index): ByobSample[] => {
      if (index < firstEvaluated) return [];
      const where = `row ${index + 1}`;
      if (config.responseField !== undefined && !(config.responseField in row)) {
        throw new DatasetError(
          `${label} ${where} has no field "${config.responseField}" (the response field, eval-only mode; its fields: ${Object.keys(row).join(", ")}).`,
        );
      }
      const id = config.sampleId === undefined ? String(index) : config.sampleId(row, index);
      const earlier = ids.get(id);
      if (earlier !== undefined) {
        throw new DatasetError(
          `${label} ${where}: sample id "${id}" is also row ${earlier + 1}'s; ids must be unique.`,
        );
      }
      ids.set(id, index);
      const choices =
        config.endpointType !== "completions_logprob"
          ? undefined
          : ((config.choicesField === undefined ? undefined : resolveChoices(row, config.choicesField)) ??
            config.choices);
      if (config.endpointType === "completions_logprob" && (choices === undefined || choices.length === 0)) {
        throw new DatasetError(
          `${label} ${where}: no candidates: "${config.choicesField}" is missing or not a list, and no static choices are given.`,
        );
      }
      const rowQueries = queries?.[index];
      return [
        {
          id,
          task: taskOf(row),
          gold: pythonStr(row[config.targetField] ?? ""),
          index,
          row,
          query: rowQueries?.[recipe.name] ?? queryOf(row, where),
          ...(rowQueries === undefined ? {} : { queries: rowQueries }),
          ...(choices === undefined ? {} : { choices }),
        },
      ];
    });
    const samples =
      wantedTasks === undefined ? allSamples : keepTasks(allSamples, wantedTasks, config.tasks, name);
    const selection = form.fewshot?.select ?? "nemo";
    const pool =
      options.nShots > 0
        ? await fewshotPool(definition, form.fewshot?.pool, { source, rows }, options)
        : undefined;
    const pick =
      pool === undefined
        ? undefined
        : createFewshotPicker({
            pool,
            selection,
            datasetSize: rows.length,
            nShots: options.nShots,
            label: `${name} recipe ${recipe.name}`,
          });
    const examples = new Map<Row, RenderedExample>();
    const renderExample = (row: Row): RenderedExample => {
      let example = examples.get(row);
      if (example !== undefined) return example;
      const where = `few-shot row ${(pool?.rows.indexOf(row) ?? 0) + 1} of ${pool?.description}`;
      const query = queryOf(row, where);
      const target = pythonStr(row[config.targetField] ?? "");
      if (templates.answer !== undefined) {
        const answer = render(templates.answer, row, where);
        example = { query, answer, flat: query + (form.fewshot?.targetDelimiter ?? " ") + answer };
      } else {
        const flat =
          templates.fewshot === undefined
            ? pythonRstrip(`${query} ${target}`)
            : render(templates.fewshot, row, where);
        example = { query, answer: target, flat };
      }
      examples.set(row, example);
      return example;
    };
    const systemFor = (sample: ByobSample, given: string | undefined): string | undefined => {
      if (given !== undefined) return given === "" ? undefined : given;
      if (form.systemPrompt !== undefined) return form.systemPrompt === "" ? undefined : form.systemPrompt;
      return templates.system === undefined
        ? undefined
        : render(templates.system, sample.row, `row ${sample.index + 1}`);
    };
    const loadedNShots = options.nShots;
    const partsFor = (sample: ByobSample, promptOptions: PromptOptions): PromptParts => {
      checkNShots(name, promptOptions.nShots, loadedNShots, "the n-shots it was loaded with");
      return {
        endpointType: promptOptions.endpointType,
        system: systemFor(sample, promptOptions.systemPrompt),
        systemSeparator: form.systemSeparator,
        chatFewShot: form.chatFewShot,
        fewshotPrefix: config.fewshotPrefix,
        fewshotSeparator: config.fewshotSeparator,
        examples: (pick?.(sample.index, sample.row, promptOptions.nShots) ?? []).map(renderExample),
        query: sample.query,
      };
    };
    const seed = selectionSeed(selection);

    const messagesField = config.messagesField;
    const buildPrompt = (sample: ByobSample, promptOptions: PromptOptions): Prompt =>
      messagesField === undefined
        ? assemblePrompt(partsFor(sample, promptOptions))
        : conversationPrompt(
            conversationOf(sample.row, messagesField, `${label} row ${sample.index + 1}`),
            systemFor(sample, promptOptions.systemPrompt),
            promptOptions.endpointType,
          );
    const cut = form.truncatePrompt;
    return {
      samples,
      buildPrompt,
      ...(cut === undefined
        ? {}
        : {
            preparePrompt: (sample: ByobSample, promptOptions: PromptOptions) =>
              truncatePrompt(
                buildPrompt(sample, promptOptions),
                {
                  ...cut,
                  purpose: `${name} (recipe ${recipe.name}) keeps the ${cut.side === "right" ? "first" : "last"} ${cut.maxTokens} tokens of each prompt`,
                },
                options.tokenizer,
              ),
          }),
      ...(config.structuredOutput === undefined
        ? {}
        : {
            requestBody: (sample: ByobSample, style: StructuredOutputStyle) =>
              structuredOutputBody(
                schemaOf(
                  sample.row,
                  config.structuredOutput?.schemaField ?? "",
                  `${label} row ${sample.index + 1}`,
                ),
                style,
              ),
          }),
      ...(config.endpointType === "completions_logprob"
        ? {
            buildLoglikelihood(sample, promptOptions) {
              const continuations = sample.choices ?? [];
              return {
                context: flatText(partsFor(sample, promptOptions)),
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
        : {
            fewshot: {
              source: pool.description,
              selection,
              ...(seed === undefined ? {} : { seed }),
              poolSize: pool.rows.length,
            },
          }),
    };
  }

  return {
    name,
    description: config.description ?? `User benchmark ${definition.name} (${origin}).`,
    dataset: describeDatasetSource(source),
    recipes: [recipes[0].recipe, ...recipes.slice(1).map((entry) => entry.recipe)],
    maxNShots,
    tasks: config.tasks ?? [],
    ...(config.taskField !== undefined && config.tasks === undefined ? { hasDataTasks: true } : {}),
    ...(definition.program === undefined ? {} : { endpointTypes: ["chat"] as const }),
    hasLoglikelihood: config.endpointType === "completions_logprob",
    ...(config.messagesField === undefined ? {} : { endpointTypes: ["chat"] as const, hasOwnMessages: true }),
    isEvalOnly: config.responseField !== undefined,
    ...(definition.definitionFile === undefined ? {} : { definitionFile: definition.definitionFile }),
    load,
    oracle: byobOracle(definition),
  };
}

/** A prompt cut to a token budget (`truncatePrompt`): a completion's text, or a chat prompt's last message. */
async function truncatePrompt(
  prompt: Prompt,
  options: TruncateOptions,
  tokenizer: LoadOptions["tokenizer"],
): Promise<Prompt> {
  if (prompt.type === "completion") {
    return { ...prompt, text: await truncatePromptTokens(prompt.text, options, tokenizer) };
  }
  const last = prompt.messages.at(-1);
  if (last === undefined) return prompt;
  const content = await truncatePromptTokens(last.content, options, tokenizer);
  return { ...prompt, messages: [...prompt.messages.slice(0, -1), { ...last, content }] };
}
