// Multi-client profile shards (runProfile --shard I/N --start-at T, an in-process backend) and their merge: the
// union of the shards is the one seeded schedule, each request once; the merged statistics are those of the union of
// the shards' export lines; and the merge refuses what is not the N shards of one profile.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ProfileOptionsInput } from "../config/profile-options.js";
import type { Backend, GenerationResult } from "../core/generation.js";
import { ConfigError } from "../errors.js";
import { metricStats } from "../metrics/metric-stats.js";
import { mergeProfileShards } from "./merge-profile-shards.js";
import { sliceArrivals } from "./profile-load-plan.js";
import { runProfile } from "./run-profile.js";

/**
 * Answers at once with 4 chunks; the TTFT grows with the request so that percentiles differ between requests. With
 * `replicas`, each answer names one of them in turn, and every third request first failed to connect to another.
 */
function fakeBackend(replicas?: readonly string[]): Backend {
  let served = 0;
  return {
    name: "fake",
    async generate(): Promise<GenerationResult> {
      served++;
      const sentMs = performance.now();
      const ttftMs = 2 + (served % 7);
      const deltaTimesMs = [0, 1.5, 2.25, 4].map(
        (offsetMs) => sentMs + ttftMs + offsetMs * (1 + (served % 3)),
      );
      const firstMs = sentMs + ttftMs;
      return {
        status: "ok",
        text: "abcd",
        reasoning: "",
        isThinkUnclosed: false,
        finishReason: "stop",
        usage: { promptTokens: 10 + (served % 5), completionTokens: 4 },
        timings: {
          sentMs,
          firstByteMs: sentMs + 1,
          firstContentMs: firstMs,
          firstAnswerMs: firstMs,
          deltaTimesMs,
          endMs: (deltaTimesMs[3] ?? sentMs) + 0.5,
        },
        attempts: 1,
        ...(replicas === undefined
          ? {}
          : {
              replica: replicas[served % replicas.length] ?? "",
              replicaFailures: served % 3 === 0 ? [replicas[(served + 1) % replicas.length] ?? ""] : [],
            }),
      };
    },
    async listModels() {
      return ["m"];
    },
    async close() {},
  };
}

const base = {
  model: "m",
  requestRate: 400,
  numRequests: 60,
  warmup: 3,
  seed: 7,
  isl: 8,
  osl: 4,
  clientWarmupMs: 0,
  quiet: true,
} satisfies ProfileOptionsInput;

/** Runs shard index/count of `input` with t0 = `startAt`, the wall clock standing at t0 when it starts. */
async function runShard(
  input: ProfileOptionsInput,
  startAtMs: number,
  replicas?: readonly string[],
): Promise<string> {
  const outcome = await runProfile(
    { ...input, startAt: new Date(startAtMs).toISOString() },
    { backend: fakeBackend(replicas), env: {}, clock: () => new Date(startAtMs) },
  );
  return outcome.runDir;
}

async function shardsOf(
  input: ProfileOptionsInput,
  count: number,
  replicas?: readonly string[],
): Promise<string[]> {
  const startAtMs = Date.parse("2030-01-02T10:00:00Z");
  const outputDir = mkdtempSync(join(tmpdir(), "profile-shards-"));
  const directories: string[] = [];
  for (let index = 0; index < count; index++) {
    directories.push(
      await runShard({ ...input, shard: `${index}/${count}`, outputDir }, startAtMs, replicas),
    );
  }
  return directories;
}

function exportLines(directory: string): Record<string, unknown>[] {
  return readFileSync(join(directory, "profile_export.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const freshOutput = (): string => join(mkdtempSync(join(tmpdir(), "profile-merged-")), "merged");

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("profile shards and mergeProfileShards", () => {
  it("merges 3 open-loop shards into the one schedule, with statistics over the union of their lines", async () => {
    const directories = await shardsOf(base, 3);
    const total = base.numRequests + base.warmup;
    const next = sliceArrivals({ ...base, arrival: "poisson", burstiness: 1 });
    const scheduleMs = Array.from({ length: total }, () => next().offsetMs);
    const union = directories.flatMap((directory, shard) => {
      const lines = exportLines(directory);
      expect(lines.every((line) => (line["index"] as number) % 3 === shard)).toBe(true);
      const manifest = JSON.parse(readFileSync(join(directory, "run.json"), "utf8")) as {
        config: Record<string, unknown>;
      };
      expect(manifest.config["shard"]).toBe(`${shard}/3`);
      return lines;
    });
    // Each request once, each at its time of the one seeded schedule (µs, from --start-at).
    expect(union.map((line) => line["index"]).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: total }, (_, index) => index),
    );
    for (const line of union) {
      expect(line["intended_at_ms"]).toBe(
        Math.round((scheduleMs[line["index"] as number] ?? 0) * 1000) / 1000,
      );
    }

    const output = freshOutput();
    const outcome = await mergeProfileShards({ directories: [...directories].reverse(), output });
    const merged = exportLines(output);
    expect(merged).toHaveLength(total);
    const sentAt = merged.map((line) => line["sent_at_ms"] as number);
    expect(sentAt).toEqual([...sentAt].sort((a, b) => a - b));
    expect(outcome.summary.request_count).toBe(base.numRequests);
    const measured = union.filter((line) => line["is_warmup"] === false);
    for (const [key, field] of [
      ["ttft_ms", "ttft_ms"],
      ["e2e_latency_ms", "e2e_latency_ms"],
      ["itl_ms", "itl_ms"],
      ["send_lag_ms", "send_lag_ms"],
    ] as const) {
      const values = Float32Array.from(measured.map((line) => line[field] as number)).sort();
      expect(outcome.summary.metrics[key]).toEqual(metricStats(values));
    }
    const gaps = measured.flatMap((line) => {
      const times = line["chunk_times_ms"] as number[];
      return times.slice(1).map((timeMs, at) => timeMs - (times[at] ?? 0));
    });
    expect(outcome.summary.metrics["inter_chunk_ms"]?.count).toBe(gaps.length);
    expect(outcome.summary.metrics["inter_chunk_ms"]?.p50).toBeCloseTo(
      metricStats(Float32Array.from(gaps).sort()).p50 ?? Number.NaN,
      2,
    );
    // Throughput over the union window: first send to last end across the clients.
    const firstSent = Math.min(...measured.map((line) => line["sent_at_ms"] as number));
    const lastEnd = Math.max(
      ...measured.map((line) => (line["sent_at_ms"] as number) + (line["e2e_latency_ms"] as number)),
    );
    expect(outcome.summary.duration_s).toBeCloseTo((lastEnd - firstSent) / 1000, 5);
    expect(outcome.clients.map((client) => client.shard)).toEqual(["0/3", "1/3", "2/3"]);
    expect(outcome.clients.map((client) => client.requests)).toEqual([21, 21, 21]);
    const summary = JSON.parse(readFileSync(join(output, "profile_summary.json"), "utf8")) as {
      monitors: { clients: { client: unknown }[] };
    };
    expect(summary.monitors.clients.every((client) => client.client !== null)).toBe(true);
    const manifest = JSON.parse(readFileSync(join(output, "run.json"), "utf8")) as Record<string, unknown>;
    expect(manifest["command"]).toBe("profile");
    expect((manifest["config"] as Record<string, unknown>)["shard"]).toBeUndefined();

    // Refusals, each naming the directory at fault.
    expect(
      await refusal(() =>
        mergeProfileShards({ directories: directories.slice(0, 2), output: freshOutput() }),
      ),
    ).toMatch(/shard 2\/3 of 3 is missing/);
    expect(
      await refusal(() =>
        mergeProfileShards({ directories: [...directories, directories[1] ?? ""], output: freshOutput() }),
      ),
    ).toMatch(/shard 1\/3 is given twice/);
    expect(await refusal(() => mergeProfileShards({ directories, output }))).toMatch(
      /already holds a run \(run\.json\)/,
    );
    const cluttered = freshOutput();
    mkdirSync(cluttered);
    writeFileSync(join(cluttered, "notes.txt"), "kept\n");
    expect(await refusal(() => mergeProfileShards({ directories, output: cluttered }))).toMatch(
      /exists and is not empty/,
    );
    const tampered = join(mkdtempSync(join(tmpdir(), "profile-tampered-")), "shard-1");
    cpSync(directories[1] ?? "", tampered, { recursive: true });
    appendFileSync(join(tampered, "profile_export.jsonl"), `${JSON.stringify(exportLines(tampered)[0])}\n`);
    expect(
      await refusal(() =>
        mergeProfileShards({
          directories: [directories[0] ?? "", tampered, directories[2] ?? ""],
          output: freshOutput(),
        }),
      ),
    ).toMatch(new RegExp(`request \\d+ is in .* and again in ${tampered}`));
    const stolen = join(mkdtempSync(join(tmpdir(), "profile-tampered-")), "shard-2");
    cpSync(directories[2] ?? "", stolen, { recursive: true });
    appendFileSync(
      join(stolen, "profile_export.jsonl"),
      `${JSON.stringify(exportLines(directories[0] ?? "")[0])}\n`,
    );
    expect(
      await refusal(() =>
        mergeProfileShards({
          directories: [directories[0] ?? "", directories[1] ?? "", stolen],
          output: freshOutput(),
        }),
      ),
    ).toMatch(/holds request 0, which is shard 0\/3's/);
    const notProfile = mkdtempSync(join(tmpdir(), "not-a-profile-"));
    expect(
      await refusal(() => mergeProfileShards({ directories: [notProfile], output: freshOutput() })),
    ).toContain(`${notProfile} is not a profile directory`);
  });

  it("merges the clients' per-replica figures from every measured request", async () => {
    const replicas = ["http://127.0.0.1:9001/v1", "http://127.0.0.1:9002/v1"];
    const directories = await shardsOf({ ...base, baseUrl: replicas.join(",") }, 2, replicas);
    const measured = directories.flatMap((directory) =>
      exportLines(directory).filter((line) => line["is_warmup"] === false),
    );
    const output = freshOutput();
    await mergeProfileShards({ directories, output });
    const merged = JSON.parse(readFileSync(join(output, "profile_summary.json"), "utf8")) as {
      replicas: { replica: string; requests: number; connection_errors: number; latency_p50_ms: number }[];
    };
    expect(merged.replicas.map((entry) => entry.replica)).toEqual(replicas);
    for (const entry of merged.replicas) {
      const own = measured.filter((line) => line["replica"] === entry.replica);
      expect(entry.requests).toBe(own.length);
      expect(entry.connection_errors).toBe(
        measured.filter((line) => (line["replica_failures"] as string[] | undefined)?.includes(entry.replica))
          .length,
      );
      expect(entry.latency_p50_ms).toBeCloseTo(
        metricStats(own.map((line) => line["e2e_latency_ms"] as number).sort((x, y) => x - y)).p50 ??
          Number.NaN,
        2,
      );
    }
    expect(merged.replicas.reduce((sum, entry) => sum + entry.requests, 0)).toBe(base.numRequests);
  });

  it("refuses shards of different configurations and a profile that is not a shard", async () => {
    const small = { ...base, numRequests: 6, warmup: 0 };
    const [zero] = await shardsOf(small, 2);
    const [, otherSeed] = await shardsOf({ ...small, seed: 8 }, 2);
    expect(
      await refusal(() =>
        mergeProfileShards({ directories: [zero ?? "", otherSeed ?? ""], output: freshOutput() }),
      ),
    ).toMatch(new RegExp(`${otherSeed} is not a shard of the profile of ${zero}: --seed is 8 there and 7`));
    const whole = await runProfile(
      { ...small, outputDir: mkdtempSync(join(tmpdir(), "profile-whole-")) },
      { backend: fakeBackend(), env: {} },
    );
    expect(
      await refusal(() => mergeProfileShards({ directories: [whole.runDir], output: freshOutput() })),
    ).toContain(`${whole.runDir} is a profile but not a shard`);
    const run = mkdtempSync(join(tmpdir(), "a-run-"));
    mkdirSync(run, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(whole.runDir, "run.json"), "utf8")) as Record<
      string,
      unknown
    >;
    writeFileSync(join(run, "run.json"), JSON.stringify({ ...manifest, command: "run" }));
    expect(await refusal(() => mergeProfileShards({ directories: [run], output: freshOutput() }))).toContain(
      `${run} holds a run run, not a profile`,
    );
  });

  it("refuses a shard without --start-at, a --start-at already past, and a closed loop thinner than its shards", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "profile-refused-"));
    const options = { ...base, outputDir };
    await expect(
      runProfile({ ...options, shard: "0/2" }, { backend: fakeBackend(), env: {} }),
    ).rejects.toThrow(/--start-at: needed with --shard/);
    await expect(
      runProfile(
        { ...options, shard: "0/2", startAt: "2030-01-02T10:00:00Z" },
        { backend: fakeBackend(), env: {}, clock: () => new Date("2030-01-02T10:00:05Z") },
      ),
    ).rejects.toThrow(/--start-at 2030-01-02T10:00:00Z was 5\.0 s ago/);
    await expect(
      runProfile(
        {
          ...options,
          requestRate: undefined,
          concurrency: 2,
          shard: "auto",
          startAt: "2030-01-02T10:00:00Z",
        },
        {
          backend: fakeBackend(),
          env: { SLURM_ARRAY_TASK_ID: "1", SLURM_ARRAY_TASK_COUNT: "3" },
          clock: () => new Date("2030-01-02T10:00:00Z"),
        },
      ),
    ).rejects.toThrow(/--shard 1\/3: --concurrency 2 is the total over the 3 shards/);
    await expect(
      runProfile({ ...options, startAt: "2030-01-02" }, { backend: fakeBackend(), env: {} }),
    ).rejects.toThrow(/--start-at/);
  });
});
