// The library side of `llm-bench grade BENCH`: grades pre-generated responses and writes a run directory.
import { join } from "node:path";
import { selectRecipe } from "../benchmarks/select-recipe.js";
import type { BenchmarkSample, RecipeProgram } from "../benchmarks/types.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import type { RunOptionsInput } from "../config/run-options.js";
import type { ImageProgress } from "../core/image-progress.js";
import { promptTail } from "../core/prompt.js";
import type { SampleRecord } from "../core/sample-record.js";
import { writtenOptions } from "../core/written-options.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { openJournal } from "../engine/journal.js";
import { ConfigError } from "../errors.js";
import { aggregateRecordMetrics } from "../results/aggregate-record-metrics.js";
import { type BenchmarkSummary, summarizeBenchmark } from "../results/summarize-benchmark.js";
import { summaryForManifest, writeBenchmarkFiles } from "../results/write-run-results.js";
import { openSession } from "../session/open-session.js";
import { buildProgramWorkItem } from "./build-program-work-item.js";
import { skipTokenBudget } from "./fit-shots-to-token-budget.js";
import { openRunTools, withRunTools } from "./open-run-tools.js";
import { loadRunBenchmarks, type PlannedBenchmark, planBenchmark, summaryLayout } from "./plan-benchmark.js";
import { limitConfig, manifestBenchmark } from "./plan-config.js";
import { type PregeneratedResponse, pregeneratedRecord } from "./pregenerated-record.js";
import { passAtKOf } from "./repeat-samples.js";
import { createReplayBackend } from "./replay-backend.js";
import { isRecipeProgram } from "./score-answer.js";

export type { PregeneratedResponse } from "./pregenerated-record.js";

export interface GradeResponsesResult {
  runDir: string;
  summary: BenchmarkSummary;
  resultPath: string;
}

/** A single-answer benchmark's record; `responses` (a conversation's answers) is a mistake here. */
function singleAnswerRecord(
  plan: PlannedBenchmark,
  sample: BenchmarkSample,
  response: PregeneratedResponse,
): Promise<SampleRecord> {
  if (response.turns !== undefined) {
    throw new ConfigError(
      `${response.source}: field "responses": ${plan.benchmark.name} grades one answer per sample; give it as "response".`,
    );
  }
  return pregeneratedRecord(plan.benchmark.name, sample, response, plan);
}

/**
 * A multi-turn sample's record: its program runs again, each request answered with the line's next answer; every
 * answer must be used (one per turn).
 */
async function replayedRecord(
  plan: PlannedBenchmark,
  program: RecipeProgram,
  sample: BenchmarkSample,
  response: PregeneratedResponse,
): Promise<SampleRecord> {
  if (response.turns === undefined) {
    throw new ConfigError(
      `${response.source}: field "response": ${plan.benchmark.name} is multi-turn; give "responses": [the answer to turn 1, to turn 2, …].`,
    );
  }
  const backend = createReplayBackend(response.turns, response.source);
  const item = buildProgramWorkItem(plan, program, sample, { stream: false, runStartMs: 0, session: 0 });
  const record = await item.execute(backend, new AbortController().signal);
  if (record === undefined) throw new Error("a replayed conversation is never cancelled");
  if (backend.used < response.turns.length) {
    throw new ConfigError(
      `${response.source}: field "responses": ${response.turns.length} answers, but the conversation of sample "${sample.id}" has ${backend.used} turns; give one answer per turn.`,
    );
  }
  return record;
}

/**
 * How a response names its sample: by `id`, else by `prompt` (the text the sample's prompt ends with: its last user
 * message, or the completion text). A name that fits no sample, or a prompt several samples share, is a ConfigError
 * naming the line.
 */
function sampleFinder(
  plan: PlannedBenchmark,
  benchmarkName: string,
): (response: PregeneratedResponse) => BenchmarkSample {
  const byId = new Map<string, BenchmarkSample>(plan.samples.map((sample) => [sample.id, sample]));
  let byPrompt: Map<string, BenchmarkSample[]> | undefined;
  const promptIndex = (): Map<string, BenchmarkSample[]> => {
    if (byPrompt !== undefined) return byPrompt;
    byPrompt = new Map();
    for (const sample of plan.samples) {
      const text = promptTail(plan.loaded.buildPrompt(sample, plan.promptOptions));
      const group = byPrompt.get(text);
      if (group === undefined) byPrompt.set(text, [sample]);
      else group.push(sample);
    }
    return byPrompt;
  };
  return (response) => {
    if (response.id !== undefined) {
      const sample = byId.get(response.id);
      if (sample !== undefined) return sample;
      throw new ConfigError(
        `${response.source}: field "id": "${response.id}" is not a sample of ${benchmarkName}.`,
      );
    }
    const prompt = response.prompt ?? "";
    const matches = promptIndex().get(prompt) ?? [];
    const [sample] = matches;
    if (sample === undefined) {
      throw new ConfigError(
        `${response.source}: field "prompt": no sample of ${benchmarkName} has this prompt (${JSON.stringify(prompt.slice(0, 60))}…); name the sample with "id" instead.`,
      );
    }
    if (matches.length > 1) {
      throw new ConfigError(
        `${response.source}: field "prompt": ${matches.length} samples of ${benchmarkName} have this prompt (${matches
          .map((match) => match.id)
          .join(", ")}); name the sample with "id" instead.`,
      );
    }
    return sample;
  };
}

/**
 * Grades `responses` against the samples of the one benchmark named in `input.benchmarks` (same loading, task,
 * n-shots and grader options as `run`), then writes `samples.jsonl`, `<benchmark>.json`, `accuracy_results.csv`
 * and `run.json` to a new run directory. An id the benchmark does not have is a ConfigError naming its source.
 */
export async function gradeResponses(
  input: RunOptionsInput,
  responses: readonly PregeneratedResponse[],
  dependencies: {
    env?: NodeJS.ProcessEnv;
    signal?: AbortSignal;
    clock?: () => Date;
    /** Told once when model code will run without isolation (`--allow-unsafe-code`). */
    onWarning?: (message: string) => void;
    /** A container image being pulled or built (a benchmark that works in containers). */
    onImageProgress?: (progress: ImageProgress) => void;
  } = {},
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
  const env = dependencies.env ?? process.env;
  const tools = await openRunTools(
    [selectRecipe(benchmark, options.recipe, options.scoring, options.endpointType)],
    options,
    { env, onWarning: dependencies.onWarning, onImageProgress: dependencies.onImageProgress },
  );
  // The prompts recorded are the ones built here: with no server to count tokens, a budget keeps every shot.
  const planned = skipTokenBudget(
    await planBenchmark(benchmark, options, datasets),
    "grade has no server to count tokens with",
    undefined,
  );
  const plan = withRunTools(planned, tools, options.grader);
  const findSample = sampleFinder(plan, benchmark.name);
  const seen = new Set<string>();
  const graded: { sample: BenchmarkSample; response: (typeof responses)[number] }[] = [];
  for (const response of responses) {
    const sample = findSample(response);
    if (seen.has(sample.id)) {
      throw new ConfigError(
        `${response.source}: a second answer for sample "${sample.id}"; give each sample one answer.`,
      );
    }
    seen.add(sample.id);
    graded.push({ sample, response });
  }
  // Graded together: a scorer that executes code runs on the sandbox's worker pool.
  let records: SampleRecord[];
  try {
    records = await Promise.all(
      graded.map(({ sample, response }) =>
        isRecipeProgram(plan.grader)
          ? replayedRecord(plan, plan.grader, sample, response)
          : singleAnswerRecord(plan, sample, response),
      ),
    );
  } finally {
    await tools.close();
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
  const journal = openJournal(join(runDir, "samples.jsonl"), { prompts: options.journalPrompts });
  try {
    for (const record of records) journal.append(record);
  } finally {
    journal.close();
  }
  const ordered = plan.samples.flatMap((sample) => records.filter((record) => record.id === sample.id));
  const skipped = plan.loaded.skipped;
  const summary: BenchmarkSummary = {
    ...summarizeBenchmark(benchmark.name, plan.samples.length, ordered, summaryLayout(plan)),
    ...(plan.repeats === undefined ? {} : { passAtK: passAtKOf(plan.repeats, ordered) }),
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
