// The library entry point of `llm-bench run`: plan, request, grade, journal and write the run directory.

import { join } from "node:path";
import { selectRecipe } from "../benchmarks/select-recipe.js";
import type { Benchmark } from "../benchmarks/types.js";
import { normalizeBenchmarkReference } from "../byob/resolve-benchmarks.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import {
  RESUMABLE_OPTION_KEYS,
  type RunOptions,
  type RunOptionsInput,
  runOptionsSchema,
} from "../config/run-options.js";
import type { Backend } from "../core/generation.js";
import { redactReplicaUrls } from "../core/replica-urls.js";
import type { RunReporter } from "../core/run-reporter.js";
import { recordKey, type SampleRecord } from "../core/sample-record.js";
import { writtenOptions } from "../core/written-options.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { carryEarlierAttempts } from "../engine/carry-earlier-attempts.js";
import type { ServerGone } from "../engine/consecutive-failures.js";
import { type JournalWriter, openJournal } from "../engine/journal.js";
import { type EngineWorkItem, runEngine } from "../engine/run-engine.js";
import type { RunStatus } from "../results/run-manifest.js";
import { type OpenSessionOptions, openSession, type Session } from "../session/open-session.js";
import { type ResumedRun, type ResumeRules, resolveResume } from "../session/resolve-resume.js";
import { withConnection } from "../session/with-connection.js";
import { withResumeNext } from "../session/with-resume-next.js";
import { formatShard, parseShard, resolveShardOptions } from "../stats/shard.js";
import { resolveRunTokenizer } from "../tokenizers/resolve-run-tokenizer.js";
import { createRunTokenizer, type RunTokenizer } from "../tokenizers/run-tokenizer.js";
import { buildLoglikelihoodWorkItem } from "./build-loglikelihood-work-item.js";
import { buildProgramWorkItem } from "./build-program-work-item.js";
import { buildWorkItem } from "./build-work-item.js";
import { checkLoglikelihoodBenchmarks, checkLoglikelihoodRun } from "./check-loglikelihood-support.js";
import { chooseRunBackend, createRunBackend } from "./choose-run-backend.js";
import { fitShotsToTokenBudget } from "./fit-shots-to-token-budget.js";
import { openRunTools, type RunTools, withRunTools } from "./open-run-tools.js";
import { loadRunBenchmarks, type PlannedBenchmark, planBenchmark } from "./plan-benchmark.js";
import { manifestBenchmark } from "./plan-config.js";
import { buildGivenResponseWorkItem } from "./pregenerated-record.js";
import type { RunOutcome } from "./run-outcome.js";
import { isRecipeProgram } from "./score-answer.js";
import { startPrometheusScrape } from "./scrape-prometheus.js";
import { shardPlan } from "./shard-plan.js";
import { checkUserModelOptions, openUserModelBackend } from "./user-model-backend.js";
import { runOutcomeOf, sessionStartsMs, writeRunResults } from "./write-run-outcome.js";

export interface RunDependencies {
  /** A backend to use instead of the OpenAI-compatible HTTP client built from the options. */
  backend?: Backend;
  signal?: AbortSignal;
  reporter?: RunReporter<RunOutcome>;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  clock?: () => Date;
}

export async function runBenchmarks(
  input: RunOptionsInput,
  dependencies: RunDependencies = {},
): Promise<RunOutcome> {
  const { reporter } = dependencies;
  const env = dependencies.env ?? process.env;
  const given: RunOptionsInput = {
    ...input,
    // Definition files by absolute path, so that run.json resumes from any directory.
    ...(input.benchmarks === undefined
      ? {}
      : { benchmarks: input.benchmarks.map((each) => normalizeBenchmarkReference(each)) }),
    apiKey: input.apiKey ?? env["OPENAI_API_KEY"],
  };
  const explicit = dependencies.backend === undefined ? chooseRunBackend(given) : given;
  const { options: resolved, resumed } = resolveResume(explicit, RUN_RESUME_RULES);
  const shard = resolveShardOptions(resolved, env);
  // run.json keeps the shard resolved (`--shard auto` → `2/4`), so a resume asks the same samples anywhere.
  const options = shard === undefined ? resolved : { ...resolved, shard: formatShard(shard) };
  const benchmarks = await loadRunBenchmarks(options);
  await checkLoglikelihoodBenchmarks(options, benchmarks);
  checkUserModelOptions(
    options,
    benchmarks.map((benchmark) =>
      selectRecipe(benchmark, options.recipe, options.scoring, options.endpointType),
    ),
  );
  // Before the server or the Hub is asked anything: a run that executes model code needs its sandbox, one whose
  // samples work in containers the container engine.
  const tools = await openRunTools(
    benchmarks.map((benchmark) =>
      selectRecipe(benchmark, options.recipe, options.scoring, options.endpointType),
    ),
    options,
    {
      env,
      onWarning: reporter?.onWarning?.bind(reporter),
      onImageProgress: reporter?.onImageProgress?.bind(reporter),
    },
  );
  try {
    return await runWithTools(options, resumed, benchmarks, dependencies, {
      env,
      tools,
      model: input.model,
    });
  } finally {
    await tools.close();
  }
}

async function runWithTools(
  options: RunOptions,
  resumed: ResumedRun | undefined,
  benchmarks: readonly Benchmark[],
  dependencies: RunDependencies,
  opened: { env: NodeJS.ProcessEnv; tools: RunTools; model: string | undefined },
): Promise<RunOutcome> {
  const { reporter, signal } = dependencies;
  const { env, tools } = opened;
  const backendExtras = { env, onDownloadProgress: reporter?.onDatasetProgress?.bind(reporter) };
  const context = {
    now: dependencies.now ?? (() => performance.now()),
    clock: dependencies.clock ?? (() => new Date()),
    env,
    reporter,
    signal,
    tools,
  };
  // Eval-only benchmarks carry their answers: no server is asked anything, not even its model list.
  if (dependencies.backend === undefined && benchmarks.every((benchmark) => benchmark.isEvalOnly === true)) {
    // The model a user named (results are labelled with it), not one the backend choice filled in.
    const model = opened.model ?? resumed?.manifest.model ?? "pregenerated";
    return runResolved({ ...options, model }, benchmarks, NO_SERVER, resumed, context);
  }
  return withConnection(
    {
      injected: dependencies.backend,
      createListing: () => createRunBackend(options, options.model ?? "", backendExtras),
      requested: options.model,
      baseUrl: options.baseUrl,
      signal,
      onWarning: reporter?.onWarning?.bind(reporter),
    },
    async (connection) => {
      const { model } = connection;
      // The listing client was built before the model was known; requests need one that names it.
      const backend =
        options.backend === "local" || model === options.model
          ? connection.listing
          : connection.sendingBackend(() => createRunBackend(options, model, backendExtras));
      return runResolved({ ...options, model }, benchmarks, backend, resumed, context);
    },
  );
}

/** The backend of a run whose every benchmark is eval-only: its work items never call it. */
const NO_SERVER: Backend = {
  name: "none (eval-only)",
  generate: () => Promise.reject(new Error("an eval-only run sends no request")),
  listModels: () => Promise.resolve([]),
  close: () => Promise.resolve(),
};

const RUN_RESUME_RULES: ResumeRules<RunOptionsInput, RunOptions> = {
  command: "run",
  parse: parseRunOptions,
  storedSchema: runOptionsSchema,
  resumableKeys: RESUMABLE_OPTION_KEYS,
};

interface Context {
  now: () => number;
  clock: () => Date;
  env: NodeJS.ProcessEnv;
  reporter: RunReporter<RunOutcome> | undefined;
  signal: AbortSignal | undefined;
  /** The sandbox and container engine, open when a recipe of the run needs them (see `openRunTools`). */
  tools: RunTools;
}

async function runResolved(
  options: RunOptions & { model: string },
  benchmarks: readonly Benchmark[],
  backend: Backend,
  resumed: ResumedRun | undefined,
  context: Context,
): Promise<RunOutcome> {
  // Resolved when a benchmark first asks for it, at most once; closed with the run.
  const tokenizer = createRunTokenizer(() =>
    resolveRunTokenizer({
      spec: options.tokenizer,
      model: options.model,
      backend: backend === NO_SERVER ? undefined : backend,
      baseUrl: options.backend === "local" ? undefined : redactReplicaUrls(options.baseUrl),
      env: context.env,
      signal: context.signal,
    }),
  );
  try {
    return await runWithTokenizer(options, benchmarks, backend, resumed, { ...context, tokenizer });
  } finally {
    await tokenizer.close();
  }
}

async function runWithTokenizer(
  options: RunOptions & { model: string },
  benchmarks: readonly Benchmark[],
  backend: Backend,
  resumed: ResumedRun | undefined,
  context: Context & { tokenizer: RunTokenizer },
): Promise<RunOutcome> {
  const { reporter, signal } = context;
  const datasets = createDatasetContext({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    env: context.env,
    ...(signal === undefined ? {} : { signal }),
    ...(reporter?.onDatasetProgress === undefined
      ? {}
      : { onProgress: (p) => reporter.onDatasetProgress?.(p) }),
  });
  const { model } = options;
  const plans: PlannedBenchmark[] = [];
  for (const benchmark of benchmarks) {
    const planned = shardPlan(
      await planBenchmark(benchmark, options, datasets, context.tokenizer.get),
      options.shard === undefined ? undefined : parseShard(options.shard, context.env),
    );
    const plan = withRunTools(planned, context.tools, options.grader);
    plans.push(
      await fitShotsToTokenBudget(plan, backend, { signal, onWarning: reporter?.onWarning?.bind(reporter) }),
    );
  }
  checkLoglikelihoodRun(plans, backend);

  const config = writtenOptions(options);
  const session = openRunSession(
    {
      command: "run",
      model,
      outputDir: options.outputDir,
      config,
      benchmarks: plans.map(manifestBenchmark),
      resumed,
      startedAt: context.clock(),
      tokenizer: context.tokenizer.record(),
    },
    resumed,
  );
  const { runDir, previous } = session;

  const runStartMs = context.now();
  const pending = (plan: PlannedBenchmark) =>
    plan.samples.filter(
      (sample) => previous.get(recordKey({ benchmark: plan.benchmark.name, id: sample.id }))?.status !== "ok",
    );
  const toRequest = plans.reduce((sum, plan) => sum + pending(plan).length, 0);
  const total = plans.reduce((sum, plan) => sum + plan.samples.length, 0);
  reporter?.onRunStart?.({
    runDir,
    model,
    benchmarks: plans.map((plan) => ({ name: plan.benchmark.name, samples: plan.samples.length })),
    toRequest,
    alreadyDone: total - toRequest,
  });

  // A simulated user on a model or server of its own (`--user-model`, `--user-base-url`), closed with the run.
  const userBackend = plans.some((plan) => plan.userParams !== undefined)
    ? await openUserModelBackend(options, model, { signal, onWarning: reporter?.onWarning?.bind(reporter) })
    : undefined;
  const workItems: EngineWorkItem[] = plans.flatMap((plan) =>
    pending(plan).map((sample) =>
      plan.loaded.givenResponse !== undefined
        ? buildGivenResponseWorkItem(plan, sample, { session: session.index })
        : plan.scoring === "loglikelihood"
          ? buildLoglikelihoodWorkItem(plan, sample, {
              runStartMs,
              session: session.index,
              maxRetries: options.maxRetries,
              now: context.now,
            })
          : isRecipeProgram(plan.grader)
            ? buildProgramWorkItem(plan, plan.grader, sample, {
                stream: options.stream,
                runStartMs,
                session: session.index,
                maxRetries: options.maxRetries,
                ...(context.now === undefined ? {} : { now: context.now }),
                ...(userBackend === undefined || plan.userParams === undefined ? {} : { userBackend }),
              })
            : buildWorkItem(plan, sample, { stream: options.stream, runStartMs, session: session.index }),
    ),
  );
  const scrape = await startPrometheusScrape(options, {
    signal,
    onWarning: reporter?.onWarning?.bind(reporter),
  });
  let journal: JournalWriter;
  try {
    journal = carryEarlierAttempts(
      openJournal(join(runDir, "samples.jsonl"), {
        prompts: options.journalPrompts,
        onWarning: reporter?.onWarning?.bind(reporter),
      }),
      previous,
    );
  } catch (error) {
    session.endQuietly({ status: "failed", timestamp: context.clock().toISOString() });
    await userBackend?.close();
    await scrape?.stop();
    throw withResumeNext(error, "run", runDir);
  }
  let engineRecords: SampleRecord[];
  let isInterrupted: boolean;
  let serverGone: ServerGone | undefined;
  try {
    ({
      records: engineRecords,
      isInterrupted,
      serverGone,
    } = await runEngine(workItems, {
      backend,
      concurrency: options.concurrency,
      journal,
      graceMs: options.graceMs,
      maxConsecutiveFailures: options.maxConsecutiveFailures,
      ...(signal === undefined ? {} : { signal }),
      ...(reporter?.onSampleEnd === undefined
        ? {}
        : { onSampleEnd: (record) => reporter.onSampleEnd?.(record) }),
    }));
  } catch (error) {
    // A fatal error (e.g. a server without prompt logprobs, a full disk): the journal keeps what finished; resume
    // later.
    session.endQuietly({ status: "failed", timestamp: context.clock().toISOString() });
    await scrape?.stop();
    throw withResumeNext(error, "run", runDir);
  } finally {
    journal.close();
    await userBackend?.close();
  }

  const scraped = await scrape?.stop();
  const all = new Map(previous);
  for (const record of engineRecords) all.set(recordKey(record), record);
  const timestamp = context.clock().toISOString();
  // Written atomically: a failure (a full disk) leaves each file as it was; a resume writes them all again.
  let results: ReturnType<typeof writeRunResults>;
  let status: RunStatus;
  try {
    results = writeRunResults({
      runDir,
      outputDir: options.outputDir,
      options,
      plans,
      records: all,
      createdAt: session.createdAt,
      timestamp,
      sessionStartsMs: sessionStartsMs([
        ...session.earlierSessions,
        { started_at: session.startedAt.toISOString() },
      ]),
      scraped,
    });
    status = results.status === "completed" ? "completed" : isInterrupted ? "interrupted" : "incomplete";
    session.end({ status, timestamp, tokenizer: context.tokenizer.record(), summaries: results.summaries });
  } catch (error) {
    throw withResumeNext(error, "run", runDir);
  }
  const outcome = runOutcomeOf(results, {
    runDir,
    model,
    status,
    records: all,
    requested: engineRecords.length,
    serverGone,
    ...(options.backend === "local" ? {} : { serverUrl: redactReplicaUrls(options.baseUrl) }),
    maxRetries: options.maxRetries,
  });
  reporter?.onRunEnd?.(outcome);
  return outcome;
}

/** `openSession`; a resumed run whose run.json cannot be written (a read-only or full disk) says how to go on. */
function openRunSession(options: OpenSessionOptions, resumed: ResumedRun | undefined): Session {
  try {
    return openSession(options);
  } catch (error) {
    throw resumed === undefined ? error : withResumeNext(error, "run", resumed.runDir);
  }
}
