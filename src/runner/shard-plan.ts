// A planned benchmark cut to one shard (`run --shard I/N`): the samples whose id — the repeated sample's, for
// `--num-samples-per-task` — hashes to the shard, so a sample's repeats stay together and the partition does not
// depend on `--limit`, order or the other samples.
import { isInShard, type Shard } from "../stats/shard.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";

/** The dataset sample a planned sample id asks (`<id>#r` of `--num-samples-per-task` is `<id>`'s). */
export function problemIdOf(plan: Pick<PlannedBenchmark, "repeats">, sampleId: string): string {
  return plan.repeats?.problemOf.get(sampleId) ?? sampleId;
}

export function isPlannedSampleInShard(
  plan: Pick<PlannedBenchmark, "benchmark" | "repeats">,
  sampleId: string,
  shard: Shard,
): boolean {
  return isInShard(shard, plan.benchmark.name, problemIdOf(plan, sampleId));
}

export function shardPlan(plan: PlannedBenchmark, shard: Shard | undefined): PlannedBenchmark {
  if (shard === undefined) return plan;
  return {
    ...plan,
    samples: plan.samples.filter((sample) => isPlannedSampleInShard(plan, sample.id, shard)),
  };
}
