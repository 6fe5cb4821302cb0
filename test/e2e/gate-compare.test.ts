// End to end: two oracle runs of the full GSM8K at 0.70 and 0.65 (same seed, so the same samples and nested
// verdicts); `compare` finds the one-way flips and a significant drop, `gate` against 70.0 passes one, fails the other.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hasSharedData, runAgainstOracle, runCli, sharedData } from "./support/cli.js";

/** A run of the full GSM8K (the task's NUM_SAMPLES) against the oracle at `accuracy`, seed 11. */
const oracleRun = (accuracy: string): Promise<string> =>
  runAgainstOracle({
    benchmarks: ["gsm8k"],
    dataDir: sharedData,
    accuracy,
    serverArgs: ["--oracle-seed", "11"],
    runArgs: ["--num-samples", "task", "--concurrency", "64"],
  });

describe.skipIf(!hasSharedData)("gate and compare on two oracle runs of GSM8K", () => {
  let high: string;
  let low: string;
  let references: string;

  beforeAll(async () => {
    high = await oracleRun("0.70");
    low = await oracleRun("0.65");
    references = mkdtempSync(join(tmpdir(), "e2e-refs-"));
    writeFileSync(
      join(references, "gsm8k.yaml"),
      "mock-model:\n  - accuracy: 70.0\n  - dtype: fp8\n    accuracy: 69\n",
    );
  }, 120_000);

  const accuracyOf = (runDir: string): number =>
    (JSON.parse(readFileSync(join(runDir, "gsm8k.json"), "utf8")) as { accuracy: number }).accuracy;

  it("records the task's NUM_SAMPLES subset (all 1,319 for GSM8K) in run.json", () => {
    const manifest = JSON.parse(readFileSync(join(high, "run.json"), "utf8")) as {
      config: { numSamples: unknown };
      benchmarks: { planned_samples: number }[];
    };
    expect(manifest.config.numSamples).toBe("task");
    expect(manifest.benchmarks[0]?.planned_samples).toBe(1319);
    expect(accuracyOf(high)).toBeGreaterThan(0.66);
    expect(accuracyOf(low)).toBeLessThan(accuracyOf(high));
  });

  it("compare reports one-way flips and a significant difference", async () => {
    const result = await runCli(["compare", high, low, "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as {
      benchmarks: {
        benchmark: string;
        runs: { accuracy: number; num_samples: number; aggregated_metrics: Record<string, number | null> }[];
        paired: {
          num_shared_samples: number;
          difference: number;
          right_to_wrong: number;
          wrong_to_right: number;
          mcnemar_p_value: number;
          is_significant: boolean;
          verdict: string;
        }[];
      }[];
    };
    const [gsm8k] = json.benchmarks;
    expect(gsm8k?.runs.map((run) => run.num_samples)).toEqual([1319, 1319]);
    expect(gsm8k?.runs[0]?.aggregated_metrics["ttft_p95_ms"]).toEqual(expect.any(Number));
    const pair = gsm8k?.paired[0];
    const flips = Math.round((accuracyOf(high) - accuracyOf(low)) * 1319);
    expect(pair?.num_shared_samples).toBe(1319);
    expect(pair?.wrong_to_right).toBe(0);
    expect(pair?.right_to_wrong).toBe(flips);
    expect(pair?.difference).toBeCloseTo(accuracyOf(low) - accuracyOf(high), 12);
    // Exact McNemar with no flip the other way: p = 2·2^−flips.
    expect(pair?.mcnemar_p_value).toBeCloseTo(2 * 2 ** -flips, 20);
    expect(pair?.is_significant).toBe(true);
    expect(pair?.verdict).toMatch(/significantly worse/);

    const text = await runCli(["compare", high, low]);
    expect(text.stdout).toMatch(new RegExp(`flips: ${flips} right→wrong, 0 wrong→right`));
    expect(text.stdout).toMatch(/^TTFT P95 \(s\) +\d+\.\d{3} +\d+\.\d{3}$/m);
    expect(text.stdout).toMatch(/^Samples +1319 +1319$/m);
  });

  it("each run also wrote the spec's result file, which compare reads like the run directory", async () => {
    const specFile = (runDir: string): string => {
      const outputDir = dirname(runDir);
      const names = readdirSync(outputDir).filter((name) =>
        /^gsm8k_mock-model_\d{8}T\d{6}Z\.json$/.test(name),
      );
      expect(names).toHaveLength(1);
      return join(outputDir, names[0] ?? "");
    };
    const spec = JSON.parse(readFileSync(specFile(high), "utf8")) as Record<string, unknown>;
    expect(Object.keys(spec)).toEqual([
      "benchmark",
      "model",
      "timestamp",
      "config",
      "name",
      "num_samples",
      "is_complete",
      "planned_samples",
      "num_errors",
      "accuracy",
      "score",
      "confidence_interval_95",
      "aggregated_metrics",
      "sample_results",
    ]);
    expect(spec["accuracy"]).toBe(accuracyOf(high));
    // Ours, beyond the spec's fields: a run cut short is never read as a finished result.
    expect(spec).toMatchObject({ is_complete: true, planned_samples: 1319, num_errors: 0 });
    // The spec's own interval (mean ± 1.96·std/√n of the 0/1 scores), beside compare's Wilson interval.
    const halfWidth = 1.96 * Math.sqrt((accuracyOf(high) * (1 - accuracyOf(high))) / 1319);
    const [specLow, specHigh] = spec["confidence_interval_95"] as [number, number];
    expect(specLow).toBeCloseTo(accuracyOf(high) - halfWidth, 12);
    expect(specHigh).toBeCloseTo(accuracyOf(high) + halfWidth, 12);
    expect(spec["config"]).toMatchObject({ concurrency: 64, streaming: true, temperature: 0 });
    const metrics = spec["aggregated_metrics"] as Record<string, number>;
    expect(metrics["total_requests"]).toBe(1319);
    expect(metrics["failed_requests"]).toBe(0);
    // The spec's seconds: the run's own figure in ms ÷ 1000.
    const ours = JSON.parse(readFileSync(join(high, "gsm8k.json"), "utf8")) as {
      aggregated_metrics: { ttft_p50_ms: number };
    };
    expect(metrics["ttft_p50"]).toBe(ours.aggregated_metrics.ttft_p50_ms / 1000);
    const [sample] = spec["sample_results"] as Record<string, unknown>[];
    expect(Object.keys(sample ?? {})).toEqual([
      "id",
      "correct",
      "score",
      "predicted",
      "expected",
      "details",
      "metrics",
    ]);

    const fromFiles = await runCli(["compare", specFile(high), specFile(low), "--json"]);
    const fromDirs = await runCli(["compare", high, low, "--json"]);
    expect(fromFiles.code).toBe(0);
    type Paired = { benchmarks: { paired: { difference: number; mcnemar_p_value: number }[] }[] };
    const filePair = (JSON.parse(fromFiles.stdout) as Paired).benchmarks[0]?.paired[0];
    const dirPair = (JSON.parse(fromDirs.stdout) as Paired).benchmarks[0]?.paired[0];
    expect(filePair?.difference).toBe(dirPair?.difference);
    expect(filePair?.mcnemar_p_value).toBe(dirPair?.mcnemar_p_value);
  });

  it("gate passes the 0.70 run and fails the 0.65 run against a reference of 70.0", async () => {
    const pass = await runCli(["gate", high, "--references", references]);
    expect(pass.code).toBe(0);
    expect(pass.stdout).toMatch(
      /gsm8k\s+accuracy\s+\(default\)\s+70\.00\s+\d+\.\d\d\s+1319\s+4\.84\s+66\.80\s+PASS/,
    );
    const fail = await runCli(["gate", low, "--references", references]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/FAIL/);
    const spec = await runCli(["gate", low, "--references", references, "--spec", "dtype=fp8", "--json"]);
    expect(spec.code).toBe(1);
    expect((JSON.parse(spec.stdout) as { reference: number }[])[0]?.reference).toBe(69);
  });

  it("gate names task, model and spec when no reference matches, and prints YAML without references", async () => {
    const missing = await runCli(["gate", high, "--references", references, "--spec", "quant_algo=FP8"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/task gsm8k, model mock-model, spec quant_algo=FP8/);
    const yaml = await runCli(["gate", high], { env: { LLM_BENCH_ACCURACY_NO_REFERENCE: "1" } });
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toContain(
      `mock-model:\n  - accuracy: ${Math.round(accuracyOf(high) * 10_000) / 100}\n`,
    );
  });

  it("theta prints the issue's table", async () => {
    const result = await runCli([
      "theta",
      "--num-samples-total",
      "14042",
      "--sigma",
      "50",
      "--alpha",
      "0.05",
      "--beta",
      "0.2",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^32\s+31\.080936\s+-20\.560670$/m);
    expect(result.stdout).toMatch(/^4096\s+2\.747193\s+-1\.817324$/m);
    expect(result.stdout).toMatch(/^14042\s+1\.483729\s+-0\.981517$/m);
  });

  it("theta --lower-is-better puts the threshold above the reference (σ 4.48, n 86, α 0.01: θ 2.164336, +1.589346)", async () => {
    const args = [
      "theta",
      "--num-samples-total",
      "86",
      "--sigma",
      "4.48",
      "--alpha",
      "0.01",
      "--beta",
      "0.2",
    ];
    const result = await runCli([...args, "--lower-is-better"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("lower is better");
    expect(result.stdout).toMatch(/^86\s+2\.164336\s+1\.589346$/m);
    const zero = await runCli([
      "theta",
      "--num-samples-total",
      "20",
      "--sigma",
      "0",
      "--alpha",
      "0.5",
      "--json",
    ]);
    expect(zero.code).toBe(0);
    expect(JSON.parse(zero.stdout)).toEqual([{ num_samples: 20, theta: 0, threshold_minus_reference: 0 }]);
  });
});
