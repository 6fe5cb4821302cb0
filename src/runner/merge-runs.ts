// `llm-bench merge`: joins the run directories of one sharded run (`run --shard I/N`) into one run directory that
// reads as the unsharded run's — the same samples once each, and every figure recomputed from them as `run` computes
// it (the benchmarks are planned again from the shards' configuration, unsharded, so sample order, tasks and
// repeats are the run's own). It refuses shards of different runs, missing or duplicated shards and overlapping
// samples. The merged directory resumes (`run --resume`) like any run: what a shard left undone is asked then.
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { parseRunOptions } from "../config/parse-run-options.js";
import { RESUMABLE_OPTION_KEYS, type RunOptions, runOptionsSchema } from "../config/run-options.js";
import { buildDirectoryAtomic } from "../core/build-directory-atomic.js";
import type { RunReporter } from "../core/run-reporter.js";
import { recordKey, type SampleRecord } from "../core/sample-record.js";
import { writtenOptions } from "../core/written-options.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { openJournal, readJournal } from "../engine/journal.js";
import { ConfigError, toError } from "../errors.js";
import { type RunManifest, readRunManifest, type SessionEntry } from "../results/run-manifest.js";
import { writeRunManifest } from "../results/write-run-results.js";
import { formatShard, parseShard, type Shard, shardOf } from "../stats/shard.js";
import { resolveRunTokenizer } from "../tokenizers/resolve-run-tokenizer.js";
import { createRunTokenizer } from "../tokenizers/run-tokenizer.js";
import { loadRunBenchmarks, type PlannedBenchmark, planBenchmark } from "./plan-benchmark.js";
import { manifestBenchmark } from "./plan-config.js";
import type { RunOutcome } from "./run-outcome.js";
import { isPlannedSampleInShard, problemIdOf } from "./shard-plan.js";
import { type RunResults, runOutcomeOf, sessionStartsMs, writeRunResults } from "./write-run-outcome.js";

export interface MergeRunsOptions {
  /** The shards' run directories, in any order. */
  directories: readonly string[];
  /** The merged run directory (made; it must not hold a run already). */
  output: string;
  env?: NodeJS.ProcessEnv;
  clock?: () => Date;
  reporter?: Pick<RunReporter<RunOutcome>, "onDatasetProgress" | "onWarning">;
}

/** One shard's run directory as read. */
interface ShardRun {
  dir: string;
  manifest: RunManifest;
  shard: Shard;
}

/** Options that may differ between shards: where and how each sent (as between a run and its resume). */
const SHARD_FREE_KEYS = new Set<string>([...RESUMABLE_OPTION_KEYS, "shard", "shards"]);

export async function mergeRuns(input: MergeRunsOptions): Promise<RunOutcome> {
  const env = input.env ?? process.env;
  const clock = input.clock ?? (() => new Date());
  const shards = orderedShardSet(input.directories.map(readShardRun));
  checkSameRun(shards);
  checkMergeOutput(input.output, input.directories);
  const output = resolve(input.output);

  const first = shards[0] as ShardRun;
  const options = unshardedOptions(first, dirname(output));
  const plans = await planUnsharded(options, env, input.reporter);
  const records = joinJournals(shards, plans);

  // Built in a staging directory and renamed into place: a merge killed part way leaves no half output.
  const results = await buildDirectoryAtomic(output, (staging) =>
    writeMerged(staging, { shards, plans, records, options, outputDir: dirname(output), clock }),
  );
  return runOutcomeOf(
    {
      ...results,
      benchmarks: results.benchmarks.map((entry) => ({
        ...entry,
        resultPath: join(output, basename(entry.resultPath)),
      })),
    },
    { runDir: output, model: options.model, status: results.status, records, requested: 0 },
  );
}

/** Writes the merged run's journal, result files and run.json into `directory`. */
function writeMerged(
  directory: string,
  input: {
    shards: readonly ShardRun[];
    plans: readonly PlannedBenchmark[];
    records: ReadonlyMap<string, SampleRecord>;
    options: RunOptions & { model: string };
    outputDir: string;
    clock: () => Date;
  },
): RunResults {
  const { shards, plans, records, options, clock } = input;
  const first = shards[0] as ShardRun;
  const journal = openJournal(join(directory, "samples.jsonl"), { prompts: options.journalPrompts });
  try {
    // In the plan's order: the merged journal is the same whichever shard finished first.
    for (const plan of plans) {
      for (const sample of plan.samples) {
        const record = records.get(recordKey({ benchmark: plan.benchmark.name, id: sample.id }));
        if (record !== undefined) journal.append(record);
      }
    }
  } finally {
    journal.close();
  }

  const sessions = mergedSessions(shards);
  const createdAt = new Date(Math.min(...shards.map((entry) => Date.parse(entry.manifest.created_at))));
  const timestamp = clock().toISOString();
  const results = writeRunResults({
    runDir: directory,
    outputDir: input.outputDir,
    options,
    plans,
    records,
    createdAt,
    timestamp,
    sessionStartsMs: sessionStartsMs(sessions),
  });
  const manifest: RunManifest = {
    tool: first.manifest.tool,
    command: "run",
    status: results.status,
    created_at: createdAt.toISOString(),
    updated_at: timestamp,
    model: options.model,
    config: { ...writtenOptions(options), model: options.model },
    benchmarks: plans.map((plan) => manifestBenchmark(withShardsShotBudget(plan, shards))),
    sessions,
    summaries: results.summaries,
    ...(first.manifest.tokenizer === undefined ? {} : { tokenizer: first.manifest.tokenizer }),
    merged_from: shards.map((entry) => ({ shard: formatShard(entry.shard), run_dir: resolve(entry.dir) })),
  };
  writeRunManifest(directory, manifest);
  return results;
}

function readShardRun(dir: string): ShardRun {
  const path = join(dir, "run.json");
  if (!existsSync(path)) {
    throw new ConfigError(
      `merge: ${dir} has no run.json; name the run directories the shards wrote (\`run --shard I/N\`).`,
    );
  }
  const manifest = readRunManifest(path);
  if (manifest.command !== "run") {
    throw new ConfigError(`merge: ${dir} holds a ${manifest.command}, not a run; merge runs with runs.`);
  }
  const text = manifest.config["shard"];
  if (typeof text !== "string") {
    throw new ConfigError(
      `merge: ${dir} is not a shard (its run.json has no shard): merge joins the directories of \`run --shard I/N\`.`,
    );
  }
  if (manifest.status === "running") {
    throw new ConfigError(
      `merge: shard ${text} (${dir}) is still running, or its process died: wait for it, or finish it with ` +
        `\`llm-bench run --resume ${dir}\`.`,
    );
  }
  return { dir, manifest, shard: parseShard(text, {}) };
}

/** The shards by index, each of 0 … N−1 exactly once. */
function orderedShardSet(shards: ShardRun[]): ShardRun[] {
  const first = shards[0];
  if (first === undefined) {
    throw new ConfigError("merge: name the shards' run directories (e.g. results/shard-*/*).");
  }
  const { count } = first.shard;
  const byIndex = new Map<number, ShardRun>();
  for (const entry of shards) {
    if (entry.shard.count !== count) {
      throw new ConfigError(
        `merge: ${first.dir} is shard ${formatShard(first.shard)} but ${entry.dir} is shard ` +
          `${formatShard(entry.shard)}: the shards of one run share their count.`,
      );
    }
    const earlier = byIndex.get(entry.shard.index);
    if (earlier !== undefined) {
      throw new ConfigError(
        `merge: shard ${formatShard(entry.shard)} is given twice (${earlier.dir} and ${entry.dir}); name each shard once.`,
      );
    }
    byIndex.set(entry.shard.index, entry);
  }
  const missing = Array.from({ length: count }, (_, index) => index).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    throw new ConfigError(
      `merge: shard${missing.length === 1 ? "" : "s"} ${missing.map((index) => `${index}/${count}`).join(", ")} ` +
        `missing: a merged run needs all ${count} shards.`,
    );
  }
  return [...byIndex.keys()].sort((a, b) => a - b).map((index) => byIndex.get(index) as ShardRun);
}

/** The shards asked the same thing of the same model with the same tool: only where and how they sent differs. */
function checkSameRun(shards: readonly ShardRun[]): void {
  const first = shards[0] as ShardRun;
  for (const entry of shards.slice(1)) {
    const differences: string[] = [];
    if (entry.manifest.model !== first.manifest.model) {
      differences.push(
        `model ${JSON.stringify(first.manifest.model)} vs ${JSON.stringify(entry.manifest.model)}`,
      );
    }
    if (entry.manifest.tool.version !== first.manifest.tool.version) {
      differences.push(`llm-bench ${first.manifest.tool.version} vs ${entry.manifest.tool.version}`);
    }
    const keys = new Set([...Object.keys(first.manifest.config), ...Object.keys(entry.manifest.config)]);
    for (const key of [...keys].sort()) {
      if (SHARD_FREE_KEYS.has(key) || key === "model") continue;
      const a = JSON.stringify(first.manifest.config[key]);
      const b = JSON.stringify(entry.manifest.config[key]);
      if (a !== b) differences.push(`${key} ${a ?? "not given"} vs ${b ?? "not given"}`);
    }
    if (differences.length > 0) {
      throw new ConfigError(
        `merge: ${first.dir} and ${entry.dir} are not shards of one run (${differences.join("; ")}).`,
      );
    }
  }
}

/**
 * `merge --output`: a new directory, or an empty one — not one of the shards, not a run already (a run's or a
 * profile's merge).
 */
export function checkMergeOutput(output: string, directories: readonly string[]): void {
  const target = resolve(output);
  if (directories.some((directory) => resolve(directory) === target)) {
    throw new ConfigError(`merge: --output ${output} is one of the shards; name a new directory.`);
  }
  if (!existsSync(target)) return;
  if (existsSync(join(target, "run.json"))) {
    throw new ConfigError(
      `merge: ${output} already holds a run (run.json); name a new --output directory or remove it.`,
    );
  }
  let entries: string[];
  try {
    entries = readdirSync(target);
  } catch (error) {
    throw new ConfigError(`merge: --output ${output} is not a directory (${toError(error).message}).`);
  }
  if (entries.length > 0) {
    throw new ConfigError(`merge: --output ${output} exists and is not empty; name a new directory.`);
  }
}

/** The shards' options without the shard: the unsharded run's, writing beside the merged directory. */
function unshardedOptions(first: ShardRun, outputDir: string): RunOptions & { model: string } {
  const stored = runOptionsSchema.safeParse(first.manifest.config);
  if (!stored.success) {
    throw new ConfigError(
      `merge: the options in ${join(first.dir, "run.json")} do not parse: ${stored.error.issues[0]?.message ?? ""}`,
    );
  }
  const { shard: _shard, shards: _shards, ...rest } = stored.data;
  const options = parseRunOptions({ ...rest, outputDir, resume: undefined });
  return { ...options, model: first.manifest.model };
}

/**
 * The benchmarks as the unsharded run plans them (their data read again, from the cache when it is there); also
 * what `mergeProfileShards` plans a sharded profile's `--accuracy-benchmark` with.
 */
export async function planUnsharded(
  options: RunOptions & { model: string },
  env: NodeJS.ProcessEnv,
  reporter: MergeRunsOptions["reporter"],
): Promise<PlannedBenchmark[]> {
  const benchmarks = await loadRunBenchmarks(options);
  const datasets = createDatasetContext({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    env,
    ...(reporter?.onDatasetProgress === undefined
      ? {}
      : { onProgress: (progress) => reporter.onDatasetProgress?.(progress) }),
  });
  // A benchmark that cuts prompts to a token count plans with the run's tokenizer: named, or from the Hub.
  const tokenizer = createRunTokenizer(() =>
    resolveRunTokenizer({
      spec: options.tokenizer,
      model: options.model,
      backend: undefined,
      baseUrl: undefined,
      env,
    }),
  );
  try {
    const plans: PlannedBenchmark[] = [];
    for (const benchmark of benchmarks) {
      plans.push(await planBenchmark(benchmark, options, datasets, tokenizer.get));
    }
    return plans;
  } catch (error) {
    throw new ConfigError(
      `merge: cannot plan the run again to check and summarize its samples: ${toError(error).message}`,
      { cause: error },
    );
  } finally {
    await tokenizer.close();
  }
}

/**
 * Every shard's journal, each record renumbered into the merged run's sessions; refuses a sample outside the plan
 * and one in a shard it does not hash to (so no sample can be in two shards).
 */
function joinJournals(
  shards: readonly ShardRun[],
  plans: readonly PlannedBenchmark[],
): Map<string, SampleRecord> {
  const planByBenchmark = new Map(plans.map((plan) => [plan.benchmark.name, plan]));
  const planned = new Set(
    plans.flatMap((plan) =>
      plan.samples.map((sample) => recordKey({ benchmark: plan.benchmark.name, id: sample.id })),
    ),
  );
  const joined = new Map<string, SampleRecord>();
  let sessionOffset = 0;
  for (const entry of shards) {
    const { records } = readJournal(join(entry.dir, "samples.jsonl"));
    for (const [key, record] of records) {
      const plan = planByBenchmark.get(record.benchmark);
      if (plan === undefined || !planned.has(key)) {
        throw new ConfigError(
          `merge: ${entry.dir} holds sample ${record.id} of ${record.benchmark}, which the run's plan does not ` +
            "have (was the dataset changed between the shards and now?).",
        );
      }
      // Each sample hashes to one shard: a record in another shard's journal means the shards overlap.
      if (!isPlannedSampleInShard(plan, record.id, entry.shard)) {
        const owner = {
          index: shardOf(plan.benchmark.name, problemIdOf(plan, record.id), entry.shard.count),
          count: entry.shard.count,
        };
        throw new ConfigError(
          `merge: ${entry.dir} holds sample ${record.id} of ${record.benchmark}, which belongs to shard ` +
            `${formatShard(owner)}, not ${formatShard(entry.shard)}: the shards overlap (was the journal copied ` +
            "or edited?).",
        );
      }
      joined.set(key, { ...record, session: sessionOffset + record.session });
    }
    sessionOffset += entry.manifest.sessions.length;
  }
  return joined;
}

/** The shards' sessions one after another (shard 0's first), each saying which shard it was. */
function mergedSessions(shards: readonly ShardRun[]): SessionEntry[] {
  return shards.flatMap((entry) =>
    entry.manifest.sessions.map((session) => ({ ...session, shard: formatShard(entry.shard) })),
  );
}

/**
 * A prompt token budget (`shot_budget`) was applied by each shard to its own samples, with the server's tokenizer:
 * the merged record adds their counts up rather than asking a server again.
 */
function withShardsShotBudget(plan: PlannedBenchmark, shards: readonly ShardRun[]): PlannedBenchmark {
  const budgets = shards.flatMap((entry) =>
    entry.manifest.benchmarks.filter(
      (each) => each.name === plan.benchmark.name && each.shot_budget !== undefined,
    ),
  );
  const [first] = budgets;
  if (first?.shot_budget === undefined) return plan;
  return {
    ...plan,
    shotBudget: {
      max_prompt_tokens: first.shot_budget.max_prompt_tokens,
      is_applied: first.shot_budget.is_applied,
      ...(first.shot_budget.reason === undefined ? {} : { reason: first.shot_budget.reason }),
      samples_with_fewer_shots: budgets.reduce(
        (sum, each) => sum + (each.shot_budget?.samples_with_fewer_shots ?? 0),
        0,
      ),
    },
  };
}
