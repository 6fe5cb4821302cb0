// A benchmark's reference recipes in the public definition API (`recipes: [...]` of `benchmark()`): each names the
// reference it reproduces, its grader, its request defaults, and how its prompts differ from the benchmark's
// (prompt template, system prompt and its placement, where few-shot examples come from, how they are picked and
// laid out). The built-in benchmarks define their recipes with it; a user benchmark may too.
import { z } from "zod";
import { GRADER_NAMES, isGraderName } from "../graders/registry.js";
import { isScorer, type ScorerFunction } from "./scorer.js";

/** How K examples are picked for a sample (see `RecipeFewshot.select`). */
export const FEWSHOT_SELECTIONS = ["nemo", "first", "lm-eval"] as const;
export type FewshotSelection = (typeof FEWSHOT_SELECTIONS)[number];

const nonEmpty = (what: string) => z.string().min(1, `${what} must not be empty`);

const sourceSchema = z
  .object({
    repository: nonEmpty("a source's repository"),
    path: nonEmpty("a source's path").optional(),
    pin: z
      .string()
      .regex(
        /^(?:[0-9a-f]{40}|\d+\.\d+(?:\.\d+)?\S*)$/,
        "a source's pin is a 40-hex commit or a package version such as 0.10.0",
      ),
  })
  .strict();

const generationParamsSchema = z
  .object({
    maxTokens: z.number().int().positive().optional(),
    temperature: z.number().min(0).optional(),
    seed: z.number().int().optional(),
    stop: z.array(z.string()).optional(),
    extraBody: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const graderSchema = z.union([
  z.string().refine(isGraderName, {
    message: `not a registered grader (known: ${GRADER_NAMES.join(", ")})`,
  }),
  z.custom<ScorerFunction>(
    isScorer,
    "a grader is a registered grader's name or a function wrapped in scorer()",
  ),
]);

const fewshotSchema = z
  .object({
    /**
     * Where the examples come from: "dataset" (the evaluated rows themselves), `{ split }` (another split of the
     * `hf://` dataset, or `<data-dir>/<name>/<split>.jsonl`), or fixed rows. Absent: NeMo's rules
     * (`fewshot_dataset`, `fewshot_split`, else the evaluated rows' tail).
     */
    pool: z
      .union([
        z.literal("dataset"),
        z.object({ split: nonEmpty("the few-shot split") }).strict(),
        z.array(z.record(z.string(), z.unknown())).min(1, "fixed few-shot rows must not be empty"),
      ])
      .optional(),
    /**
     * "nemo": NeMo's one `Random(42).sample` for every sample (a sample never sees itself); "first": the pool's
     * first K rows; "lm-eval": lm-evaluation-harness's `Random(1234)`, one `sample(pool, K)` per dataset row in
     * order, so row d's examples are draw d's.
     */
    select: z.enum(FEWSHOT_SELECTIONS).default("nemo"),
    /**
     * A template of an example's answer (lm-eval's `doc_to_target`); with it an example is `query + delimiter +
     * answer`, the query being the recipe's prompt rendered on the example row. Absent: NeMo's `fewshot_template`,
     * or `prompt + " " + target` right-stripped.
     */
    answer: z.string().optional(),
    /** Between an example's query and its answer in flat text (lm-eval's `target_delimiter`). */
    targetDelimiter: z.string().default(" "),
    /** The pool's first K rows are examples and are not evaluated (SGLang's Qwen2.5-Math customisation). */
    excludeFromEvaluation: z.boolean().default(false),
  })
  .strict();

export const recipeDefinitionSchema = z
  .object({
    /** Unique within the benchmark: `--recipe NAME` selects it. */
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]*$/, "a recipe name is lowercase letters, digits, '.', '_', '-'"),
    /** One line for `list`: what the reference is. */
    description: nonEmpty("a recipe's description"),
    /** Every file of the reference the recipe was matched against, the main one first, each pinned. */
    sources: z.array(sourceSchema).min(1, "a recipe names at least one source"),
    /** A registered grader's name or a scorer; absent: the benchmark's scorer. */
    grader: graderSchema.optional(),
    /** Scorers `--grader NAME` may pick for this recipe beside the registered graders, by name. */
    graders: z
      .record(
        z.string().regex(/^[a-z][a-z0-9_]*$/, "a grader name is lowercase letters, digits and _"),
        z.custom<ScorerFunction>(isScorer, "a named grader is a function wrapped in scorer()"),
      )
      .optional(),
    /** Graders reported beside `grader`. */
    extraGraders: z.array(z.string().refine(isGraderName, { message: "not a registered grader" })).optional(),
    /** Shots when `--n-shots` is not given; absent: the benchmark's `numFewshot`. */
    defaultNShots: z.number().int().min(0).optional(),
    defaultParams: generationParamsSchema.default({}),
    defaultParamsByEndpoint: z
      .object({ chat: generationParamsSchema.optional(), completions: generationParamsSchema.optional() })
      .strict()
      .optional(),
    /**
     * The endpoint this recipe is made for (`chat` or `completions`; default: the benchmark's `endpointType`): a run
     * with `--endpoint-type` and no `--recipe` follows the first recipe made for that endpoint.
     */
    endpointType: z.enum(["chat", "completions"]).optional(),
    /** True when the reference sends no `max_tokens`. */
    isMaxTokensOmitted: z.boolean().optional(),
    /**
     * false for a recipe of a benchmark that `executesCode` whose grader runs nothing (TensorRT-LLM's rouge of
     * HumanEval completions): a run of it opens no sandbox. Absent: the benchmark's.
     */
    executesCode: z.boolean().optional(),
    /**
     * True when the benchmark's program talks to a simulated user (`session.sendToUserModel`): the run opens the user
     * model (`--user-model`, `--user-base-url`; the run's own by default).
     */
    usesUserModel: z.boolean().optional(),
    /** A prompt template replacing the benchmark's `prompt` for this recipe (same rules). */
    prompt: nonEmpty("a recipe's prompt").optional(),
    /** The system prompt sent when `--system-prompt` is not given, as is (not a template). */
    systemPrompt: z.string().optional(),
    /** Between the system prompt and the rest in flat text: NeMo's "\n"; "" where a reference concatenates. */
    systemSeparator: z.string().default("\n"),
    /** Chat few-shot layout: "inline" (NeMo: one user message holding the examples) or "turns" (a pair each). */
    chatFewShot: z.enum(["inline", "turns"]).default("inline"),
    fewshot: fewshotSchema.optional(),
    /**
     * The score the recipe is reported and gated by when it is not accuracy: a metric the scorer returns × `scale`
     * (rouge1 × 100), `higherIsBetter: false` for a perplexity; `aggregate: "task-mean"` averages the tasks' means.
     */
    headline: z
      .object({
        metric: nonEmpty("a headline's metric"),
        scale: z.number().positive().default(1),
        higherIsBetter: z.boolean().default(true),
        aggregate: z.enum(["mean", "task-mean"]).optional(),
        geometricMeanOf: z.array(z.string().min(1)).min(1).optional(),
      })
      .strict()
      .optional(),
    /** The reference's hypothesis-test constants for this recipe (`gate`, `--num-samples task`). */
    taskParams: z
      .object({
        alpha: z.number().gt(0).lt(1),
        beta: z.number().gt(0).lt(1),
        sigma: z.number().min(0),
        numSamples: z.number().int().min(1).optional(),
        higherIsBetter: z.boolean().optional(),
      })
      .strict()
      .optional(),
    /**
     * The prompt cut to `maxTokens` tokens of the run's tokenizer as the reference's Hugging Face tokenizer cuts it
     * (special tokens counted): "right" keeps the first tokens, "left" the last. A chat prompt's last message is cut.
     */
    truncatePrompt: z
      .object({ maxTokens: z.number().int().min(1), side: z.enum(["left", "right"]) })
      .strict()
      .optional(),
  })
  .strict();

export type RecipeDefinitionInput = z.input<typeof recipeDefinitionSchema>;
export type RecipeDefinition = z.output<typeof recipeDefinitionSchema>;
export type RecipeFewshot = z.output<typeof fewshotSchema>;
