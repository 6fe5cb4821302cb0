// Issue 22, faults: the full GSM8K and MMLU test sets through the oracle mock server with 10 % faults of every kind
// mixed complete every sample with exactly a fault-free run's verdicts, each fault counted under its class as the
// server injected it; 100 % faults end with exit 1, the failure summary and every sample recorded as failed; a
// profile counts faults as errors by class, never retried, its figures over the successful requests only.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasSharedData, journalOf } from "../e2e/support/cli.js";
import {
  ALL_FAULTS_RUN,
  expectedClientClasses,
  type RunScenarioOutcome,
  resumeFaultRun,
  runFaultProfile,
  runFaultRun,
  type SampleOutcome,
  TEN_PERCENT_FAULTS,
  TEN_PERCENT_PROFILE,
} from "./support/fault-scenario.js";

function verdicts(outcome: RunScenarioOutcome): Map<string, boolean> {
  return new Map(outcome.records.map((record) => [`${record.benchmark}/${record.id}`, record.correct]));
}

function resultFile(outcome: RunScenarioOutcome, benchmark: string) {
  return JSON.parse(readFileSync(join(outcome.runDir, `${benchmark}.json`), "utf8")) as {
    accuracy: number;
    num_correct: number;
    num_samples: number;
    faults: {
      requests_retried: number;
      samples_retried: number;
      by_class: Record<string, number>;
      samples_failed: number;
      failed_by_class: Record<string, number>;
    };
  };
}

describe.skipIf(!hasSharedData)("faults: run and profile against the mock server's fault injection", () => {
  it.each([
    ["gsm8k", 1_319],
    ["mmlu", 14_042],
  ])(
    "full %s (%i samples), a tenth of requests faulted: every sample completed, exactly the fault-free verdicts",
    async (benchmark, total) => {
      const reference = await runFaultRun(`${benchmark} fault-free`, {
        ...TEN_PERCENT_FAULTS,
        faultRates: [],
        benchmarks: [benchmark],
      });
      expect(reference.result.code).toBe(0);
      const faulted = await runFaultRun(`${benchmark} 10% faults`, {
        ...TEN_PERCENT_FAULTS,
        benchmarks: [benchmark],
      });
      console.log(JSON.stringify(faulted.figures));
      expect(faulted.result.stderr).not.toMatch(/internal error/);
      expect(faulted.result.code).toBe(0);
      expect(faulted.records).toHaveLength(total);
      expect(faulted.records.filter((record) => record.status !== "ok")).toEqual([]);
      expect(verdicts(faulted)).toEqual(verdicts(reference));
      const file = resultFile(faulted, benchmark);
      expect(file.num_samples).toBe(total);
      expect(file.accuracy).toBe(resultFile(reference, benchmark).accuracy);
      // Every fault the server injected is counted under its class, anomalies included.
      const expected = expectedClientClasses(faulted.faultStats.faults, { includeAnomalies: true });
      expect(faulted.figures.clientFaults).toEqual(expected);
      expect(file.faults.by_class).toEqual(expected);
      expect(faulted.figures.faultsInjectedTotal).toBeGreaterThan(total * 0.05);
      expect(faulted.figures.requestsRetried).toBeGreaterThan(0);
      expect(file.faults.requests_retried).toBe(faulted.figures.requestsRetried);
      // Each request the server saw is a sample's first attempt or one of its retries.
      expect(faulted.faultStats.requests).toBe(total + faulted.figures.requestsRetried);
      expect(faulted.result.stdout).toMatch(/^faults: \d+ requests retried/m);
    },
  );

  it("100% faults: exit 1, a failure summary naming the server and what to try, every sample recorded as failed", async () => {
    const outcome = await runFaultRun("100% faults", ALL_FAULTS_RUN);
    console.log(JSON.stringify(outcome.figures));
    const { result } = outcome;
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.stderr).toContain("20 samples failed after their retries and were not graded");
    expect(result.stderr).toMatch(/Check the server at http:\/\/127\.0\.0\.1:\d+\/v1 .*--max-retries N/);
    expect(result.stderr).toContain(`llm-bench run --resume ${outcome.runDir}`);
    expect(result.stdout).toContain("no accuracy: none of 20 samples was graded (20 failed requests)");
    expect(result.stdout).not.toMatch(/OVERALL/);
    expect(outcome.records).toHaveLength(20);
    for (const record of outcome.records) {
      expect(record.status).not.toBe("ok");
      expect(record.attempts).toBe(3);
      expect(Object.values(record.faults ?? {}).reduce((sum, count) => sum + count, 0)).toBe(3);
      expect(record.error?.fault).toBeDefined();
    }
    expect(outcome.figures.clientFaults).toEqual(
      expectedClientClasses(outcome.faultStats.faults, { includeAnomalies: true }),
    );
    const manifest = JSON.parse(readFileSync(join(outcome.runDir, "run.json"), "utf8")) as { status: string };
    expect(manifest.status).toBe("incomplete");

    // Resumed against a server without faults: every sample graded, and the totals still count the failed session's
    // requests (each sample's new record carries them as `earlier`).
    const resumed = await resumeFaultRun(outcome.runDir, { ...ALL_FAULTS_RUN, faultRates: [] });
    expect(resumed.result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(resumed.result.code).toBe(0);
    expect(resumed.faultStats.requests).toBe(20);
    const latest = new Map(journalOf<SampleOutcome>(outcome.runDir).map((record) => [record.id, record]));
    expect(
      [...latest.values()].map((record) => [record.status, record.attempts, record.earlier?.attempts]),
    ).toEqual(Array.from({ length: 20 }, () => ["ok", 1, 3]));
    const file = resultFile(outcome, "gsm8k");
    expect(file.faults).toEqual({
      requests_retried: 20 * 3,
      samples_retried: 20,
      by_class: outcome.figures.clientFaults,
      samples_failed: 0,
      failed_by_class: {},
    });
    expect(resumed.result.stdout).toContain("faults: 60 requests retried (20 samples)");
  });

  it("profile with 10% faults: each fault an error of its class, never retried, figures over the successful requests", async () => {
    const outcome = await runFaultProfile("profile 10% faults", TEN_PERCENT_PROFILE);
    console.log(JSON.stringify(outcome.figures));
    const { summary } = outcome;
    expect(outcome.result.code).toBe(0);
    expect(outcome.faultStats.requests).toBe(1_000);
    const expected = expectedClientClasses(outcome.faultStats.faults, { includeAnomalies: false });
    expect(summary.errors_by_class).toEqual(expected);
    const failed = Object.values(expected).reduce((sum, count) => sum + count, 0);
    expect(failed).toBeGreaterThan(0);
    expect(summary.failed_requests).toBe(failed);
    expect(summary.successful_requests).toBe(1_000 - failed);
    expect(summary.error_summary.reduce((sum, entry) => sum + entry.count, 0)).toBe(failed);
    expect(summary.metrics["e2e_latency_ms"]?.count).toBe(summary.successful_requests);
    expect(summary.metrics["ttft_ms"]?.count).toBe(summary.successful_requests);
    expect(outcome.result.stdout).toMatch(/note: \d+ failed requests: /);
  });
});
