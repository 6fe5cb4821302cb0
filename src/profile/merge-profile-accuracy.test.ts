// A multi-client profile with --accuracy-benchmark merged: 3 shards of `profile --accuracy-benchmark gsm8k --shard
// I/3` against the oracle mock server give, merged, the unsharded profile's accuracy files (accuracy, CIs, per-task
// rows, the CSV, the spec's result file) with every sample once; a journal that does not fit the plan is refused.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printSkipReason, sharedDataDir } from "../benchmarks/test-support/shared-data-dir.js";
import type { ProfileOptionsInput } from "../config/profile-options.js";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { ConfigError } from "../errors.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { mergeProfileShards } from "./merge-profile-shards.js";
import { runProfile } from "./run-profile.js";

const dataDir = sharedDataDir("gsm8k/test.jsonl");
const suite = dataDir === undefined ? describe.skip : describe;
if (dataDir === undefined) printSkipReason("merge-profile-accuracy (GSM8K from the shared data)");

const LIMIT = 20;
const WARMUP = 2;

let server: MockServer;
beforeAll(async () => {
  if (dataDir === undefined) return;
  const context = createDatasetContext({ dataDir, env: {} });
  const benchmarks = await loadOracleBenchmarks(["gsm8k"], context);
  server = await startMockServer({ oracle: { benchmarks, accuracy: 0.6, seed: 5 } });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;

const readJson = (file: string): Json => JSON.parse(readFileSync(file, "utf8")) as Json;

const journal = (runDir: string): SampleRecord[] =>
  readFileSync(join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);

/** A `<benchmark>.json` without what depends on when and how fast requests were answered. */
function withoutTimes(result: Json): Json {
  const { timestamp: _timestamp, aggregated_metrics: _metrics, ...rest } = result;
  const samples = (rest["sample_results"] as Json[]).map(
    ({ ttft_ms: _ttft, e2e_ms: _e2e, ...sample }) => sample,
  );
  return { ...rest, sample_results: samples };
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

/** A copy of a shard's directory whose journal is `records`. */
function withJournal(directory: string, records: readonly SampleRecord[]): string {
  const copy = join(mkdtempSync(join(tmpdir(), "profile-accuracy-tampered-")), "shard");
  cpSync(directory, copy, { recursive: true });
  writeFileSync(join(copy, "samples.jsonl"), records.map((record) => `${JSON.stringify(record)}\n`).join(""));
  return copy;
}

suite("mergeProfileShards with --accuracy-benchmark", () => {
  let outputDir: string;
  let whole: string;
  let shards: string[];
  beforeAll(async () => {
    outputDir = mkdtempSync(join(tmpdir(), "profile-accuracy-"));
    const base = {
      baseUrl: server.url,
      dataDir,
      accuracyBenchmark: "gsm8k",
      limit: LIMIT,
      warmup: WARMUP,
      requestRate: 200,
      seed: 3,
      clientWarmupMs: 0,
      quiet: true,
    } satisfies ProfileOptionsInput;
    const unsharded = await runProfile({ ...base, outputDir: join(outputDir, "whole") }, { env: {} });
    whole = unsharded.runDir;
    // The 3 clients side by side, as on 3 machines: one --start-at, far enough ahead for each to plan GSM8K.
    const startAt = new Date(Date.now() + 4_000).toISOString();
    const outcomes = await Promise.all(
      [0, 1, 2].map((index) =>
        runProfile(
          { ...base, shard: `${index}/3`, startAt, outputDir: join(outputDir, `shard-${index}`) },
          { env: {} },
        ),
      ),
    );
    shards = outcomes.map((outcome) => outcome.runDir);
  }, 60_000);

  it("writes the unsharded profile's accuracy files from the shards' samples, each sample once", async () => {
    // Each shard graded the samples its requests asked: request i (past the warmup) asks sample i − warmup.
    const wholeIds = journal(whole).map((record) => record.id);
    expect(wholeIds).toHaveLength(LIMIT);
    // The plan's order: the unsharded profile's result file lists its samples in it (its journal, as graded).
    const planIds = (readJson(join(whole, "gsm8k.json"))["sample_results"] as { id: string }[]).map(
      (sample) => sample.id,
    );
    shards.forEach((directory, index) => {
      const ids = journal(directory).map((record) => record.id);
      expect(ids.sort()).toEqual(planIds.filter((_, position) => (position + WARMUP) % 3 === index).sort());
    });
    expect([...wholeIds].sort()).toEqual([...planIds].sort());
    // A shard's own accuracy files are its part, complete.
    const part = readJson(join(shards[1] ?? "", "run.json")) as { status: string; benchmarks: Json[] };
    expect(part.status).toBe("completed");
    expect(part.benchmarks[0]?.["planned_samples"]).toBe(journal(shards[1] ?? "").length);

    const output = join(outputDir, "merged");
    const [a, b, c] = shards as [string, string, string];
    const merged = await mergeProfileShards({ directories: [c, a, b], output, env: {} });
    const mergedResult = readJson(join(output, "gsm8k.json"));
    const wholeResult = readJson(join(whole, "gsm8k.json"));
    expect(withoutTimes(mergedResult)).toEqual(withoutTimes(wholeResult));
    for (const key of ["accuracy", "accuracy_ci95", "confidence_interval_95", "accuracy_stderr", "tasks"]) {
      expect(mergedResult[key], key).toEqual(wholeResult[key]);
    }
    expect(mergedResult["num_samples"]).toBe(LIMIT);
    expect(merged.accuracy?.summary.overall.accuracy).toBe(wholeResult["accuracy"]);
    expect(readFileSync(join(output, "accuracy_results.csv"), "utf8")).toBe(
      readFileSync(join(whole, "accuracy_results.csv"), "utf8"),
    );
    // Every request's serving figures are in the accuracy file's metrics too.
    expect((mergedResult["aggregated_metrics"] as Json)["successful_requests"]).toBe(LIMIT);
    // The merged journal: every sample once, in the plan's order (the unsharded profile's).
    const ids = journal(output).map((record) => record.id);
    expect(ids).toEqual((wholeResult["sample_results"] as { id: string }[]).map((sample) => sample.id));
    expect(new Set(ids).size).toBe(LIMIT);
    // The spec's result file, beside the merged directory, with the same accuracy.
    const specFiles = readdirSync(outputDir).filter((name) => name.startsWith("gsm8k_"));
    expect(specFiles).toHaveLength(1);
    expect(readJson(join(outputDir, specFiles[0] ?? ""))["accuracy"]).toBe(wholeResult["accuracy"]);
    const manifest = readJson(join(output, "run.json")) as {
      status: string;
      summaries: Record<string, Json>;
      benchmarks: Json[];
    };
    const wholeManifest = readJson(join(whole, "run.json")) as typeof manifest;
    expect(manifest.status).toBe("completed");
    expect(manifest.benchmarks).toEqual(wholeManifest.benchmarks);
    expect(manifest.summaries["gsm8k"]?.["accuracy"]).toBe(wholeManifest.summaries["gsm8k"]?.["accuracy"]);
  });

  it("refuses a sample in two shards, in a shard that did not ask it, or outside the plan", async () => {
    const [zero, one, two] = shards.map(journal) as [SampleRecord[], SampleRecord[], SampleRecord[]];
    const [a, b, c] = shards as [string, string, string];
    const moved = one[0] as SampleRecord;
    const twice = withJournal(c, [...two, moved]);
    expect(
      await refusal(() => mergeProfileShards({ directories: [a, b, twice], output: join(outputDir, "m1") })),
    ).toMatch(new RegExp(`sample ${moved.id} of gsm8k is in ${b} and again in ${twice}`));
    const stolen = withJournal(c, [...two, moved]);
    const robbed = withJournal(b, one.slice(1));
    expect(
      await refusal(() =>
        mergeProfileShards({ directories: [a, robbed, stolen], output: join(outputDir, "m2") }),
      ),
    ).toMatch(
      new RegExp(
        `${stolen} \\(shard 2/3\\) holds sample ${moved.id} of gsm8k, which request \\d+ asks and shard 1/3 sends`,
      ),
    );
    const stranger = withJournal(a, [...zero.slice(1), { ...(zero[0] as SampleRecord), id: "not-a-sample" }]);
    expect(
      await refusal(() =>
        mergeProfileShards({ directories: [stranger, b, c], output: join(outputDir, "m3") }),
      ),
    ).toContain(
      `${stranger} holds sample not-a-sample of gsm8k, which the profile's plan of gsm8k does not have`,
    );
  });
});
