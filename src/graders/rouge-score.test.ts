// rouge_score's values, computed with CPython 3.11.7 by the functions of google-research/google-research
// rouge/rouge_scorer.py, tokenize.py and scoring.py@0c1bbe5fc971a1de1a427debc814e66ab4f1e7fa (run as they are, the
// stemmer off) on the same pairs.
import { describe, expect, it } from "vitest";
import { rougeScore, rougeTokens } from "./rouge-score.js";

const CASES: [string, string, Record<string, [number, number, number]>][] = [
  [
    "The quick brown fox jumps over the lazy dog",
    "The quick brown dog jumps on the log.",
    {
      rouge1: [0.75, 0.6666666666666666, 0.7058823529411765],
      rouge2: [0.2857142857142857, 0.25, 0.26666666666666666],
      rougeL: [0.625, 0.5555555555555556, 0.5882352941176471],
      rougeLsum: [0.625, 0.5555555555555556, 0.5882352941176471],
    },
  ],
  [
    "one two three\nfour five",
    "one two\nthree four six",
    {
      rouge1: [0.8, 0.8, 0.8000000000000002],
      rouge2: [0.75, 0.75, 0.75],
      rougeL: [0.8, 0.8, 0.8000000000000002],
      rougeLsum: [0.8, 0.8, 0.8000000000000002],
    },
  ],
  [
    "    return sorted(set(l1) & set(l2))\n",
    "    ret = set()\n    for e1 in l1:\n        for e2 in l2:\n            if e1 == e2:\n                ret.add(e1)\n    return sorted(list(ret))\n",
    {
      rouge1: [0.25, 0.8333333333333334, 0.3846153846153846],
      rouge2: [0.05263157894736842, 0.2, 0.08333333333333333],
      rougeL: [0.15, 0.5, 0.23076923076923075],
      rougeLsum: [0.25, 0.8333333333333334, 0.3846153846153846],
    },
  ],
  ["", "", { rouge1: [0, 0, 0], rouge2: [0, 0, 0], rougeL: [0, 0, 0], rougeLsum: [0, 0, 0] }],
  [
    "a a a b",
    "a b b",
    {
      rouge1: [0.6666666666666666, 0.5, 0.5714285714285715],
      rouge2: [0.5, 0.3333333333333333, 0.4],
      rougeL: [0.6666666666666666, 0.5, 0.5714285714285715],
      rougeLsum: [0.6666666666666666, 0.5, 0.5714285714285715],
    },
  ],
  [
    "Été café — x_y 42!",
    "ete cafe x y 42",
    { rouge1: [0.6, 0.6, 0.6], rouge2: [0.5, 0.5, 0.5], rougeL: [0.6, 0.6, 0.6], rougeLsum: [0.6, 0.6, 0.6] },
  ],
];

describe("rougeScore (rouge_score, no stemmer)", () => {
  it.each(CASES)("%j vs %j", (target, prediction, expected) => {
    const scores = rougeScore(target, prediction);
    for (const [type, [precision, recall, fmeasure]] of Object.entries(expected)) {
      expect({ type, ...scores[type as keyof typeof scores] }).toEqual({ type, precision, recall, fmeasure });
    }
  });

  it("tokenizes as rouge_score does: lowercase, non-alphanumerics as spaces", () => {
    expect(rougeTokens("Hello, World! x_y 3.14")).toEqual(["hello", "world", "x", "y", "3", "14"]);
    expect(rougeTokens("   ")).toEqual([]);
  });
});
