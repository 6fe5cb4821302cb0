// The contract every benchmark folder implements, so the registry, engine, oracle and contract test can use it.

import type { ContainerEngine } from "../containers/types.js";
import type { FinishReason, GenerationParams, ToolDefinition } from "../core/generation.js";
import type { HeadlineScore } from "../core/headline-score.js";
import type { PromptScores } from "../core/loglikelihood.js";
import type { ChatMessage, EndpointType, Prompt, ToolCall } from "../core/prompt.js";
import type { StructuredOutputStyle } from "../core/structured-output-style.js";
import type { TaskGroup } from "../core/task-group.js";
import type { TaskParams } from "../core/task-params.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import type { DatasetContext } from "../datasets/types.js";
import type { GraderName } from "../graders/registry.js";
import type { CodeSandbox } from "../sandbox/types.js";

export type { HeadlineScore } from "../core/headline-score.js";

export interface BenchmarkSample {
  /** Stable across runs and data sources, unique within the benchmark, e.g. `abstract_algebra/17`. */
  id: string;
  /** The subject or subtask the sample belongs to (the benchmark's name when it has none). */
  task: string;
  /** The gold answer in the grader's canonical form. */
  gold: string;
  choices?: readonly string[];
  /**
   * Other ways the reference breaks its results down, beside the task: facet name → this sample's value (LongBench
   * v2's `difficulty` and `length`, MRCR's `needles` and `context_bin`, a passkey's `depth` and `context_tokens`).
   * Each facet gets an accuracy per value in the result (`breakdowns`); `Benchmark.facetGrids` names pairs to cross.
   */
  facets?: Readonly<Record<string, string>>;
}

export interface PromptOptions {
  endpointType: EndpointType;
  nShots: number;
  /** undefined: the benchmark's default (if any); "": none. */
  systemPrompt: string | undefined;
  cot: boolean;
}

export interface LoadOptions {
  context: DatasetContext;
  /**
   * The recipe the prompts follow (one of the benchmark's `recipes`; absent: the first): it may also decide the
   * few-shot pool and the question set.
   */
  recipe?: Recipe;
  /** Subtasks to keep; undefined or empty means all. Unknown names → ConfigError listing the known ones. */
  tasks?: readonly string[];
  /** Shots the prompts will need, so a loader can skip reading few-shot data it does not need. */
  nShots: number;
  /**
   * A contamination window (`--lcb-start-date`/`--lcb-end-date`, `YYYY-MM-DD`): keep the samples dated inside it,
   * for a benchmark whose rows carry a date (`Benchmark.hasDatedSamples`).
   */
  dateWindow?: { start?: string; end?: string };
  /**
   * The run's tokenizer (`--tokenizer`, else the default chain: the served model's name as a Hub repository, then
   * the server's `/tokenize`), resolved on the first call and shared by the run's benchmarks. Rejects with a
   * ConfigError saying how to name one when none can be had. Absent where nothing can tokenize (a `grade` run).
   */
  tokenizer?: () => Promise<TextTokenizer>;
  /** The long-context flags (`--max-context-tokens`, `--context-tokens`, `--depths`); absent when none was given. */
  longContext?: LongContextSettings;
  /** The container tier's benchmark flags (`--max-turns`, `--swe-images`, `--swe-repo-url`); absent when none was given. */
  containerTier?: ContainerTierSettings;
}

/** The container tier's flags a benchmark may read (each absent when not given: the benchmark's default then). */
export interface ContainerTierSettings {
  /** terminal_bench: the agent's turns before the tests run (default 15). */
  readonly maxTurns?: number;
  /** swe_bench, swe_bench_pro: the spec's python:3.11 workflow or SWE-bench's official evaluation images. */
  readonly sweImages?: "spec" | "official";
  /** swe_bench, swe_bench_pro: where repositories are cloned from ({repo} is owner/name). */
  readonly sweRepoUrl?: string;
}

/** The long-context flags a benchmark may read (each absent when not given: the recipe's own then). */
export interface LongContextSettings {
  /** LongBench v2: prompts longer than this many tokens are cut in the middle. */
  readonly maxContextTokens?: number;
  /** Passkey: haystack prompts of exactly these token counts. */
  readonly contextTokens?: readonly number[];
  /** Passkey: needle depths in percent of the haystack. */
  readonly depths?: readonly number[];
}

/** A multiple-choice sample scored by likelihood: the context and each option's continuation. */
export interface LoglikelihoodPrompt {
  /** The text every continuation follows (few-shot examples included). */
  context: string;
  /** One continuation per option, in option order; each is scored as `context + continuation`. */
  continuations: readonly string[];
  /** The index of the right continuation. */
  goldIndex: number;
}

/** Samples a loader left out on purpose (e.g. image questions of a text-only run), for the run summary. */
export interface SkippedSamples {
  count: number;
  reason: string;
}

export interface LoadedBenchmark<S extends BenchmarkSample = BenchmarkSample> {
  /** Evaluation samples in a deterministic order (`--first N` keeps the first N; `--limit N` a subset in this order). */
  samples: S[];
  /** Builds the full prompt for a sample, few-shot examples included. Pure. */
  buildPrompt(sample: S, options: PromptOptions): Prompt;
  /**
   * The prompt as sent, when it needs token work first (LongBench v2's middle truncation to a token budget, a passkey
   * haystack cut to exactly N tokens) with `LoadOptions.tokenizer`. It is built when the sample's request is, so a run
   * holds one such prompt per sample in flight; `buildPrompt` stays the prompt before that work (what `grade` and
   * the oracle read). Absent: `buildPrompt` is sent.
   */
  preparePrompt?(sample: S, options: PromptOptions): Promise<Prompt>;
  /**
   * The sample's own `max_tokens`, where the reference gives each task its own answer budget (ZeroSCROLLS' runner);
   * `--max-tokens` overrides it. Absent: the recipe's.
   */
  maxTokens?(sample: S): number;
  /** Present when the benchmark supports `--scoring loglikelihood`. Pure. */
  buildLoglikelihood?(sample: S, options: PromptOptions): LoglikelihoodPrompt;
  /** Samples of the dataset left out of `samples`, with why. */
  skipped?: SkippedSamples;
  /**
   * Eval-only mode (a BYOB `response_field`): the answer each sample already carries. A run grades it and sends
   * nothing.
   */
  givenResponse?(sample: S): string;
  /** Where the few-shot examples come from and how they were drawn, for run.json (a BYOB benchmark's). */
  fewshot?: FewshotRecord;
  /**
   * What was read, when it depends on the load (LiveCodeBench's release, its date window): run.json's `dataset`
   * instead of `Benchmark.dataset`.
   */
  dataset?: string;
  /**
   * Request-body fields of one sample (its JSON schema as a structured-output constraint, in the style the run
   * names), merged under `--extra-inputs`.
   */
  requestBody?(sample: S, style: StructuredOutputStyle): Record<string, unknown>;
  /**
   * Functions one sample's request offers the model (OpenAI `tools`; BFCL's FC recipe): set as the request's
   * `tools`, and the answer's calls reach the scorer (`AnswerToScore.toolCalls`). Absent: no tools.
   */
  tools?(sample: S): readonly ToolDefinition[] | undefined;
}

/** run.json's record of a benchmark's few-shot draw. */
export interface FewshotRecord {
  /** The dataset the examples were drawn from. */
  source: string;
  /** "nemo" (one seeded draw for all), "first" (the pool's first rows), "lm-eval" (one seeded draw per sample). */
  selection: "nemo" | "first" | "lm-eval";
  /** The draw's `random.Random` seed; absent for "first". */
  seed?: number;
  /** Rows the examples were drawn from. */
  poolSize: number;
}

/** An oracle answer that calls functions (a request with `tools`): the text (often empty) and the calls. */
export interface OracleReply {
  text: string;
  toolCalls: readonly { name: string; arguments: string }[];
}

/** How the mock server's oracle recognises and answers this benchmark's questions. */
export interface BenchmarkOracle<S extends BenchmarkSample = BenchmarkSample> {
  /**
   * Text every prompt of `recipe` for `sample` ends with (the last user turn of a chat, or the flat completion
   * text), whatever the shots and system prompt.
   */
  promptSuffix(sample: S, recipe: Recipe): string;
  /**
   * Other endings `recipe`'s prompts for `sample` may have, recognised like `promptSuffix`: a recipe whose last
   * line depends on `--cot` (aiperf's AIME ends with a step-by-step trigger or a "just return a number" line).
   */
  otherPromptSuffixes?(sample: S, recipe: Recipe): readonly string[];
  /**
   * A response `recipe`'s grader marks correct (`isCorrect`) or wrong (and so does every other recipe's grader
   * whose prompts end with the same suffix). `variant` picks one of several answer phrasings the grader must handle.
   * `suffix` is the ending the prompt was recognised by (`promptSuffix` or one of `otherPromptSuffixes`): where the
   * ending tells the chain-of-thought form, the answer follows it (lm-eval's BBH grades the two forms differently).
   */
  answer(
    sample: S,
    isCorrect: boolean,
    variant: number,
    recipe: Recipe,
    suffix?: string,
    turn?: number,
  ): string;
  /**
   * An answer that may call functions (a benchmark whose requests carry `tools`): when present, the mock server
   * answers with it instead of `answer` — text and function calls.
   */
  reply?(
    sample: S,
    isCorrect: boolean,
    variant: number,
    recipe: Recipe,
    suffix?: string,
    turn?: number,
  ): OracleReply;
  /**
   * A multi-turn sample's user messages, turn by turn (`promptSuffix` is the first). Turn k is recognised by the
   * request's user messages being exactly these first k + 1, and `answer` is told `turn` (0-based). A sample is
   * answered wrong on its last turn only, so conversations that share their first turns (Multi-IF's do) are sent
   * the same answers there; its verdict is keyed by its turns' text, so two identical conversations agree.
   */
  conversationTurns?(sample: S, recipe: Recipe): readonly string[];
  /**
   * An agent benchmark's conversations (τ-bench), played request by request: a request is this sample's when one of
   * its messages' text equals one of `keys` (the agent's and the simulated user's conversations each carry one), and
   * `reply` answers it from the whole conversation so far — with function calls when the request offers tools.
   * Whether the sample ends right or wrong is `isCorrect`, decided once per sample.
   */
  dialogue?: {
    keys(sample: S, recipe: Recipe): readonly string[];
    reply(
      sample: S,
      isCorrect: boolean,
      recipe: Recipe,
      messages: readonly ChatMessage[],
      hasTools: boolean,
    ): OracleReply;
  };
}

/**
 * Where a recipe's behaviour was read: a file of a repository at a commit (`huggingface/lighteval
 * src/lighteval/tasks/default_prompts.py@<commit>`), or a package at a version.
 */
export interface RecipeSource {
  /** `owner/repo` on GitHub, or a package name. */
  repository: string;
  /** The file read, relative to the repository root; absent for a package. */
  path?: string;
  /** The 40-hex commit read, or a package version (`0.10.0`). */
  pin: string;
}

/**
 * One reference's way of running a benchmark: prompt bytes, few-shot pool and order, system-prompt placement,
 * request parameters, answer extraction and comparison. The benchmark's `load` builds prompts for the recipe it is
 * given; the fields here are the defaults the accuracy flags override.
 */
export interface Recipe {
  /** `lighteval`, `lm-eval`, `sglang` … unique within the benchmark; `--recipe NAME` selects it. */
  readonly name: string;
  /** One line for `list`: what the reference is (task name, script). */
  readonly description: string;
  /** Every file the recipe was matched against (prompt, few-shot sampler, extraction …), first the main one. */
  readonly sources: readonly [RecipeSource, ...RecipeSource[]];
  /**
   * A registered grader, a scorer function (a benchmark defined with `benchmark()` + `scorer()`), or a program that
   * asks and grades a whole sample itself (a multi-turn conversation: `benchmark()` + `program()`).
   */
  readonly grader: GraderName | RecipeScorer | RecipeProgram;
  /**
   * The reference scores by log-likelihood (lm-eval's multiple-choice tasks): `--scoring loglikelihood` without
   * `--recipe` follows the first such recipe instead of the default.
   */
  readonly scoring?: "loglikelihood";
  /**
   * True when the recipe only scores by log-likelihood (a BYOB `completions_logprob` benchmark): a run scores it so
   * whatever `--scoring` says.
   */
  readonly isLoglikelihoodOnly?: boolean;
  /** The endpoint a run uses when `--endpoint-type` is not given (a BYOB `endpoint_type`); absent: chat. */
  readonly defaultEndpointType?: EndpointType;
  /**
   * Scorers `--grader NAME` may pick beside the registered graders (HumanEval's `rouge`: TensorRT-LLM's informal
   * rouge of the completion against the canonical solution).
   */
  readonly namedScorers?: Readonly<Record<string, RecipeScorer>>;
  /** Graders reported beside `grader` (lm-eval's `flexible-extract` beside `strict-match`). */
  readonly extraGraders?: readonly GraderName[];
  readonly defaultNShots: number;
  /** True when chain-of-thought prompts are the default (`--no-cot` turns them off); absent means off. */
  readonly defaultCot?: boolean;
  /** Generation defaults (max tokens, stop, others the reference sends) the user's flags override. */
  readonly defaultParams: GenerationParams;
  /**
   * True when the reference sends no `max_tokens` (the server's own limit applies, as lighteval ≥ 0.13 does for
   * AIME): `defaultParams` then has none and requests leave it out unless `--max-tokens` is given.
   */
  readonly isMaxTokensOmitted?: boolean;
  /**
   * Optional overrides of `defaultParams` for one endpoint type, merged over them (see
   * `resolveDefaultParams`), e.g. a stop sequence that suits a completion prompt but would cut a chat answer.
   */
  readonly defaultParamsByEndpoint?: Partial<Record<EndpointType, GenerationParams>>;
  /**
   * What changes when chain-of-thought is on (`cot`) or off (`direct`), over the fields above: a reference that
   * runs both forms as two tasks (lm-eval's `bbh_cot_fewshot` and `bbh_fewshot`) reads the answer differently and
   * sends other limits. `--cot`/`--no-cot` pick the form; `--grader` and `--max-tokens` still override.
   */
  readonly byCot?: Partial<Record<"cot" | "direct", RecipeCotVariant>>;
  /**
   * The reference drops shots, one at a time, while a prompt is over a budget of the served model's tokens
   * (MMLU-Pro's local script keeps a prompt under `max_model_length - max_new_tokens`). A run counts the flat prompt
   * text with the backend's `tokenize`, special tokens added as Hugging Face's `tokenizer(prompt)` adds them.
   */
  readonly promptTokenBudget?: PromptTokenBudget;
  /**
   * How chat prompts carry few-shot examples: "turns" (default: one user/assistant pair per shot) or
   * "inline" (the reference sends one user message holding the whole few-shot text).
   */
  readonly chatFewShot?: "turns" | "inline";
  /**
   * True when grading executes model-written code: a run opens the code sandbox (bubblewrap) before sending
   * anything, or refuses with how to install it, and gives it to the scorer (`AnswerToScore.sandbox`).
   */
  readonly executesCode?: boolean;
  /**
   * True when a sample works in a container (Terminal-Bench, SWE-bench): a run connects to the container engine
   * (`--docker-host`, else `DOCKER_HOST`) before sending anything, or refuses with how to reach one, and gives it to
   * the program (`ProgramContext.containers`) or scorer (`AnswerToScore.containers`).
   */
  readonly usesContainers?: boolean;
  /**
   * True when the recipe's program talks to a simulated user (`SampleSession.sendToUserModel`; τ-bench): a run
   * opens the user model (`--user-model`, `--user-base-url`; by default the run's own model and server), and
   * repeated samples vary through it even when the agent is greedy.
   */
  readonly usesUserModel?: boolean;
  /**
   * "first": `--num-samples N` keeps the first N samples in load order, because the loader returns them in the
   * reference's own seeded shuffle (TensorRT-LLM's CNN/DailyMail: `dataset.shuffle(0)`, then its first n). Absent:
   * the project's seeded hash subset.
   */
  readonly subset?: "first";
  /**
   * The score the recipe is reported and gated by when it is not accuracy (CNN/DailyMail's rouge1 × 100, SlimPajama's
   * perplexity): a scorer metric's mean (or pooled ratio) × `scale`. Absent: accuracy × 100.
   */
  readonly headline?: HeadlineScore;
  /**
   * The reference's hypothesis-test constants for this recipe's task (TensorRT-LLM's `CnnDailymail`: α 0.002, β 0.2,
   * σ 11.06, n 512), where they belong to the recipe rather than the benchmark: `--num-samples task` draws its n,
   * `<benchmark>.json` records them (`config.task_params`) and `gate` uses them under a reference file's
   * `task_defaults`.
   */
  readonly taskParams?: TaskParams;
}

/** One candidate of a log-likelihood sample, as a scorer sees it. */
export interface ScoredChoice {
  readonly text: string;
  /** The summed log-probability of the candidate's tokens after the context. */
  readonly logprob: number;
  /** True when greedy decoding would have produced the candidate. */
  readonly isGreedy: boolean;
}

/** What a scorer is given for one answer. */
export interface AnswerToScore {
  sample: BenchmarkSample;
  /** The answer text, reasoning removed (for log-likelihood samples: the most likely candidate). */
  response: string;
  reasoning: string;
  finishReason: FinishReason;
  /** What was sent; undefined in eval-only mode, where nothing was. */
  prompt: Prompt | undefined;
  /** Log-likelihood samples: every candidate with its score. */
  choices?: readonly ScoredChoice[];
  /** The run's code sandbox, for a recipe that `executesCode`. */
  sandbox?: CodeSandbox;
  /** The run's container engine, for a recipe that `usesContainers`. */
  containers?: ContainerEngine;
  /**
   * The run's stop (Ctrl-C, after its grace period): long grading (a container's tests) ends when it aborts, and
   * a grading it cut short is not recorded (`--resume` grades the sample again).
   */
  signal?: AbortSignal;
  /**
   * The functions the answer called (a request that offered `tools`, or a `grade --responses` line's
   * `tool_calls`), in order; absent when none.
   */
  toolCalls?: readonly ToolCall[];
}

/**
 * A per-sample part of a pooled ratio (IFEval's instruction-level accuracy: instructions followed over instructions
 * given): the metric is Σ numerator / Σ denominator over the samples, not the mean of the per-sample ratios.
 */
export interface ScoreRatio {
  readonly numerator: number;
  readonly denominator: number;
  /**
   * True for a perplexity: the metric is exp(Σ numerator / Σ denominator) — numerators negative log-likelihoods,
   * denominators tokens, words or bytes (lm-eval's `weighted_perplexity`).
   */
  readonly exp?: true;
}

/** One named per-sample value: a verdict, a number, or a part of a pooled ratio. */
export type ScoreValue = boolean | number | ScoreRatio;

/** Named per-sample values: each becomes a metric (mean and 95% CI); `correct` (or the first boolean) is accuracy. */
export type Scores = Readonly<Record<string, ScoreValue>>;

/** What a sample's grading found, kept in its journal record as `details` (IFEval: each instruction's verdicts). */
export type ScoreDetails = Readonly<Record<string, unknown>>;

/** A recipe's own scoring function (see `Recipe.grader`): async, and may throw (the sample is then an error). */
export interface RecipeScorer {
  /** For run.json's `grader` and `list`, e.g. `scorer check (my_bench.ts)`. */
  readonly name: string;
  /**
   * Named values (`Scores`), plus optionally the texts `reason` and `extracted` and the object `details` (see
   * `ScorerResult`).
   */
  score(answer: AnswerToScore): Promise<ScorerOutput>;
}

/** What a scorer or a program returns: `Scores`, and optionally `reason`, `extracted` (texts) and `details`. */
export type ScorerOutput = Readonly<Record<string, ScoreValue | string | ScoreDetails>>;

/** One answered request of a sample program. */
export interface TurnAnswer {
  /** The answer text, reasoning removed. */
  readonly response: string;
  /** Reasoning the server returned separately or inside `<think>` (empty when none). */
  readonly reasoning: string;
  readonly finishReason: FinishReason;
  /** True when a `<think>` block opened and never closed (`response` is then what followed it, usually nothing). */
  readonly isThinkUnclosed: boolean;
  /** The functions the answer called (a request that offered `tools`), in order; absent when none. */
  readonly toolCalls?: readonly ToolCall[];
}

/** What one turn may offer beyond the messages: functions the model may call. */
export interface TurnOptions {
  readonly tools?: readonly ToolDefinition[];
  readonly toolChoice?: "auto" | "none" | "required";
  /**
   * This turn's max_tokens instead of the run's, where the reference gives its turns their own limits (LongBench
   * v2's chain of thought: 1024 tokens of reasoning, then a 128-token answer).
   */
  readonly maxTokens?: number;
}

/**
 * How a sample program talks to the model: each `send` is one request with the run's generation parameters (and
 * `--system-prompt` put first: its own message, or joined before the messages' opening system message), journalled as one turn. A request that
 * fails after its retries rejects, and the sample is recorded as failed (`--resume` runs it again from its start).
 */
export interface SampleSession {
  send(messages: readonly ChatMessage[], options?: TurnOptions): Promise<TurnAnswer>;
  /**
   * One request to the simulated user's model (a recipe that `usesUserModel`): `--user-model` at `--user-base-url`
   * (the run's own by default) with the user's sampling (`--user-temperature`, else the server's default), no
   * tools. Journalled as a turn of party `user_model`; a failure fails the sample as a `send` does.
   */
  sendToUserModel(messages: readonly ChatMessage[]): Promise<TurnAnswer>;
  /**
   * The log-probability of each of `ids` given the ids before it (the first has none): one scoring request to the
   * model under test (`echo: true, logprobs: 1` over HTTP; the loaded model in-process), retried as `--max-retries`
   * says. A perplexity program scores a document's token windows with it. A backend that cannot score stops the
   * run with how to get one that can; a request that fails after its retries fails the sample, as `send` does.
   */
  scorePrompt(ids: readonly number[]): Promise<PromptScores>;
}

/** What a sample program is given beside its session. */
export interface ProgramContext {
  /** The run's code sandbox, for a recipe that `executesCode`. */
  sandbox?: CodeSandbox;
  /** The run's container engine, for a recipe that `usesContainers`. */
  containers?: ContainerEngine;
  /**
   * The run's stop (Ctrl-C, after its grace period): work that is not a request (a container command) ends when it
   * aborts, and the sample is not recorded (`--resume` runs it again from its start).
   */
  signal?: AbortSignal;
  /** The run's tokenizer (`LoadOptions.tokenizer`); absent where nothing can tokenize. */
  tokenizer?: () => Promise<TextTokenizer>;
}

/**
 * A sample that is a small program: it sends one or more requests through `session` (a conversation whose later
 * turns carry the model's earlier answers) and returns its grade, as a scorer does (`ScorerOutput`).
 */
export interface RecipeProgram {
  /** For run.json's `grader` and `list`, e.g. `program multi_if`. */
  readonly name: string;
  readonly kind: "program";
  run(sample: BenchmarkSample, session: SampleSession, context: ProgramContext): Promise<ScorerOutput>;
}

/** See `Recipe.promptTokenBudget`. */
export interface PromptTokenBudget {
  /** The most tokens a prompt may have with its shots; fewer shots are shown while it has more. */
  readonly maxPromptTokens: number;
}

/** A recipe's grader and generation defaults for one chain-of-thought setting (see `Recipe.byCot`). */
export interface RecipeCotVariant {
  /** A registered grader, or a program when the form asks differently (LongBench v2's two-pass chain of thought). */
  readonly grader?: GraderName | RecipeProgram;
  /** Merged over `defaultParams`, under `defaultParamsByEndpoint`. */
  readonly defaultParams?: GenerationParams;
}

export interface Benchmark<S extends BenchmarkSample = BenchmarkSample> {
  readonly name: string;
  readonly description: string;
  /** Where the data comes from, for `list`: e.g. `cais/mmlu (all, test)`. */
  readonly dataset: string;
  /** The references this benchmark reproduces; the first is the default. */
  readonly recipes: readonly [Recipe, ...Recipe[]];
  readonly maxNShots: number;
  /** Known subtasks; empty when the benchmark has none. */
  readonly tasks: readonly string[];
  /**
   * True when its subtasks are read from its data (a BYOB `taskField` without `tasks`): `tasks` is empty until then,
   * so `--tasks` is passed to `load` as given and checked there against the data.
   */
  readonly hasDataTasks?: boolean;
  /** The file of a user benchmark (`benchmark()` + `scorer()`, or YAML); absent for registered ones. */
  readonly definitionFile?: string;
  /** True when its samples carry their answers (`LoadedBenchmark.givenResponse`): a run of it needs no server. */
  readonly isEvalOnly?: boolean;
  /** True when `load` returns `buildLoglikelihood` (`--scoring loglikelihood`), so a run can say so before loading data. */
  readonly hasLoglikelihood?: boolean;
  /**
   * True when its rows bring their own chat messages, a system message among them (JSON-mode eval): `--system-prompt
   * ""` adds none but does not remove theirs.
   */
  readonly hasOwnMessages?: boolean;
  /** The endpoints its prompts can be sent to; absent: both (a benchmark of chat conversations: chat only). */
  readonly endpointTypes?: readonly EndpointType[];
  /** True when its samples carry a date and `LoadOptions.dateWindow` filters them (lcb_codegeneration). */
  readonly hasDatedSamples?: boolean;
  /** Other names `run` and `list` accept for this benchmark (e.g. `bbh` for `bigbench`). */
  readonly aliases?: readonly string[];
  /**
   * Subtasks of the reference this benchmark does not run, each with why (BFCL's multi-turn categories): not
   * offered by `list`, and `--tasks` naming one is a ConfigError giving the reason.
   */
  readonly excludedTasks?: Readonly<Record<string, string>>;
  /**
   * Summary scores over several tasks, as the reference reports them (BFCL's non-live AST, live AST, relevance):
   * each in `<benchmark>.json`'s `task_groups` with a 95% CI, when every task of the group was graded.
   */
  readonly taskGroups?: readonly TaskGroup[];
  /**
   * Facets (`BenchmarkSample.facets`) to cross in the result, as [rows, columns] (a passkey's depth × length grid):
   * an accuracy per pair of values (`grids` in `<benchmark>.json`).
   */
  readonly facetGrids?: readonly (readonly [string, string])[];
  /**
   * The order to show a facet's values in (LongBench v2's short, medium, long), by facet; values not listed follow
   * in sorted order (numerically when they are numbers).
   */
  readonly facetOrder?: Readonly<Record<string, readonly string[]>>;
  load(options: LoadOptions): Promise<LoadedBenchmark<S>>;
  readonly oracle: BenchmarkOracle<S>;
}
