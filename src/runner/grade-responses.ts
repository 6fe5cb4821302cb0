// The library side of `llm-bench grade BENCH`: grades pre-generated responses and writes a run directory.
import { join } from "node:path";
import type { BenchmarkSample } from "../benchmarks/types.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import type { RunOptionsInput } from "../config/run-options.js";
import type { SampleRecord } from "../core/sample-record.js";
import { writtenOptions } from "../core/written-options.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { openJournal } from "../engine/journal.js";
import { ConfigError } from "../errors.js";
import type { Grade } from "../graders/types.js";
import { aggregateRecordMetrics } from "../results/aggregate-record-metrics.js";
import { type BenchmarkSummary, summarizeBenchmark } from "../results/summarize-benchmark.js";
import { summaryForManifest, writeBenchmarkFiles } from "../results/write-run-results.js";
import { openSession } from "../session/open-session.js";
import { skipTokenBudget } from "./fit-shots-to-token-budget.js";
import { gradeExtras } from "./grade-extras.js";
import { loadRunBenchmarks, planBenchmark } from "./plan-benchmark.js";
import { limitConfig, manifestBenchmark } from "./plan-config.js";
import { type ScoredAnswer, scoreAnswer } from "./score-answer.js";

/** One pre-generated answer: the sample id, the answer text and (optionally) its reasoning, as read from a file. */
export interface PregeneratedResponse {
  id: string;
  response: string;
  reasoning?: string;
  /** True when a `<think>` block was opened and never closed. */
  isThinkUnclosed?: boolean;
  /** Where the response came from, for error messages ("file line 3"). */
  source: string;
}

export interface GradeResponsesResult {
  runDir: string;
  summary: BenchmarkSummary;
  resultPath: string;
}

/**
 * Grades `responses` against the samples of the one benchmark named in `input.benchmarks` (same loading, task,
 * n-shots and grader options as `run`), then writes `samples.jsonl`, `<benchmark>.json`, `accuracy_results.csv`
 * and `run.json` to a new run directory. An id the benchmark does not have is a ConfigError naming its source.
 */
export async function gradeResponses(
  input: RunOptionsInput,
  responses: readonly PregeneratedResponse[],
  dependencies: { env?: NodeJS.ProcessEnv; signal?: AbortSignal; clock?: () => Date } = {},
): Promise<GradeResponsesResult> {
  const options = parseRunOptions(input);
  const [benchmark] = await loadRunBenchmarks(options);
  if (benchmark === undefined || options.benchmarks.length !== 1) {
    throw new ConfigError("grade: name exactly one benchmark.");
  }
  const datasets = createDatasetContext({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    env: dependencies.env ?? process.env,
    ...(dependencies.signal === undefined ? {} : { signal: dependencies.signal }),
  });
  // The prompts recorded are the ones built here: with no server to count tokens, a budget keeps every shot.
  const plan = skipTokenBudget(
    await planBenchmark(benchmark, options, datasets),
    "grade has no server to count tokens with",
    undefined,
  );
  const byId = new Map<string, BenchmarkSample>(plan.samples.map((sample) => [sample.id, sample]));
  const seen = new Set<string>();
  const records: SampleRecord[] = [];
  for (const response of responses) {
    const sample = byId.get(response.id);
    if (sample === undefined) {
      throw new ConfigError(
        `${response.source}: field "id": "${response.id}" is not a sample of ${benchmark.name}.`,
      );
    }
    if (seen.has(response.id))
      throw new ConfigError(`${response.source}: field "id": duplicate id "${response.id}".`);
    seen.add(response.id);
    records.push(await gradedRecord(benchmark.name, sample, response, plan));
  }
  const clock = dependencies.clock ?? (() => new Date());
  const startedAt = clock();
  const model = options.model ?? "pregenerated";
  const runConfig = writtenOptions(options);
  const session = openSession({
    command: "run",
    model,
    outputDir: options.outputDir,
    config: { ...runConfig, mode: "grade" },
    benchmarks: [manifestBenchmark(plan)],
    resumed: undefined,
    startedAt,
  });
  const { runDir } = session;
  const journal = openJournal(join(runDir, "samples.jsonl"));
  try {
    for (const record of records) journal.append(record);
  } finally {
    journal.close();
  }
  const ordered = plan.samples.flatMap((sample) => records.filter((record) => record.id === sample.id));
  const skipped = plan.loaded.skipped;
  const summary: BenchmarkSummary = {
    ...summarizeBenchmark(benchmark.name, plan.samples.length, ordered),
    ...(skipped === undefined ? {} : { skipped }),
  };
  const metrics = aggregateRecordMetrics(ordered, 0);
  const timestamp = startedAt.toISOString();
  const config = {
    mode: "grade",
    n_shots: plan.promptOptions.nShots,
    grader: plan.graderName,
    extra_graders: plan.extraGraders.map((extra) => extra.name),
    dataset: benchmark.dataset,
    data_dir: options.dataDir ?? null,
    tasks: options.tasks ?? null,
    ...limitConfig(plan),
  };
  const [resultPath = ""] = writeBenchmarkFiles(runDir, [{ summary, metrics, records: ordered, config }], {
    model,
    timestamp,
  });
  session.end({
    status: "completed",
    timestamp,
    summaries: { [benchmark.name]: summaryForManifest(summary, metrics) },
  });
  return { runDir, summary, resultPath };
}

async function gradedRecord(
  benchmark: string,
  sample: BenchmarkSample,
  response: PregeneratedResponse,
  plan: Awaited<ReturnType<typeof planBenchmark>>,
): Promise<SampleRecord> {
  const input = {
    response: response.response,
    gold: sample.gold,
    ...(sample.choices ? { choices: sample.choices } : {}),
  };
  const extraGrades = gradeExtras(plan.extraGraders, input, response.isThinkUnclosed === true);
  const prompt = plan.loaded.buildPrompt(sample, plan.promptOptions);
  const scored: ScoredAnswer =
    response.isThinkUnclosed === true
      ? {
          grade: {
            isCorrect: false,
            score: 0,
            extracted: null,
            isUnparsed: true,
            reason: "the <think> block never closed",
          },
        }
      : await scoreAnswer(plan.grader, {
          sample,
          response: response.response,
          reasoning: response.reasoning ?? "",
          finishReason: "unknown",
          prompt,
        });
  const { grade } = scored;
  return {
    benchmark,
    id: sample.id,
    task: sample.task,
    status: scored.error === undefined ? "ok" : "error",
    prompt,
    response: response.response,
    reasoning: response.reasoning ?? "",
    extracted: grade.extracted,
    gold: sample.gold,
    correct: grade.isCorrect,
    score: grade.score,
    unparsed: grade.isUnparsed,
    truncated: response.isThinkUnclosed === true,
    grade_reason: grade.reason,
    finish_reason: "unknown",
    usage: { prompt_tokens: null, completion_tokens: null },
    timings: { sent_at_ms: 0, ttfb_ms: null, ttft_ms: null, e2e_ms: 0, itl_ms: null, chunks: 0 },
    attempts: 0,
    session: 0,
    error: scored.error ?? null,
    ...(extraGrades === undefined ? {} : { extra_grades: extraGrades }),
    ...(scored.scores === undefined ? {} : { scores: scored.scores }),
  };
}
