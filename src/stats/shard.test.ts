// The shard partition: every sample in exactly one shard, the same on any machine, unmoved by added samples,
// about even; `--shard` parsed from text, a Slurm array's or an Indexed Job's environment, bad input refused.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { isInShard, parseShard, resolveShardOptions, shardOf } from "./shard.js";

const ids = Array.from({ length: 4000 }, (_, index) => `task_${index % 17}/${index}`);

describe("shardOf", () => {
  it("puts each sample in exactly one of N shards, about evenly", () => {
    for (const count of [1, 2, 3, 8]) {
      const sizes = new Array<number>(count).fill(0);
      for (const id of ids) {
        const holders = Array.from({ length: count }, (_, index) => index).filter((index) =>
          isInShard({ index, count }, "gsm8k", id),
        );
        expect(holders).toHaveLength(1);
        sizes[holders[0] ?? 0] = (sizes[holders[0] ?? 0] ?? 0) + 1;
      }
      // Binomial spread: within 5 standard deviations of an even share.
      const even = ids.length / count;
      const sd = Math.sqrt(ids.length * (1 / count) * (1 - 1 / count));
      for (const size of sizes) expect(Math.abs(size - even)).toBeLessThanOrEqual(5 * sd + 1e-9);
    }
  });

  it("depends on the benchmark and the id only: a sample keeps its shard when others are added", () => {
    const before = ids.slice(0, 1000).map((id) => shardOf("mmlu", id, 4));
    const after = ids.map((id) => shardOf("mmlu", id, 4)).slice(0, 1000);
    expect(after).toEqual(before);
    // The same id of another benchmark is placed on its own.
    const moved = ids.filter((id) => shardOf("mmlu", id, 4) !== shardOf("gsm8k", id, 4)).length;
    expect(moved).toBeGreaterThan(ids.length / 2);
  });

  it("is SHA-256's first 48 bits modulo N (the same number on any machine)", () => {
    // sha256("gsm8k\0test/0") starts with these six bytes (computed by Python's hashlib, not by this code).
    expect(shardOf("gsm8k", "test/0", 1_000_003)).toBe(0x53c21c7bdd49 % 1_000_003);
  });
});

describe("parseShard", () => {
  it("reads I/N, 0-based", () => {
    expect(parseShard("0/4", {})).toEqual({ index: 0, count: 4 });
    expect(parseShard(" 3/4 ", {})).toEqual({ index: 3, count: 4 });
  });

  it("reads a Slurm job array's task (from its minimum) and count, or an Indexed Job's index with --shards", () => {
    expect(parseShard("auto", { SLURM_ARRAY_TASK_ID: "2", SLURM_ARRAY_TASK_COUNT: "8" })).toEqual({
      index: 2,
      count: 8,
    });
    expect(
      parseShard("auto", {
        SLURM_ARRAY_TASK_ID: "5",
        SLURM_ARRAY_TASK_MIN: "1",
        SLURM_ARRAY_TASK_COUNT: "8",
      }),
    ).toEqual({ index: 4, count: 8 });
    expect(parseShard("auto", { JOB_COMPLETION_INDEX: "6" }, 7)).toEqual({ index: 6, count: 7 });
  });

  it("takes a Slurm task id as the shard index when --shards gives the count (a task re-submitted alone)", () => {
    // `sbatch --array=2` of a 4-shard script: the array counts one task, from 2.
    const alone = { SLURM_ARRAY_TASK_ID: "2", SLURM_ARRAY_TASK_MIN: "2", SLURM_ARRAY_TASK_COUNT: "1" };
    expect(parseShard("auto", alone, 4)).toEqual({ index: 2, count: 4 });
    expect(() => parseShard("auto", alone)).toThrow(
      /one task, 2 \(a task submitted again alone\?\).*--shards N/,
    );
  });

  it("refuses what it cannot place, saying how to give it", () => {
    const refusal = (text: string, env: NodeJS.ProcessEnv = {}, shards?: number) => {
      try {
        parseShard(text, env, shards);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`parseShard accepted ${text}`);
    };
    expect(refusal("4/4")).toMatch(/index must be a whole number from 0 to 3 \(0-based\), got 4/);
    expect(refusal("0/0")).toMatch(/count must be a whole number ≥ 1, got 0/);
    expect(refusal("1-4")).toMatch(/expected I\/N \(0-based, e\.g\. 0\/4\) or auto, got "1-4"/);
    expect(refusal("auto")).toMatch(/neither SLURM_ARRAY_TASK_ID .* nor JOB_COMPLETION_INDEX/);
    expect(refusal("auto", { JOB_COMPLETION_INDEX: "1" })).toMatch(/add --shards N/);
    expect(refusal("auto", { SLURM_ARRAY_TASK_ID: "x" })).toMatch(
      /SLURM_ARRAY_TASK_ID is "x", not a whole number/,
    );
    expect(refusal("auto", { SLURM_ARRAY_TASK_ID: "1" })).toMatch(/give the count with --shards N/);
    expect(refusal("auto", { JOB_COMPLETION_INDEX: "3" }, 3)).toMatch(/from 0 to 2/);
  });
});

describe("resolveShardOptions", () => {
  it("is undefined without --shard, and resolves auto with the environment", () => {
    expect(resolveShardOptions({}, {})).toBeUndefined();
    expect(resolveShardOptions({ shard: "auto", shards: 3 }, { JOB_COMPLETION_INDEX: "2" })).toEqual({
      index: 2,
      count: 3,
    });
    expect(resolveShardOptions({ shard: "1/4", shards: 4 }, {})).toEqual({ index: 1, count: 4 });
  });

  it("refuses --shards alone and a --shards that disagrees with I/N", () => {
    expect(() => resolveShardOptions({ shards: 4 }, {})).toThrow(/add --shard auto/);
    expect(() => resolveShardOptions({ shard: "1/4", shards: 3 }, {})).toThrow(
      /shard 1\/4, but --shards says 3/,
    );
  });
});
