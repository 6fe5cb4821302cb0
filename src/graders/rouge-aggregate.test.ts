// aggregateRouge and computeRouge against rouge_score's scoring_test.py (google-research/google-research
// rouge/scoring_test.py@0c1bbe5fc971a1de1a427debc814e66ab4f1e7fa: its cases that need no large testdata file) and HF
// evaluate's documented examples (huggingface/evaluate metrics/rouge/README.md and rouge.py docstring
// @a7dd338386a4fae9a1767e05eb9ef9479513d9e8). NUMPY_PERCENTILES: printed by CPython 3.11.7 + numpy 2.4 running
// BootstrapAggregator._bootstrap_resample's arithmetic (np.vstack, np.mean over the resampled rows, np.percentile at
// 2.5/50/97.5) with its np.random.choice draws replaced by floor(mulberry32(7)() · n), the draws ours makes.
import { describe, expect, it } from "vitest";
import { ConfigError, DatasetError } from "../errors.js";
import { createSeededRandom } from "../stats/seeded-random.js";
import { aggregateRouge, computeRouge, computeRougePerSample } from "./rouge-aggregate.js";
import type { RougeScore } from "./rouge-score.js";

const score = (precision: number, recall: number, fmeasure: number): RougeScore => ({
  precision,
  recall,
  fmeasure,
});
const THREE = [{ rouge1: score(1, 1 / 3, 1 / 2) }, { rouge1: score(0, 0, 0) }, { rouge1: score(1, 1, 1) }];

function expectAggregate(
  actual: { low: RougeScore; mid: RougeScore; high: RougeScore },
  expected: { precision: number[]; recall: number[]; fmeasure: number[] },
  delta: number,
): void {
  (["precision", "recall", "fmeasure"] as const).forEach((measure) => {
    [actual.low, actual.mid, actual.high].forEach((bound, index) => {
      expect(Math.abs(bound[measure] - (expected[measure][index] ?? Number.NaN))).toBeLessThanOrEqual(delta);
    });
  });
}

describe("aggregateRouge (rouge_score BootstrapAggregator)", () => {
  it.each([1, 2, 3, 123])("testConsistentPercentiles (confidence 0.9), seed %i", (seed) => {
    const result = aggregateRouge(THREE, { random: createSeededRandom(seed), confidence: 0.9 });
    expectAggregate(
      result.rouge1 ?? { low: score(0, 0, 0), mid: score(0, 0, 0), high: score(0, 0, 0) },
      { precision: [1 / 3, 2 / 3, 1], recall: [1 / 9, 4 / 9, 7 / 9], fmeasure: [1 / 6, 3 / 6, 5 / 6] },
      1e-8,
    );
  });

  it("testLargeConfidence (confidence 0: low = mid = high = the median resampled mean)", () => {
    const result = aggregateRouge(THREE, { random: createSeededRandom(5), confidence: 0 });
    expectAggregate(
      result.rouge1 ?? { low: score(0, 0, 0), mid: score(0, 0, 0), high: score(0, 0, 0) },
      { precision: [2 / 3, 2 / 3, 2 / 3], recall: [4 / 9, 4 / 9, 4 / 9], fmeasure: [3 / 6, 3 / 6, 3 / 6] },
      1e-8,
    );
    expect(result.rouge1?.mean).toEqual(score(2 / 3, (1 / 3 + 1) / 3, 1.5 / 3));
  });

  it("testMultipleRougeTypes: one aggregate per type added", () => {
    const samples = [
      { rouge1: score(1, 0.5, 2 / 3), rougeL: score(1, 0.5, 2 / 3) },
      { rouge1: score(0, 0, 0), rougeL: score(0, 0, 0) },
    ];
    expect(Object.keys(aggregateRouge(samples, { random: createSeededRandom(1) }))).toEqual([
      "rouge1",
      "rougeL",
    ]);
  });

  it("computes numpy's resampled-mean percentiles for the same draws", () => {
    const NUMPY_PERCENTILES = {
      rouge1: [
        [0.24, 0.26375, 0.23696666666666666],
        [0.54, 0.51, 0.46266666666666667],
        [0.7865, 0.9019999999999998, 0.7216999999999999],
      ],
      rougeL: [
        [0.06450000000000002, 0.169, 0.0863],
        [0.4, 0.45999999999999996, 0.356],
        [0.7164999999999999, 0.6754999999999999, 0.6034333333333333],
      ],
    };
    const rouge1 = [
      score(1, 1 / 3, 0.5),
      score(0, 0, 0),
      score(1, 1, 1),
      score(0.5, 0.25, 1 / 3),
      score(0.2, 0.8, 0.32),
    ];
    const rougeL = [
      score(0.75, 0.6, 2 / 3),
      score(0.1, 0.9, 0.18),
      score(0.4, 0.4, 0.4),
      score(0, 0, 0),
      score(1, 0.5, 2 / 3),
    ];
    const samples = rouge1.map((value, index) => ({
      rouge1: value,
      rougeL: rougeL[index] ?? score(0, 0, 0),
    }));
    const result = aggregateRouge(samples, { random: createSeededRandom(7), resamples: 50 });
    for (const type of ["rouge1", "rougeL"] as const) {
      const aggregate = result[type];
      const rows = [aggregate?.low, aggregate?.mid, aggregate?.high].map((bound) => [
        bound?.precision ?? Number.NaN,
        bound?.recall ?? Number.NaN,
        bound?.fmeasure ?? Number.NaN,
      ]);
      rows.forEach((row, r) => {
        row.forEach((value, m) => {
          expect(value).toBeCloseTo(NUMPY_PERCENTILES[type][r]?.[m] ?? Number.NaN, 12);
        });
      });
    }
  });

  it("is deterministic for a seed, and its mid estimates the plain mean", () => {
    const random = createSeededRandom(11);
    const samples = Array.from({ length: 300 }, () => {
      const precision = random();
      const recall = random();
      return { rougeL: score(precision, recall, (2 * precision * recall) / (precision + recall)) };
    });
    const first = aggregateRouge(samples, { random: createSeededRandom(3) });
    expect(aggregateRouge(samples, { random: createSeededRandom(3) })).toEqual(first);
    const aggregate = first.rougeL;
    expect(aggregate).toBeDefined();
    if (aggregate === undefined) return;
    expect(aggregate.low.fmeasure).toBeLessThan(aggregate.mid.fmeasure);
    expect(aggregate.mid.fmeasure).toBeLessThan(aggregate.high.fmeasure);
    expect(Math.abs(aggregate.mid.fmeasure - aggregate.mean.fmeasure)).toBeLessThan(0.01);
  });

  it("rejects what BootstrapAggregator rejects, as ConfigErrors", () => {
    expect(() => aggregateRouge(THREE, { random: Math.random, confidence: 1.5 })).toThrow(ConfigError);
    expect(() => aggregateRouge(THREE, { random: Math.random, resamples: 0 })).toThrow(ConfigError);
    expect(aggregateRouge([], { random: Math.random })).toEqual({});
  });
});

describe("computeRouge (HF evaluate rouge.compute)", () => {
  const random = () => createSeededRandom(2024);

  it("the docstring and README example: identical texts give 1.0 everywhere", () => {
    const texts = ["hello there", "general kenobi"];
    expect(computeRouge(texts, texts, { random: random() })).toEqual({
      rouge1: 1,
      rouge2: 1,
      rougeL: 1,
      rougeLsum: 1,
    });
  });

  it("the README's multiple-references example: {rouge1: 0.8333, rouge2: 0.5, rougeL: 0.8333, rougeLsum: 0.8333}", () => {
    const result = computeRouge(
      ["hello there", "general kenobi"],
      [
        ["hello", "there"],
        ["general kenobi", "general yoda"],
      ],
      { random: random() },
    );
    expect(
      Object.fromEntries(Object.entries(result).map(([type, value]) => [type, Number(value.toFixed(4))])),
    ).toEqual({
      rouge1: 0.8333,
      rouge2: 0.5,
      rougeL: 0.8333,
      rougeLsum: 0.8333,
    });
  });

  // The README prints rouge1 [0.5, 0.0] and 0.25 here, which the code it documents does not give: rouge_score's
  // score("goodbye", "hello goodbye") is P 0.5, R 1, F 2/3, and CPython running rouge_score printed
  // [0.6666666666666666, 0.0] and a mid of 0.3333333333333333 (the README's rouge_types=['rouge_1'] variant would
  // raise "Invalid rouge type"). We follow the code.
  it("the README's examples without and with aggregation, as rouge_score computes them", () => {
    const predictions = ["hello goodbye", "ankh morpork"];
    const references = ["goodbye", "general kenobi"];
    const perSample = computeRougePerSample(predictions, references);
    expect(perSample).toEqual({
      rouge1: [0.6666666666666666, 0],
      rouge2: [0, 0],
      rougeL: [0.6666666666666666, 0],
      rougeLsum: [0.6666666666666666, 0],
    });
    const aggregated = computeRouge(predictions, references, { random: random() });
    expect(aggregated).toEqual({
      rouge1: 0.3333333333333333,
      rouge2: 0,
      rougeL: 0.3333333333333333,
      rougeLsum: 0.3333333333333333,
    });
    expect(computeRouge(predictions, references, { random: random(), rougeTypes: ["rouge1"] })).toEqual({
      rouge1: 0.3333333333333333,
    });
  });

  it("refuses inputs HF cannot score, as DatasetErrors", () => {
    expect(() => computeRouge([], [], { random: random() })).toThrow(DatasetError);
    expect(() => computeRougePerSample(["a"], ["a", "b"])).toThrow(/1 predictions and 2 references/);
    expect(() => computeRougePerSample(["a", "b"], [["a"], "b"])).toThrow(DatasetError);
  });
});
