// Which samples a shard of a run takes (`run … --shard I/N`): a sample belongs to shard
// (first 48 bits of SHA-256(benchmark NUL id)) mod N, so the partition is the same on every machine, each sample is
// in exactly one shard, and adding samples never moves the others. `--shard auto` reads the index and count from a
// Slurm job array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX,
// with the count from `--shards N`).
import { createHash } from "node:crypto";
import { ConfigError } from "../errors.js";

/** Shard `index` (0-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

const SHARD_TEXT = /^(\d+)\/(\d+)$/;

/** The shard a sample of `benchmark` with id `sampleId` belongs to, out of `count`. */
export function shardOf(benchmark: string, sampleId: string, count: number): number {
  const digest = createHash("sha256").update(`${benchmark}\u0000${sampleId}`).digest();
  // 48 bits: exact in a double, so the modulo is exact too.
  return digest.readUIntBE(0, 6) % count;
}

export function isInShard(shard: Shard, benchmark: string, sampleId: string): boolean {
  return shardOf(benchmark, sampleId, shard.count) === shard.index;
}

function checkedShard(index: number, count: number, source: string): Shard {
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new ConfigError(`${source}: the shard count must be a whole number ≥ 1, got ${count}.`);
  }
  if (!Number.isSafeInteger(index) || index < 0 || index >= count) {
    throw new ConfigError(
      `${source}: the shard index must be a whole number from 0 to ${count - 1} (0-based), got ${index}.`,
    );
  }
  return { index, count };
}

function envInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text.trim() === "") return undefined;
  if (!/^\d+$/.test(text.trim())) {
    throw new ConfigError(`--shard auto: ${name} is "${text}", not a whole number.`);
  }
  return Number(text.trim());
}

/**
 * `--shard I/N` (0-based: `0/4` … `3/4`), or `auto`: SLURM_ARRAY_TASK_ID (from SLURM_ARRAY_TASK_MIN) of
 * SLURM_ARRAY_TASK_COUNT — or the task id itself of `--shards N` when given —, else JOB_COMPLETION_INDEX of
 * `--shards N` (a Kubernetes Indexed Job).
 */
export function parseShard(text: string, env: NodeJS.ProcessEnv, shards?: number): Shard {
  const match = SHARD_TEXT.exec(text.trim());
  if (match !== null) return checkedShard(Number(match[1]), Number(match[2]), `--shard ${text}`);
  if (text.trim() !== "auto") {
    throw new ConfigError(`--shard: expected I/N (0-based, e.g. 0/4) or auto, got "${text}".`);
  }
  const slurmIndex = envInteger(env, "SLURM_ARRAY_TASK_ID");
  if (slurmIndex !== undefined) {
    // With --shards N the array's task ids are the shard indices (`--array=0-(N-1)`, or a task re-submitted alone
    // with `--array=2`, whose array then counts 1 task from 2).
    if (shards !== undefined)
      return checkedShard(slurmIndex, shards, "--shard auto --shards (Slurm job array)");
    const slurmCount = envInteger(env, "SLURM_ARRAY_TASK_COUNT");
    if (slurmCount === undefined) {
      throw new ConfigError(
        "--shard auto: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT; give the count with --shards N.",
      );
    }
    const minimum = envInteger(env, "SLURM_ARRAY_TASK_MIN") ?? 0;
    if (slurmCount === 1 && slurmIndex > 0) {
      throw new ConfigError(
        `--shard auto: this job array has one task, ${slurmIndex} (a task submitted again alone?), so it cannot say ` +
          "how many shards there are; give the count with --shards N.",
      );
    }
    return checkedShard(slurmIndex - minimum, slurmCount, "--shard auto (Slurm job array)");
  }
  const jobIndex = envInteger(env, "JOB_COMPLETION_INDEX");
  if (jobIndex !== undefined) {
    if (shards === undefined) {
      throw new ConfigError(
        "--shard auto in a Kubernetes Indexed Job needs the count: add --shards N (its completions).",
      );
    }
    return checkedShard(jobIndex, shards, "--shard auto (Kubernetes Indexed Job)");
  }
  throw new ConfigError(
    "--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed " +
      "Job) is set; give the shard as I/N.",
  );
}

/** A shard as `--shard` spells it: `2/4`. */
export function formatShard(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/**
 * The shard of `--shard` and `--shards` (undefined: every sample). `--shards` alone is refused (it only counts the
 * shards of `--shard auto`), as is a `--shards` that disagrees with an explicit `I/N`.
 */
export function resolveShardOptions(
  options: { shard?: string | undefined; shards?: number | undefined },
  env: NodeJS.ProcessEnv,
): Shard | undefined {
  if (options.shard === undefined) {
    if (options.shards !== undefined) {
      throw new ConfigError(
        `--shards ${options.shards} counts the shards of --shard auto: add --shard auto (or give --shard I/${options.shards}).`,
      );
    }
    return undefined;
  }
  const shard = parseShard(options.shard, env, options.shards);
  if (options.shards !== undefined && options.shards !== shard.count) {
    throw new ConfigError(
      `--shard ${options.shard} is shard ${formatShard(shard)}, but --shards says ${options.shards}; give one count.`,
    );
  }
  return shard;
}
