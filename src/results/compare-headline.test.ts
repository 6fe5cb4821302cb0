// compare's paired view of a headline score (a recipe judged by rouge or a perplexity): the headline recomputed on
// the runs' shared graded samples, and a seeded paired bootstrap of its difference with the direction applied.
import { describe, expect, it } from "vitest";
import { compareRuns } from "./compare-runs.js";
import type { ComparedResults } from "./read-compared-results.js";
import type { BenchmarkResultFile } from "./read-run-results.js";

/** A slimpajama-like result: per-document perplexities, lower is better. */
function result(perplexities: readonly number[], failed: readonly number[] = []): BenchmarkResultFile {
  const mean = perplexities.reduce((sum, value) => sum + value, 0) / perplexities.length;
  return {
    benchmark: "slimpajama",
    model: "m",
    num_samples: perplexities.length,
    accuracy: 0,
    score: 0,
    headline: {
      metric: "perplexity",
      scale: 1,
      higher_is_better: false,
      value: mean,
      num_samples: perplexities.length,
    },
    sample_results: perplexities.map((perplexity, index) => ({
      id: `test/${index}`,
      task: "slimpajama",
      correct: false,
      score: 0,
      status: failed.includes(index) ? "error" : "ok",
      scores: { perplexity, tokens: 16_000 },
    })),
  };
}

const run = (label: string, file: BenchmarkResultFile): ComparedResults => ({
  path: label,
  label,
  benchmarks: [file],
});

describe("compare on a headline score", () => {
  const base = [5.1, 6.0, 4.8, 7.2, 5.5, 6.3, 5.9, 4.9];

  it("finds a candidate whose perplexity rose on every document significantly worse (lower is better)", () => {
    const worse = base.map((value, index) => value + 0.4 + index * 0.01);
    const [comparison] = compareRuns([run("before", result(base)), run("after", result(worse))]);
    expect(comparison?.runs.map((each) => each.headline?.label)).toEqual(["perplexity", "perplexity"]);
    const [pair] = comparison?.pairedHeadlines ?? [];
    const rise =
      worse.reduce((sum, value) => sum + value, 0) / 8 - base.reduce((sum, value) => sum + value, 0) / 8;
    expect(pair).toMatchObject({ baseline: "before", candidate: "after", n: 8, higherIsBetter: false });
    expect(pair?.difference).toBeCloseTo(rise, 12);
    // Every resampled difference is a rise: the bootstrap's resolution, 1 in 2,000.
    expect(pair?.pValue).toBe(1 / 2000);
    expect(pair?.ci95[0]).toBeGreaterThan(0.4);
    expect(pair?.isSignificant).toBe(true);
    expect(pair?.verdict).toMatch(
      /after is significantly worse than before on slimpajama \(\+0\.\d{4} perplexity, lower is better/,
    );
  });

  it("pairs only the samples both runs graded, and finds no difference between equal runs", () => {
    const [comparison] = compareRuns([run("a", result(base)), run("b", result(base, [0, 1]))]);
    const [pair] = comparison?.pairedHeadlines ?? [];
    expect(pair?.n).toBe(6);
    expect(pair?.baselineValue).toBeCloseTo(base.slice(2).reduce((sum, value) => sum + value, 0) / 6, 12);
    expect(pair?.difference).toBe(0);
    expect(pair?.pValue).toBe(1);
    expect(pair?.verdict).toMatch(/^No significant difference in perplexity between b and a/);
  });

  it("pools a perplexity ratio as the headline does, and skips runs whose headlines differ", () => {
    const pooled = (numerators: readonly number[]): BenchmarkResultFile => ({
      ...result([1, 1]),
      benchmark: "wikitext",
      headline: { metric: "word_perplexity", scale: 1, higher_is_better: false, value: 0, num_samples: 2 },
      sample_results: numerators.map((numerator, index) => ({
        id: `${index}`,
        task: "wikitext",
        correct: false,
        score: 0,
        status: "ok",
        scores: { word_perplexity: { numerator, denominator: 10, exp: true } },
      })),
    });
    const [comparison] = compareRuns([run("a", pooled([10, 30])), run("b", pooled([12, 30]))]);
    const [pair] = comparison?.pairedHeadlines ?? [];
    expect(pair?.baselineValue).toBeCloseTo(Math.exp(40 / 20), 12);
    expect(pair?.candidateValue).toBeCloseTo(Math.exp(42 / 20), 12);
    const rouge = {
      ...pooled([1, 1]),
      headline: { metric: "rouge1", scale: 100, higher_is_better: true, value: 1, num_samples: 2 },
    };
    expect(compareRuns([run("a", pooled([10, 30])), run("b", rouge)])[0]?.pairedHeadlines).toEqual([]);
  });
});
