// End to end: a `profile --accuracy-benchmark gsm8k` run directory is a run directory like `run`'s — it has a
// run.json, `--resume` finishes the samples that failed, and `compare` and `gate` read it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasSharedData, runCli, sharedData, startMockServerProcess } from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";

const SAMPLES = 60;

async function profileGsm8k(extraServerArgs: string[], cliArgs: string[]) {
  const server = await startMockServerProcess([
    "--oracle-accuracy",
    "0.6",
    "--oracle-benchmarks",
    "gsm8k",
    "--data-dir",
    sharedData,
    ...extraServerArgs,
  ]);
  try {
    const result = await runCli(["profile", "--base-url", server.url, ...cliArgs]);
    return { result, stats: await server.stats() };
  } finally {
    await server.stop();
  }
}

interface Manifest {
  command: string;
  status: string;
  benchmarks: { name: string; planned_samples: number }[];
  sessions: { status: string; requests_sent?: number; profile_summary?: Record<string, unknown> }[];
  summaries: Record<string, { num_samples: number; num_errors: number }>;
}

describe.skipIf(!hasSharedData)("a profile run directory", () => {
  it("has run.json, resumes its failed samples, and is read by compare and gate", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-profile-dir-"));
    const args = ["--accuracy-benchmark", "gsm8k", "--data-dir", sharedData, "--limit", String(SAMPLES)];
    // A server that answers 30% of requests with a 400 (not retried): those samples fail.
    const first = await profileGsm8k(
      ["--fault-rate", "0.3", "--fault-status", "400"],
      [...args, "--concurrency", "8", "--num-requests", "5000", "--output-dir", outputDir],
    );
    expect(first.result.stderr).not.toMatch(/internal error/);
    const runDir = onlyRunDir(outputDir);
    const afterFirst = readJson<Manifest>(join(runDir, "run.json"));
    expect(afterFirst.command).toBe("profile");
    expect(afterFirst.benchmarks).toEqual([
      expect.objectContaining({ name: "gsm8k", planned_samples: SAMPLES }),
    ]);
    // --num-requests above the benchmark's size asks each sample once.
    expect(afterFirst.sessions[0]?.requests_sent).toBe(SAMPLES);
    const failed = afterFirst.summaries["gsm8k"]?.num_errors ?? 0;
    expect(failed).toBeGreaterThan(0);
    expect(afterFirst.status).toBe("incomplete");

    // The resume asks only the failed samples, of a server without faults.
    const second = await profileGsm8k([], ["--resume", runDir]);
    expect(second.result.stderr).not.toMatch(/internal error/);
    expect(second.result.code).toBe(0);
    expect(second.stats.benchmarks["gsm8k"]?.served).toBe(failed);
    const manifest = readJson<Manifest>(join(runDir, "run.json"));
    expect(manifest.status).toBe("completed");
    expect(manifest.sessions.map((session) => session.requests_sent)).toEqual([SAMPLES, failed]);
    expect(manifest.sessions[0]?.profile_summary).toEqual(
      expect.objectContaining({ request_count: SAMPLES }),
    );
    expect(manifest.summaries["gsm8k"]).toEqual(
      expect.objectContaining({ num_samples: SAMPLES, num_errors: 0 }),
    );
    const exported = readJsonLines<{ index: number }>(join(runDir, "profile_export.jsonl"));
    expect(exported.map((line) => line.index).sort((a, b) => a - b)).toEqual(
      Array.from({ length: SAMPLES + failed }, (_, index) => index),
    );
    const summary = readJson<{ session: number; request_count: number }>(
      join(runDir, "profile_summary.json"),
    );
    expect(summary).toMatchObject({ session: 1, request_count: failed });
    const result = readJson<{ num_samples: number; accuracy: number }>(join(runDir, "gsm8k.json"));
    expect(result.num_samples).toBe(SAMPLES);

    // A resume of a profile directory through `run` names the command to use.
    const wrongCommand = await runCli(["run", "--resume", runDir]);
    expect(wrongCommand.code).toBe(2);
    expect(wrongCommand.stderr).toMatch(/holds a profile run; continue it with `llm-bench profile --resume/);
    const nothingLeft = (await profileGsm8k([], ["--resume", runDir])).result;
    expect(nothingLeft.code).toBe(2);
    expect(nothingLeft.stderr).toMatch(/nothing is left to send \(every sample of gsm8k is graded\)/);
    expect(readJson<Manifest>(join(runDir, "run.json")).sessions).toHaveLength(2);

    const compared = await runCli(["compare", runDir, runDir, "--json"]);
    expect(compared.code).toBe(0);
    const comparison = JSON.parse(compared.stdout) as {
      benchmarks: { benchmark: string; runs: { accuracy: number; num_samples: number }[] }[];
    };
    expect(comparison.benchmarks[0]?.runs.map((run) => run.num_samples)).toEqual([SAMPLES, SAMPLES]);
    expect(comparison.benchmarks[0]?.runs[0]?.accuracy).toBe(result.accuracy);

    const references = mkdtempSync(join(tmpdir(), "e2e-profile-refs-"));
    writeFileSync(join(references, "gsm8k.yaml"), "mock-model:\n  - accuracy: 1.0\n");
    const gated = await runCli(["gate", runDir, "--references", references, "--json"]);
    expect(gated.stderr).toBe("");
    expect(gated.code).toBe(0);
    const [verdict] = JSON.parse(gated.stdout) as {
      benchmark: string;
      num_samples: number;
      measured: number;
    }[];
    expect(verdict).toMatchObject({ benchmark: "gsm8k", num_samples: SAMPLES, verdict: "PASS" });
    expect(verdict?.measured).toBeCloseTo(result.accuracy * 100, 10);
  }, 120_000);
});
