// acc_norm in summaries and result files; journal lines written before loglikelihood scoring still read.
import { describe, expect, it } from "vitest";
import { type SampleRecord, sampleRecordSchema } from "../core/sample-record.js";
import { accuracyTable } from "../report/accuracy-table.js";
import { proportionCi } from "../stats/proportion-ci.js";
import { accuracyCsv } from "./accuracy-csv.js";
import { benchmarkResult } from "./benchmark-result.js";
import { summarizeBenchmark } from "./summarize-benchmark.js";
import { summaryForManifest } from "./write-run-results.js";

const generated = {
  benchmark: "mmlu",
  id: "x/0",
  task: "x",
  status: "ok",
  prompt: { type: "completion", text: "Q\nAnswer:" },
  response: " B",
  reasoning: "",
  extracted: "B",
  gold: "B",
  correct: true,
  score: 1,
  unparsed: false,
  truncated: false,
  grade_reason: "",
  finish_reason: "stop",
  usage: { prompt_tokens: 3, completion_tokens: 1 },
  timings: { sent_at_ms: 0, ttfb_ms: 1, ttft_ms: 1, e2e_ms: 2, itl_ms: null, chunks: 1 },
  attempts: 1,
  session: 0,
  error: null,
} satisfies SampleRecord;

const metrics = {} as Parameters<typeof summaryForManifest>[1];

describe("acc_norm", () => {
  it("reads a journal line of a generation run (no correct_norm, no loglikelihood)", () => {
    const parsed = sampleRecordSchema.parse(JSON.parse(JSON.stringify(generated)));
    expect(parsed.correct_norm).toBeUndefined();
    const summary = summarizeBenchmark("mmlu", 1, [parsed]);
    expect(summary.overallNorm).toBeUndefined();
    expect(
      benchmarkResult({ summary, model: "m", timestamp: "t", config: {}, metrics, records: [parsed] }),
    ).not.toHaveProperty("accuracy_norm");
    expect(accuracyTable(summary)).not.toMatch(/acc_norm/);
  });

  it("summarises acc and acc_norm separately over the graded samples (a failed request is neither)", () => {
    const records: SampleRecord[] = [
      { ...generated, id: "x/0", correct: true, correct_norm: false },
      { ...generated, id: "x/1", correct: false, correct_norm: true },
      { ...generated, id: "x/2", correct: true, correct_norm: true },
      { ...generated, id: "x/3", status: "error", correct: false, correct_norm: false },
    ];
    const summary = summarizeBenchmark("mmlu", 5, records);
    expect(summary.overall.correct).toBe(2);
    expect(summary.overallNorm).toEqual(proportionCi(2, 3));
    const result = benchmarkResult({ summary, model: "m", timestamp: "t", config: {}, metrics, records });
    expect(result).toMatchObject({
      accuracy: 2 / 3,
      accuracy_norm: 2 / 3,
      num_correct_norm: 2,
      num_errors: 1,
    });
    expect(result["accuracy_norm_ci95"]).toEqual(proportionCi(2, 3).ci95);
    const samples = result["sample_results"] as { correct_norm?: boolean }[];
    expect(samples.map((sample) => sample.correct_norm)).toEqual([false, true, true, false]);
    expect(summaryForManifest(summary, metrics)).toMatchObject({ accuracy_norm: 2 / 3, num_correct_norm: 2 });
    expect(accuracyTable(summary)).toMatch(/^acc_norm 66\.67% \(2\/3\), 95% CI 20\.8%–93\.9% \(Wilson\)$/m);
  });

  it("adds CorrectNorm and AccuracyNorm to accuracy_results.csv, per task and overall", () => {
    const records: SampleRecord[] = [
      { ...generated, id: "x/0", task: "x", correct: true, correct_norm: false },
      { ...generated, id: "x/1", task: "x", correct: false, correct_norm: true },
      { ...generated, id: "y/0", task: "y", correct: true, correct_norm: true },
    ];
    const summary = summarizeBenchmark("mmlu", 3, records);
    expect(summary.tasks).toEqual([
      { task: "x", correct: 1, total: 2, accuracy: 0.5, correctNorm: 1, accuracyNorm: 0.5 },
      { task: "y", correct: 1, total: 1, accuracy: 1, correctNorm: 1, accuracyNorm: 1 },
    ]);
    const result = benchmarkResult({ summary, model: "m", timestamp: "t", config: {}, metrics, records });
    expect(result["tasks"]).toEqual([
      { task: "x", correct: 1, total: 2, accuracy: 0.5, correct_norm: 1, accuracy_norm: 0.5 },
      { task: "y", correct: 1, total: 1, accuracy: 1, correct_norm: 1, accuracy_norm: 1 },
    ]);
    expect(accuracyCsv([summary])).toBe(
      "Task,Correct,Total,Accuracy,CorrectNorm,AccuracyNorm\n" +
        "x,1,2,0.5000,1,0.5000\ny,1,1,1.0000,1,1.0000\nOVERALL,2,3,0.6667,2,0.6667\n",
    );
    // Beside a benchmark scored by generation, that one's acc_norm cells stay empty.
    const generatedSummary = summarizeBenchmark("gsm8k", 1, [
      { ...generated, benchmark: "gsm8k", task: "gsm8k" },
    ]);
    expect(accuracyCsv([summary, generatedSummary]).split("\n")).toContain("gsm8k/OVERALL,1,1,1.0000,,");
  });
});
