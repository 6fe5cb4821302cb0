// The parameters of a BYOB benchmark: NeMo Evaluator's (`@benchmark` in
// NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/decorators.py@76c865c3c09132c1d102a0a84454c36823f19cff),
// camelCase in TypeScript and snake_case in YAML, with NeMo's defaults; checked once, here.
import { z } from "zod";
import type { OracleReply } from "../benchmarks/types.js";
import type { Row } from "../datasets/types.js";
import { ConfigError } from "../errors.js";
import { recipeDefinitionSchema } from "./recipe-definition.js";

export const ENDPOINT_TYPES = ["chat", "completions", "completions_logprob"] as const;
export type ByobEndpointType = (typeof ENDPOINT_TYPES)[number];

/** Each parameter's TypeScript and YAML names, in the order NeMo documents them. */
export const PARAMETER_NAMES = [
  ["name", "name"],
  ["dataset", "dataset"],
  ["prompt", "prompt"],
  ["targetField", "target_field"],
  ["endpointType", "endpoint_type"],
  ["requirements", "requirements"],
  ["fieldMapping", "field_mapping"],
  ["extra", "extra"],
  ["responseField", "response_field"],
  ["systemPrompt", "system_prompt"],
  ["choices", "choices"],
  ["choicesField", "choices_field"],
  ["numFewshot", "num_fewshot"],
  ["fewshotDataset", "fewshot_dataset"],
  ["fewshotSplit", "fewshot_split"],
  ["fewshotPrefix", "fewshot_prefix"],
  ["fewshotTemplate", "fewshot_template"],
  ["fewshotSeparator", "fewshot_separator"],
  ["description", "description"],
  ["recipes", "recipes"],
  ["rowSchema", "row_schema"],
  ["sampleId", "sample_id"],
  ["maxNumFewshot", "max_num_fewshot"],
  ["oracle", "oracle"],
  ["executesCode", "executes_code"],
  ["messagesField", "messages_field"],
  ["structuredOutput", "structured_output"],
  ["taskField", "task_field"],
  ["tasks", "tasks"],
] as const;

export type ParameterStyle = "camel" | "snake";

const nonEmpty = (what: string) => z.string().min(1, `${what} must not be empty`);

export const benchmarkConfigSchema = z
  .object({
    name: z.string(),
    dataset: nonEmpty("dataset"),
    /** Required unless `messagesField` gives each row's conversation. */
    prompt: nonEmpty("prompt").optional(),
    targetField: nonEmpty("the target field").default("target"),
    endpointType: z.enum(ENDPOINT_TYPES).default("chat"),
    requirements: z.union([z.array(nonEmpty("a requirement")), nonEmpty("the requirements file")]).optional(),
    fieldMapping: z.record(z.string(), nonEmpty("a mapped field name")).optional(),
    extra: z.record(z.string(), z.unknown()).default({}),
    responseField: nonEmpty("the response field").optional(),
    systemPrompt: z.string().optional(),
    choices: z.array(z.string()).min(1, "choices must list at least one candidate").optional(),
    choicesField: nonEmpty("the choices field").optional(),
    numFewshot: z.number().int().min(0).default(0),
    fewshotDataset: nonEmpty("the few-shot dataset").optional(),
    fewshotSplit: nonEmpty("the few-shot split").optional(),
    fewshotPrefix: z.string().default(""),
    fewshotTemplate: z.string().optional(),
    fewshotSeparator: z.string().default("\n\n"),
    /** Ours: one line for `list`. */
    description: z.string().optional(),
    /**
     * Ours: the references this benchmark reproduces, the default first (see recipe-definition.ts). Absent: one
     * recipe, `byob`, graded by the scorer.
     */
    recipes: z
      .array(recipeDefinitionSchema)
      .min(1, "recipes must list at least one recipe")
      .refine((recipes) => new Set(recipes.map((recipe) => recipe.name)).size === recipes.length, {
        message: "two recipes have the same name",
      })
      .optional(),
    /** Ours (TypeScript): a zod schema every row (and few-shot row) must pass; its output is the row used. */
    rowSchema: z
      .custom<RowSchema>(
        (value) =>
          typeof value === "object" &&
          value !== null &&
          typeof (value as { safeParse?: unknown }).safeParse === "function",
        "rowSchema is a zod schema (z.object({ … }))",
      )
      .optional(),
    /** Ours (TypeScript): a sample's id from its row and 0-based index (default: the index); ids must be unique. */
    sampleId: z
      .custom<(row: Row, index: number) => string>(
        (value) => typeof value === "function",
        "sampleId is a function (row, index) => string",
      )
      .optional(),
    /**
     * Ours: the scorer runs model-written code: a run opens the code sandbox first (or refuses, saying how to install
     * bubblewrap) and gives it to the scorer as `config.sandbox`.
     */
    executesCode: z.boolean().default(false),
    /**
     * Ours: the column holding each row's chat conversation (a list of `{role, content}`), sent as it is instead of a
     * rendered `prompt` (JSON-mode eval's rows). Chat endpoint only.
     */
    messagesField: nonEmpty("the messages field").optional(),
    /**
     * Ours: the column holding each row's JSON schema (an object or its JSON text), sent as the request's
     * structured-output constraint in the style `--structured-output-style` names.
     */
    structuredOutput: z
      .object({ schemaField: nonEmpty("the schema field") })
      .strict()
      .optional(),
    /** Ours: the most shots `--n-shots` may ask for (default 64). */
    maxNumFewshot: z.number().int().min(0).optional(),
    /**
     * Ours: the column naming each sample's subtask (Multi-IF's `language`): accuracy and metrics are reported per
     * task too, and `--tasks a,b` keeps those tasks' samples. Absent: one task, the benchmark's name.
     */
    taskField: nonEmpty("the task field").optional(),
    /** Ours: with `taskField`, the tasks `list` shows and `--tasks` accepts (absent: the tasks the data has). */
    tasks: z.array(nonEmpty("a task")).min(1, "tasks must list at least one task").optional(),
    /**
     * Ours (TypeScript): what the mock server answers a sample with, right or wrong (default: the target, or
     * another candidate / "(no answer)").
     */
    oracle: z
      .custom<OracleAnswer | ConversationOracle>(
        (value) =>
          typeof value === "function" ||
          (typeof value === "object" &&
            value !== null &&
            typeof (value as ConversationOracle).turns === "function" &&
            typeof (value as ConversationOracle).answer === "function"),
        "oracle is a function (sample, isCorrect, variant) => string, or for a program { turns(sample), answer(sample, isCorrect, variant, turn) }",
      )
      .optional(),
  })
  .strict();

/** What a zod schema offers that a definition's `rowSchema` uses. */
export interface RowSchema {
  safeParse(row: unknown): { success: true; data: unknown } | { success: false; error: unknown };
}

/** A sample as an oracle sees it. */
export interface OracleSample {
  /** The target as text. */
  readonly target: string;
  /** The row after `rowSchema` and `field_mapping`. */
  readonly metadata: Readonly<Row>;
  /** The recipe's prompt rendered for the row: what the prompt ends with. */
  readonly query: string;
  /** The recipe whose grader the answer is written for. */
  readonly recipe: string;
}

/** The mock server's answer: one the recipe's grader marks correct (`isCorrect`) or wrong; `variant` picks a phrasing. */
export type OracleAnswer = (sample: OracleSample, isCorrect: boolean, variant: number) => string;

/**
 * The mock server's answers to a multi-turn sample (a `program()` benchmark): `turns` gives each turn's user message
 * (the server recognises a turn by the conversation's user messages so far), `answer` the reply to turn `turn`
 * (0-based). Conversations may share their first turns, which the server cannot tell apart: answer every turn but
 * the last right, and the last one right or wrong as `isCorrect` says.
 */
export interface ConversationOracle {
  turns(sample: OracleSample): readonly string[];
  answer(sample: OracleSample, isCorrect: boolean, variant: number, turn: number): string;
  /**
   * A reply that calls functions (a program that offers `tools`): when given, the server answers with it instead of
   * `answer` — its text and its calls (`{name, arguments}`, the arguments as JSON text).
   */
  reply?(sample: OracleSample, isCorrect: boolean, variant: number, turn: number): OracleReply;
}

export type BenchmarkConfigInput = z.input<typeof benchmarkConfigSchema>;
export type BenchmarkConfig = z.output<typeof benchmarkConfigSchema>;

/** A parameter's name as the user wrote it. */
export function parameterName(camel: string, style: ParameterStyle): string {
  const entry = PARAMETER_NAMES.find(([name]) => name === camel);
  return style === "camel" || entry === undefined ? camel : entry[1];
}

/** A YAML definition's snake_case keys as the schema's camelCase; unknown keys stay, for the schema to name. */
export function camelCaseParameters(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      PARAMETER_NAMES.find(([, snake]) => snake === key)?.[0] ?? key,
      value,
    ]),
  );
}

/**
 * Checks `input`; a mistake is a ConfigError that names `origin` (the definition file) and each wrong parameter
 * as the user spells it, with what to change.
 */
export function parseBenchmarkConfig(input: unknown, origin: string, style: ParameterStyle): BenchmarkConfig {
  const parsed = benchmarkConfigSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      if (issue.code === "unrecognized_keys") {
        const known = PARAMETER_NAMES.map((entry) => (style === "camel" ? entry[0] : entry[1])).join(", ");
        return `unknown parameter${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => `"${key}"`).join(", ")} (known: ${known})`;
      }
      const [first] = issue.path;
      const where = first === undefined ? "the definition" : `"${parameterName(String(first), style)}"`;
      const rest = issue.path.slice(1).map(String);
      return `${where}${rest.length > 0 ? ` (at ${rest.join(".")})` : ""}: ${issue.message}`;
    });
    throw new ConfigError(`${origin}: ${problems.join("; ")}.`);
  }
  const config = parsed.data;
  const name = (camel: string) => `"${parameterName(camel, style)}"`;
  if (
    config.endpointType === "completions_logprob" &&
    config.choices === undefined &&
    config.choicesField === undefined
  ) {
    throw new ConfigError(
      `${origin}: ${name("endpointType")} completions_logprob needs the candidates: give ${name("choices")} (a list) or ${name("choicesField")} (a column).`,
    );
  }
  if (
    config.endpointType !== "completions_logprob" &&
    (config.choices !== undefined || config.choicesField !== undefined)
  ) {
    throw new ConfigError(
      `${origin}: ${name(config.choices === undefined ? "choicesField" : "choices")} applies to ${name("endpointType")} completions_logprob only; set it, or remove the choices.`,
    );
  }
  if (config.prompt === undefined && config.messagesField === undefined) {
    throw new ConfigError(
      `${origin}: ${name("prompt")}: required — give the prompt template (or ${name("messagesField")}, the column of each row's chat messages).`,
    );
  }
  if (config.tasks !== undefined && config.taskField === undefined) {
    throw new ConfigError(
      `${origin}: ${name("tasks")} lists the values of the task column: give ${name("taskField")} too.`,
    );
  }
  if (config.messagesField !== undefined && config.endpointType !== "chat") {
    throw new ConfigError(
      `${origin}: ${name("messagesField")} sends each row's conversation, which needs ${name("endpointType")} chat.`,
    );
  }
  for (const recipe of config.recipes ?? []) {
    const where = `${origin}: recipe "${recipe.name}"`;
    const fewshot = recipe.fewshot;
    if (fewshot?.excludeFromEvaluation && !(fewshot.pool === "dataset" && fewshot.select === "first")) {
      throw new ConfigError(
        `${where}: fewshot.excludeFromEvaluation leaves the first K rows out, so it needs pool "dataset" and select "first".`,
      );
    }
    if (
      recipe.chatFewShot === "turns" &&
      fewshot?.answer === undefined &&
      config.fewshotTemplate !== undefined
    ) {
      throw new ConfigError(
        `${where}: chatFewShot "turns" sends each example as a question turn and an answer turn, which ${name("fewshotTemplate")} cannot be split into; give fewshot.answer.`,
      );
    }
  }
  return config;
}
