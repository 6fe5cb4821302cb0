// The public library API of llm-benchmarker: explicit named exports only.
export { createOpenAiHttpBackend } from "./backends/openai-http/create-openai-http-backend.js";
export { BENCHMARK_NAMES, benchmarks, loadBenchmark } from "./benchmarks/registry.js";
export type {
  Benchmark,
  BenchmarkOracle,
  BenchmarkSample,
  LoadedBenchmark,
  PromptOptions,
  SampleSession,
  ScoreDetails,
  ScoreRatio,
} from "./benchmarks/types.js";
export type {
  BenchmarkConfigInput as ByobConfig,
  ConversationOracle,
} from "./byob/benchmark-config.js";
export { type BenchmarkDefinition, benchmark } from "./byob/define-benchmark.js";
export { graderScorer } from "./byob/grader-scorer.js";
export {
  type ConversationSession,
  type ProgramFunction,
  type ProgramInput,
  program,
  type TurnAnswer,
} from "./byob/program.js";
export {
  ratio,
  type ScorerChoice,
  type ScorerConfig,
  type ScorerFunction,
  type ScorerInput,
  type ScorerResult,
  scorer,
} from "./byob/scorer.js";
export {
  BUILTIN_SCORERS,
  contains,
  exactMatch,
  f1Token,
  multipleChoiceAcc,
  regexMatch,
} from "./byob/scorers/builtin-scorers.js";
export { allOf, anyOf } from "./byob/scorers/combine-scorers.js";
export { bleu, rouge } from "./byob/scorers/overlap-scorers.js";
export { retrievalMetrics } from "./byob/scorers/retrieval-scorer.js";
export { parseProfileOptions } from "./config/parse-profile-options.js";
export { parseRunOptions } from "./config/parse-run-options.js";
export type { ProfileOptions, ProfileOptionsInput } from "./config/profile-options.js";
export type { RunOptions, RunOptionsInput, Scoring } from "./config/run-options.js";
export {
  type ContainerEngineOptions,
  openContainerEngine,
} from "./containers/open-container-engine.js";
export { pruneContainerEngine } from "./containers/prune-containers.js";
export type {
  ContainerEngine,
  ContainerFile,
  ContainerSpec,
  ExecOptions,
  ExecResult,
  ImageBuild,
  SampleContainer,
} from "./containers/types.js";
export type {
  Backend,
  FinishReason,
  GenerationParams,
  GenerationRequest,
  GenerationResult,
  RequestTimings,
} from "./core/generation.js";
export type { Monitor, MonitorContext } from "./core/monitor.js";
export type { ChatMessage, EndpointType, Prompt } from "./core/prompt.js";
export type { ReadProgress } from "./core/read-progress.js";
export type { LoadStartInfo, RunReporter, RunStartInfo } from "./core/run-reporter.js";
export type { LoglikelihoodScores, SampleRecord } from "./core/sample-record.js";
export { splitThink } from "./core/split-think.js";
export { createDatasetContext } from "./datasets/create-dataset-context.js";
export { parseRows } from "./datasets/parse-rows.js";
export type { DatasetContext, HubSplitRef, Row } from "./datasets/types.js";
export { readJournal } from "./engine/journal.js";
export { type Dispatch, type LoadMode, type ScheduleOptions, schedule } from "./engine/scheduler.js";
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
export {
  type K8sLaunchContext,
  type K8sLaunchRequest,
  type K8sLaunchResult,
  launchK8s,
} from "./launch/k8s/launch-k8s.js";
export {
  launchSlurm,
  type SlurmLaunchOutcome,
  type SlurmLaunchRequest,
} from "./launch/slurm/launch-slurm.js";
export {
  resubmitSlurm,
  type SlurmResubmitOutcome,
  type SlurmResubmitRequest,
} from "./launch/slurm/resubmit-slurm.js";
export { MetricsCollector, type MetricsSummary } from "./metrics/metrics-collector.js";
export { computeRequestMetrics, type RequestMetrics } from "./metrics/request-metrics.js";
export { type MockServer, type MockServerOptions, startMockServer } from "./mock-server/start-mock-server.js";
export {
  type ClientShardReport,
  type MergeProfileShardsOptions,
  mergeProfileShards,
  type ProfileMergeOutcome,
} from "./profile/merge-profile-shards.js";
export type { ProfileOutcome } from "./profile/profile-outcome.js";
export { type ProfileDependencies, runProfile } from "./profile/run-profile.js";
export { type GateRow, gateBenchmark } from "./references/gate-benchmark.js";
export { loadReferenceFile, parseReferenceFile } from "./references/load-reference-file.js";
export { compareRuns } from "./results/compare-runs.js";
export { type ComparedResults, readComparedResults } from "./results/read-compared-results.js";
export { readRunResults } from "./results/read-run-results.js";
export { specResultFile, writeSpecResultFile } from "./results/spec-result-file.js";
export type { BenchmarkSummary } from "./results/summarize-benchmark.js";
export {
  AccuracyGateError,
  type AccuracyTask,
  type AccuracyTaskOptions,
  type AccuracyTaskResult,
  createAccuracyTask,
  type EvaluateOptions,
} from "./runner/accuracy-task.js";
export { type GateRunResult, gateRun, parseSpec, runReferenceYaml } from "./runner/gate-run.js";
export { gradeResponses, type PregeneratedResponse } from "./runner/grade-responses.js";
export { type GraderVerdicts, gradeWithGrader } from "./runner/grade-with-grader.js";
export { type MergeRunsOptions, mergeRuns } from "./runner/merge-runs.js";
export { readPregeneratedResponses } from "./runner/read-pregenerated-responses.js";
export { type RunDependencies, runBenchmarks } from "./runner/run-benchmarks.js";
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
export { isInShard, parseShard, type Shard, shardOf } from "./stats/shard.js";
export { percentile, sortSamples, summarize } from "./stats/summarize.js";
