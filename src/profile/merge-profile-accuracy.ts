// The accuracy of a merged multi-client profile with `--accuracy-benchmark`: the benchmark planned again from the
// shards' stored options (unsharded, as `merge` plans a sharded run), the shards' journals joined — each sample once,
// from the shard that asked it — and `<benchmark>.json`, `accuracy_results.csv` and the spec's result file written
// from the joined samples exactly as one profile writes them.
import { join } from "node:path";
import { parseProfileOptions } from "../config/parse-profile-options.js";
import { type ProfileOptions, profileOptionsSchema } from "../config/profile-options.js";
import { recordKey, type SampleRecord } from "../core/sample-record.js";
import { openJournal, readJournal } from "../engine/journal.js";
import { ConfigError } from "../errors.js";
import { skipTokenBudget } from "../runner/fit-shots-to-token-budget.js";
import { planUnsharded } from "../runner/merge-runs.js";
import type { PlannedBenchmark } from "../runner/plan-benchmark.js";
import { benchmarkRunOptions } from "./create-profile-workload.js";
import type { ProfileOutcome } from "./profile-outcome.js";
import { sampleShardIndex } from "./profile-shard.js";
import type { ProfileShardDirectory } from "./read-profile-shard.js";
import { writeProfileAccuracy } from "./write-profile-accuracy.js";

export interface MergeProfileAccuracyInput {
  /** The shards, by index (0 … N−1). */
  shards: readonly ProfileShardDirectory[];
  /** The merged profile's directory (made already). */
  output: string;
  /** Where the spec's result file goes: beside the merged directory. */
  outputDir: string;
  model: string;
  /** The merged profile's start (the spec result file's timestamp). */
  startedAt: Date;
  timestamp: string;
  env: NodeJS.ProcessEnv;
}

export interface MergedProfileAccuracy {
  plan: PlannedBenchmark;
  accuracy: NonNullable<ProfileOutcome["accuracy"]>;
}

export async function mergeProfileAccuracy(input: MergeProfileAccuracyInput): Promise<MergedProfileAccuracy> {
  const [first] = input.shards;
  if (first === undefined) throw new RangeError("mergeProfileAccuracy needs the shards");
  const options = storedProfileOptions(first, input.outputDir);
  const runOptions = benchmarkRunOptions(options);
  if (runOptions === undefined)
    throw new RangeError("mergeProfileAccuracy needs an --accuracy-benchmark profile");
  const [planned] = await planUnsharded({ ...runOptions, model: input.model }, input.env, undefined);
  if (planned === undefined) throw new RangeError("an --accuracy-benchmark plans one benchmark");
  // As each shard planned it: a profile sends its prompts as planned, never counting their tokens.
  const plan = skipTokenBudget(planned, "profile does not count tokens", undefined);
  const records = joinShardJournals(input.shards, plan, options.warmup);
  const ordered = plan.samples.flatMap((sample) => {
    const record = records.get(recordKey({ benchmark: plan.benchmark.name, id: sample.id }));
    return record === undefined ? [] : [record];
  });
  // In the plan's order: the merged journal is the same whichever shard finished first.
  const journal = openJournal(join(input.output, "samples.jsonl"), { prompts: options.journalPrompts });
  try {
    for (const record of ordered) journal.append(record);
  } finally {
    journal.close();
  }
  const accuracy = writeProfileAccuracy(input.output, plan, ordered, {
    model: input.model,
    timestamp: input.timestamp,
    options,
    startedAt: input.startedAt,
  });
  return { plan, accuracy };
}

/** The shards' shared options without the shard: the unsharded profile's, writing beside the merged directory. */
function storedProfileOptions(first: ProfileShardDirectory, outputDir: string): ProfileOptions {
  const stored = profileOptionsSchema.safeParse(first.manifest.config);
  if (!stored.success) {
    throw new ConfigError(
      `merge: the options in ${join(first.directory, "run.json")} do not parse: ` +
        `${stored.error.issues[0]?.message ?? ""}`,
    );
  }
  const { shard: _shard, shards: _shards, ...rest } = stored.data;
  return parseProfileOptions({ ...rest, outputDir });
}

/**
 * Every shard's graded samples. A profile asks each planned sample once: the measured request of global index i asks
 * sample (i − warmup) of the plan, and shard i mod N sends it; a sample outside the plan, in two shards, or in a
 * shard that did not send its request is refused.
 */
function joinShardJournals(
  shards: readonly ProfileShardDirectory[],
  plan: PlannedBenchmark,
  warmup: number,
): Map<string, SampleRecord> {
  const name = plan.benchmark.name;
  const positions = new Map(plan.samples.map((sample, position) => [sample.id, position]));
  const joined = new Map<string, SampleRecord>();
  const holder = new Map<string, string>();
  for (const shard of shards) {
    const { index, count } = shard.shard;
    const { records } = readJournal(join(shard.directory, "samples.jsonl"));
    for (const [key, record] of records) {
      const position = record.benchmark === name ? positions.get(record.id) : undefined;
      if (position === undefined) {
        throw new ConfigError(
          `merge: ${shard.directory} holds sample ${record.id} of ${record.benchmark}, which the profile's plan of ` +
            `${name} does not have (was the dataset or an option changed between the shards and now?).`,
        );
      }
      const earlier = holder.get(key);
      if (earlier !== undefined) {
        throw new ConfigError(
          `merge: sample ${record.id} of ${name} is in ${earlier} and again in ${shard.directory}: a profile asks ` +
            "each sample once, so the shards overlap (was a journal copied or edited?).",
        );
      }
      const owner = sampleShardIndex(position, warmup, count);
      if (owner !== index) {
        throw new ConfigError(
          `merge: ${shard.directory} (shard ${index}/${count}) holds sample ${record.id} of ${name}, which request ` +
            `${warmup + position} asks and shard ${owner}/${count} sends (request i belongs to shard i mod ${count}).`,
        );
      }
      holder.set(key, shard.directory);
      joined.set(key, record);
    }
  }
  return joined;
}
