// The public library API of llm-benchmarker: explicit named exports only.
export { createOpenAiHttpBackend } from "./backends/openai-http/create-openai-http-backend.js";
export { BENCHMARK_NAMES, benchmarks, loadBenchmark } from "./benchmarks/registry.js";
export type {
  Benchmark,
  BenchmarkOracle,
  BenchmarkSample,
  LoadedBenchmark,
  PromptOptions,
} from "./benchmarks/types.js";
export { parseRunOptions } from "./config/parse-run-options.js";
export type { RunOptions, RunOptionsInput, Scoring } from "./config/run-options.js";
export type {
  Backend,
  FinishReason,
  GenerationParams,
  GenerationRequest,
  GenerationResult,
  RequestTimings,
} from "./core/generation.js";
export type { ChatMessage, EndpointType, Prompt } from "./core/prompt.js";
export type { RunReporter } from "./core/run-reporter.js";
export type { LoglikelihoodScores, SampleRecord } from "./core/sample-record.js";
export { createDatasetContext } from "./datasets/create-dataset-context.js";
export { parseRows } from "./datasets/parse-rows.js";
export type { DatasetContext, HubSplitRef, Row } from "./datasets/types.js";
export { readJournal } from "./engine/journal.js";
export {
  ApiCallError,
  BenchError,
  ConfigError,
  DatasetError,
  NoSuchBenchmarkError,
  RequestTimeoutError,
  ServerUnreachableError,
  StreamParseError,
} from "./errors.js";
export { GRADER_NAMES, getGrader, graders } from "./graders/registry.js";
export type { Grade, Grader, GraderInput } from "./graders/types.js";
export { type GateRow, gateBenchmark } from "./references/gate-benchmark.js";
export { loadReferenceFile, parseReferenceFile } from "./references/load-reference-file.js";
export { compareRuns } from "./results/compare-runs.js";
export { readRunResults } from "./results/read-run-results.js";
export type { BenchmarkSummary } from "./results/summarize-benchmark.js";
export {
  AccuracyGateError,
  type AccuracyTask,
  type AccuracyTaskOptions,
  type AccuracyTaskResult,
  createAccuracyTask,
  type EvaluateOptions,
} from "./runner/accuracy-task.js";
export { runBenchmarks } from "./runner/run-benchmarks.js";
export type { RunOutcome } from "./runner/run-outcome.js";
export { bootstrapMeanCi } from "./stats/bootstrap-ci.js";
export { clusteredStandardError } from "./stats/clustered-standard-error.js";
export {
  gateAccuracy,
  type HypothesisParams,
  minimumDetectableEffect,
  thetaTable,
  thresholdOffset,
} from "./stats/hypothesis-test.js";
export { mcnemarExactPValue } from "./stats/mcnemar-test.js";
export { normalCdf, normalQuantile } from "./stats/normal-distribution.js";
export { pairedDifference } from "./stats/paired-difference.js";
export { meanPassAtK, passAtK } from "./stats/pass-at-k.js";
export { createSeededRandom } from "./stats/seeded-random.js";
export { percentile, sortSamples, summarize } from "./stats/summarize.js";
