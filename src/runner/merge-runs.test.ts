// Sharded runs and their merge: the shards of a run partition its samples (each exactly once), the merged directory's
// figures equal the unsharded run's to the last digit (accuracy, CIs, clustered SE, per-task tables, pass@k, the
// CSV), it resumes like a run, and shards that do not make one run are refused with what is wrong.
import {
  appendFileSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printSkipReason, sharedDataDir } from "../benchmarks/test-support/shared-data-dir.js";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { ConfigError } from "../errors.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { shardOf } from "../stats/shard.js";
import { mergeRuns } from "./merge-runs.js";
import { runBenchmarks } from "./run-benchmarks.js";

const dataDir = sharedDataDir("mmlu/test");
const suite = dataDir === undefined ? describe.skip : describe;
if (dataDir === undefined) printSkipReason("merge-runs (MMLU and GSM8K from the shared data)");

let server: MockServer;
beforeAll(async () => {
  if (dataDir === undefined) return;
  const context = createDatasetContext({ dataDir, env: {} });
  const benchmarks = await loadOracleBenchmarks(["mmlu", "gsm8k"], context);
  server = await startMockServer({ oracle: { benchmarks, accuracy: 0.6, seed: 5 } });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

const journal = (runDir: string): SampleRecord[] =>
  readFileSync(path.join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);

/** A `<benchmark>.json` without what depends on when and how fast requests were answered. */
function withoutTimes(result: Record<string, unknown>): Record<string, unknown> {
  const { timestamp: _timestamp, aggregated_metrics: _metrics, ...rest } = result;
  const samples = (rest["sample_results"] as Record<string, unknown>[]).map(
    ({ ttft_ms: _ttft, e2e_ms: _e2e, ...sample }) => sample,
  );
  return { ...rest, sample_results: samples };
}

interface Sharded {
  whole: string;
  shards: string[];
  outputDir: string;
}

/** The same run whole and in `count` shards, against the same oracle. */
async function runWholeAndSharded(options: Record<string, unknown>, count: number): Promise<Sharded> {
  const outputDir = mkdtempSync(path.join(tmpdir(), "merge-runs-"));
  const base = { baseUrl: server.url, dataDir, concurrency: 4, ...options };
  const whole = await runBenchmarks({ ...base, outputDir: path.join(outputDir, "whole") } as never, {
    env: {},
  });
  expect(whole.status).toBe("completed");
  const shards: string[] = [];
  for (let index = 0; index < count; index++) {
    const outcome = await runBenchmarks(
      { ...base, shard: `${index}/${count}`, outputDir: path.join(outputDir, `shard-${index}`) } as never,
      { env: {} },
    );
    expect(outcome.status).toBe("completed");
    shards.push(outcome.runDir);
  }
  return { whole: whole.runDir, shards, outputDir };
}

suite("run --shard and merge", () => {
  let mmlu: Sharded;
  beforeAll(async () => {
    mmlu = await runWholeAndSharded({ benchmarks: ["mmlu"], limit: 300 }, 3);
  }, 120_000);

  it("puts each sample of the run in exactly one shard, the one its id hashes to", () => {
    const whole = journal(mmlu.whole).map((record) => record.id);
    const byShard = mmlu.shards.map((dir) => journal(dir).map((record) => record.id));
    expect(byShard.flat().sort()).toEqual([...whole].sort());
    expect(new Set(byShard.flat()).size).toBe(whole.length);
    byShard.forEach((ids, index) => {
      expect(ids.length).toBeGreaterThan(50);
      for (const id of ids) expect(shardOf("mmlu", id, 3)).toBe(index);
    });
    const manifest = readJson(path.join(mmlu.shards[1] ?? "", "run.json"));
    expect((manifest["config"] as Record<string, unknown>)["shard"]).toBe("1/3");
    const planned = (manifest["benchmarks"] as { planned_samples: number }[])[0]?.planned_samples;
    expect(planned).toBe(byShard[1]?.length);
  });

  it("merges into the unsharded run's figures, to the last digit, in any order of the shards", async () => {
    const output = path.join(mmlu.outputDir, "merged");
    const [a, b, c] = mmlu.shards as [string, string, string];
    const merged = await mergeRuns({ directories: [c, a, b], output, env: {} });
    expect(merged.status).toBe("completed");
    expect(merged.requested).toBe(0);
    const mergedResult = readJson(path.join(output, "mmlu.json"));
    const wholeResult = readJson(path.join(mmlu.whole, "mmlu.json"));
    expect(withoutTimes(mergedResult)).toEqual(withoutTimes(wholeResult));
    expect(mergedResult["accuracy_clustered_stderr"]).toBe(wholeResult["accuracy_clustered_stderr"]);
    expect(readFileSync(path.join(output, "accuracy_results.csv"), "utf8")).toBe(
      readFileSync(path.join(mmlu.whole, "accuracy_results.csv"), "utf8"),
    );
    // Every request's serving figures are in, and the journal holds the run's samples (in the plan's order).
    const metrics = mergedResult["aggregated_metrics"] as Record<string, number>;
    expect(metrics["successful_requests"]).toBe(300);
    const ids = journal(output).map((record) => record.id);
    expect(ids).toEqual((mergedResult["sample_results"] as { id: string }[]).map((sample) => sample.id));
    expect([...ids].sort()).toEqual(
      journal(mmlu.whole)
        .map((record) => record.id)
        .sort(),
    );
    const manifest = readJson(path.join(output, "run.json"));
    expect(manifest["status"]).toBe("completed");
    expect((manifest["config"] as Record<string, unknown>)["shard"]).toBeUndefined();
    expect((manifest["sessions"] as { shard: string }[]).map((session) => session.shard)).toEqual([
      "0/3",
      "1/3",
      "2/3",
    ]);
    expect(new Set(journal(output).map((record) => record.session))).toEqual(new Set([0, 1, 2]));
    expect((manifest["merged_from"] as { shard: string }[]).map((entry) => entry.shard)).toEqual([
      "0/3",
      "1/3",
      "2/3",
    ]);
    // The manifest's summary is the whole run's (its wall time aside).
    const summary = (run: Record<string, unknown>) => {
      const { wall_time_s: _wall, ...rest } = (run["summaries"] as Record<string, Record<string, unknown>>)[
        "mmlu"
      ] as Record<string, unknown>;
      return rest;
    };
    expect(summary(manifest)).toEqual(summary(readJson(path.join(mmlu.whole, "run.json"))));
  });

  it("refuses a missing shard, a repeated one, a directory that is not a shard, and an output in use", async () => {
    const [a, b, c] = mmlu.shards as [string, string, string];
    const fresh = () => path.join(mkdtempSync(path.join(tmpdir(), "merge-out-")), "merged");
    await expect(mergeRuns({ directories: [a, c], output: fresh(), env: {} })).rejects.toThrow(
      /shard 1\/3 missing/,
    );
    await expect(mergeRuns({ directories: [a, b, b, c], output: fresh(), env: {} })).rejects.toThrow(
      /shard 1\/3 is given twice/,
    );
    await expect(mergeRuns({ directories: [a, b, c, mmlu.whole], output: fresh(), env: {} })).rejects.toThrow(
      /is not a shard/,
    );
    await expect(mergeRuns({ directories: [], output: fresh(), env: {} })).rejects.toThrow(ConfigError);
    await expect(mergeRuns({ directories: [a, b, c], output: mmlu.whole, env: {} })).rejects.toThrow(
      /already holds a run/,
    );
    await expect(mergeRuns({ directories: [a, b, c], output: b, env: {} })).rejects.toThrow(
      /is one of the shards/,
    );
    const cluttered = fresh();
    mkdirSync(cluttered);
    writeFileSync(path.join(cluttered, "notes.txt"), "kept\n");
    await expect(mergeRuns({ directories: [a, b, c], output: cluttered, env: {} })).rejects.toThrow(
      /exists and is not empty/,
    );
  });

  it("refuses shards of different runs and samples a shard should not hold", async () => {
    const [a, b, c] = mmlu.shards as [string, string, string];
    const scratch = mkdtempSync(path.join(tmpdir(), "merge-bad-"));
    // Shard 1 as if run with another few-shot count.
    const other = path.join(scratch, "other");
    cpSync(b, other, { recursive: true });
    const manifest = readJson(path.join(other, "run.json"));
    (manifest["config"] as Record<string, unknown>)["nShots"] = 0;
    writeFileSync(path.join(other, "run.json"), JSON.stringify(manifest));
    await expect(
      mergeRuns({ directories: [a, other, c], output: path.join(scratch, "m1"), env: {} }),
    ).rejects.toThrow(/are not shards of one run \(nShots not given vs 0\)/);
    // Shard 0's journal also holding one of shard 1's samples.
    const overlapping = path.join(scratch, "overlap");
    cpSync(a, overlapping, { recursive: true });
    appendFileSync(path.join(overlapping, "samples.jsonl"), `${JSON.stringify(journal(b)[0])}\n`);
    await expect(
      mergeRuns({ directories: [overlapping, b, c], output: path.join(scratch, "m2"), env: {} }),
    ).rejects.toThrow(/belongs to shard 1\/3, not 0\/3/);
    // A shard whose process is still running (or died): its run.json says running.
    const running = path.join(scratch, "running");
    mkdirSync(running);
    for (const file of ["run.json", "samples.jsonl"])
      copyFileSync(path.join(c, file), path.join(running, file));
    const runningManifest = readJson(path.join(running, "run.json"));
    runningManifest["status"] = "running";
    writeFileSync(path.join(running, "run.json"), JSON.stringify(runningManifest));
    await expect(
      mergeRuns({ directories: [a, b, running], output: path.join(scratch, "m3"), env: {} }),
    ).rejects.toThrow(/still running, or its process died/);
  });

  it("merges an unfinished shard into an incomplete run that --resume finishes as the whole run", async () => {
    const outputDir = mkdtempSync(path.join(tmpdir(), "merge-resume-"));
    const base = {
      benchmarks: ["mmlu"],
      limit: 300,
      baseUrl: server.url,
      dataDir,
      concurrency: 4,
      graceMs: 0,
    };
    const shards: string[] = [];
    for (let index = 0; index < 2; index++) {
      const controller = new AbortController();
      let ended = 0;
      const outcome = await runBenchmarks(
        { ...base, shard: `${index}/2`, outputDir: path.join(outputDir, `shard-${index}`) },
        {
          env: {},
          signal: controller.signal,
          reporter: {
            onSampleEnd: () => {
              ended++;
              // Shard 1 is stopped early (Ctrl-C): its run is interrupted.
              if (index === 1 && ended === 20) controller.abort(new Error("stop"));
            },
          },
        },
      );
      shards.push(outcome.runDir);
    }
    const output = path.join(outputDir, "merged");
    const merged = await mergeRuns({ directories: shards, output, env: {} });
    expect(merged.status).toBe("incomplete");
    expect(merged.unsent).toBeGreaterThan(100);
    const resumed = await runBenchmarks({ benchmarks: [], resume: output }, { env: {} });
    expect(resumed.status).toBe("completed");
    expect(resumed.requested).toBe(merged.unsent);
    expect(withoutTimes(readJson(path.join(output, "mmlu.json")))).toEqual(
      withoutTimes(readJson(path.join(mmlu.whole, "mmlu.json"))),
    );
    expect(readJson(path.join(output, "run.json"))["merged_from"]).toHaveLength(2);
  });

  it("keeps a sample's repeats in one shard and merges pass@k exactly", async () => {
    const gsm8k = await runWholeAndSharded(
      { benchmarks: ["gsm8k"], limit: 40, samplesPerTask: 3, temperature: 0.7 },
      2,
    );
    for (const [index, dir] of gsm8k.shards.entries()) {
      for (const record of journal(dir)) {
        expect(shardOf("gsm8k", record.id.replace(/#\d+$/, ""), 2)).toBe(index);
      }
    }
    const output = path.join(gsm8k.outputDir, "merged");
    await mergeRuns({ directories: gsm8k.shards, output, env: {} });
    const merged = readJson(path.join(output, "gsm8k.json"));
    expect(merged["pass_at_k"]).toBeDefined();
    expect(withoutTimes(merged)).toEqual(withoutTimes(readJson(path.join(gsm8k.whole, "gsm8k.json"))));
  });

  it("reads --shard auto from a Slurm job array's environment and records the shard it resolved", async () => {
    const outputDir = mkdtempSync(path.join(tmpdir(), "merge-auto-"));
    const outcome = await runBenchmarks(
      { benchmarks: ["mmlu"], limit: 30, baseUrl: server.url, dataDir, shard: "auto", outputDir },
      { env: { SLURM_ARRAY_TASK_ID: "7", SLURM_ARRAY_TASK_MIN: "5", SLURM_ARRAY_TASK_COUNT: "4" } },
    );
    const config = readJson(path.join(outcome.runDir, "run.json"))["config"] as Record<string, unknown>;
    expect(config["shard"]).toBe("2/4");
    for (const record of journal(outcome.runDir)) expect(shardOf("mmlu", record.id, 4)).toBe(2);
    await expect(
      runBenchmarks(
        { benchmarks: ["mmlu"], baseUrl: server.url, dataDir, shard: "auto", outputDir },
        { env: {} },
      ),
    ).rejects.toThrow(/neither SLURM_ARRAY_TASK_ID/);
  });
});
