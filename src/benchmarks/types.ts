// The contract every benchmark folder implements, so the registry, engine, oracle and contract test can use it.
import type { GenerationParams } from "../core/generation.js";
import type { EndpointType, Prompt } from "../core/prompt.js";
import type { DatasetContext } from "../datasets/types.js";
import type { GraderName } from "../graders/registry.js";

export interface BenchmarkSample {
  /** Stable across runs and data sources, unique within the benchmark, e.g. `abstract_algebra/17`. */
  id: string;
  /** The subject or subtask the sample belongs to (the benchmark's name when it has none). */
  task: string;
  /** The gold answer in the grader's canonical form. */
  gold: string;
  choices?: readonly string[];
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
  /** Subtasks to keep; undefined or empty means all. Unknown names → ConfigError listing the known ones. */
  tasks?: readonly string[];
  /** Shots the prompts will need, so a loader can skip reading few-shot data it does not need. */
  nShots: number;
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
  /** Present when the benchmark supports `--scoring loglikelihood`. Pure. */
  buildLoglikelihood?(sample: S, options: PromptOptions): LoglikelihoodPrompt;
  /** Samples of the dataset left out of `samples`, with why. */
  skipped?: SkippedSamples;
}

/** How the mock server's oracle recognises and answers this benchmark's questions. */
export interface BenchmarkOracle<S extends BenchmarkSample = BenchmarkSample> {
  /** Text every prompt for `sample` ends with (the last user turn of a chat, or the flat completion text). */
  promptSuffix(sample: S): string;
  /**
   * A response the benchmark's default grader marks correct (`isCorrect`) or wrong.
   * `variant` picks one of several answer phrasings the grader must handle.
   */
  answer(sample: S, isCorrect: boolean, variant: number): string;
}

export interface Benchmark<S extends BenchmarkSample = BenchmarkSample> {
  readonly name: string;
  readonly description: string;
  /** Where the data comes from, for `list`: e.g. `cais/mmlu (all, test)`. */
  readonly dataset: string;
  readonly grader: GraderName;
  readonly defaultNShots: number;
  readonly maxNShots: number;
  /** True when chain-of-thought prompts are the default (`--no-cot` turns them off); absent means off. */
  readonly defaultCot?: boolean;
  /** Known subtasks; empty when the benchmark has none. */
  readonly tasks: readonly string[];
  /** Generation defaults (max tokens, stop) the user's flags override. */
  readonly defaultParams: GenerationParams;
  /**
   * Optional overrides of `defaultParams` for one endpoint type, merged over them (see
   * `resolveDefaultParams`), e.g. a stop sequence that suits a completion prompt but would cut a chat answer.
   */
  readonly defaultParamsByEndpoint?: Partial<Record<EndpointType, GenerationParams>>;
  /**
   * How chat prompts carry few-shot examples: "turns" (default: one user/assistant pair per shot) or
   * "inline" (the reference sends one user message holding the whole few-shot text).
   */
  readonly chatFewShot?: "turns" | "inline";
  /** True when `load` returns `buildLoglikelihood` (`--scoring loglikelihood`), so a run can say so before loading data. */
  readonly hasLoglikelihood?: boolean;
  /** Other names `run` and `list` accept for this benchmark (e.g. `bbh` for `bigbench`). */
  readonly aliases?: readonly string[];
  load(options: LoadOptions): Promise<LoadedBenchmark<S>>;
  readonly oracle: BenchmarkOracle<S>;
}
