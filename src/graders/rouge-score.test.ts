// rouge_score's values. CASES: computed with CPython 3.11.7 by the functions of google-research/google-research
// rouge/rouge_scorer.py, tokenize.py and scoring.py@0c1bbe5fc971a1de1a427debc814e66ab4f1e7fa (run as they are, the
// stemmer off) on the same pairs. REFERENCE: test/fixtures/rouge-score/reference-scores.json (its `source`). The
// `rouge_scorer_test.py` / `tokenize_test.py` / `tokenizers_test.py` blocks are rouge_score's own unit tests (rouge_score
// 0.1.2, google-research rouge/rouge_scorer_test.py@da0c44e0b13f46c6483b01608c3e7ba014655858) with their inputs and
// expected numbers; the ROUGE-1.5.5 ones read the reference's testdata files (test/fixtures/rouge-score/).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, DatasetError } from "../errors.js";
import {
  lcsIndices,
  parseRougeType,
  type RougeScore,
  type RougeType,
  rougeScore,
  rougeScoreMulti,
  rougeTokens,
  summaryLevelLcs,
} from "./rouge-score.js";

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/rouge-score/${name}`, import.meta.url), "utf8")) as T;

interface ReferenceCase {
  target: string;
  prediction: string;
  useStemmer: boolean;
  scores: Record<string, [number, number, number]>;
}
const REFERENCE = fixture<{
  score: ReferenceCase[];
  scoreMulti: (Omit<ReferenceCase, "target"> & { targets: string[] })[];
}>("reference-scores.json");
const TESTDATA = fixture<Record<string, string>>("rouge-testdata.json");
/** Python's `readlines()`: lines with their newline. */
const readlines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

const triple = (score: RougeScore): [number, number, number] => [
  score.precision,
  score.recall,
  score.fmeasure,
];

/** `assertAlmostEqual(expected, actual, places)`: round(actual - expected, places) == 0. */
function expectAlmost(actual: number, expected: number, places = 7): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.5 * 10 ** -places);
}

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

describe("rougeScore against rouge_score run in CPython (rouge1…rouge9, rougeL, rougeLsum, stemmer off and on)", () => {
  it.each(
    REFERENCE.score.map(
      (entry) => [JSON.stringify(entry.target).slice(0, 40), entry.useStemmer, entry] as const,
    ),
  )("%s (stemmer %s)", (_label, _stemmer, { target, prediction, useStemmer, scores }) => {
    const types = Object.keys(scores) as RougeType[];
    const ours = rougeScore(target, prediction, types, { useStemmer });
    expect(Object.fromEntries(types.map((type) => [type, triple(ours[type])]))).toEqual(scores);
  });

  it.each(REFERENCE.scoreMulti.map((entry) => [entry.targets.join(" | "), entry.useStemmer, entry] as const))(
    "score_multi %s (stemmer %s)",
    (_label, _stemmer, { targets, prediction, useStemmer, scores }) => {
      const types = Object.keys(scores) as RougeType[];
      const ours = rougeScoreMulti(targets, prediction, types, { useStemmer });
      expect(Object.fromEntries(types.map((type) => [type, triple(ours[type])]))).toEqual(scores);
    },
  );
});

describe("rouge_scorer_test.py", () => {
  it.each(["rougen", "rouge0", "rouge10"])("testInvalidRougeTypes: %s is a ConfigError", (type) => {
    expect(() => rougeScore("testing one two", "testing", [type as RougeType])).toThrow(ConfigError);
    expect(() => parseRougeType(type)).toThrow(/Invalid rouge type/);
  });

  it.each(["rouge1", "rouge9", "rougeL", "rougeLsum"] as const)("testValidRougeTypes: %s", (type) => {
    expect(Object.keys(rougeScore("testing one two", "testing", [type]))).toEqual([type]);
  });

  it("testRouge1 and testRouge1Multi", () => {
    for (const result of [
      rougeScore("testing one two", "testing", ["rouge1"]).rouge1,
      rougeScoreMulti(["testing one two"], "testing", ["rouge1"]).rouge1,
    ]) {
      expectAlmost(result.precision, 1);
      expectAlmost(result.recall, 1 / 3);
      expectAlmost(result.fmeasure, 1 / 2);
    }
  });

  it("testRougeAllMulti", () => {
    const result = rougeScoreMulti(["first text", "first something"], "text first", [
      "rouge1",
      "rouge2",
      "rougeL",
    ]);
    expectAlmost(result.rouge1.fmeasure, 1);
    expectAlmost(result.rouge2.fmeasure, 0);
    expectAlmost(result.rougeL.fmeasure, 0.5);
  });

  it.each(["rouge1", "rouge2", "rougeL", "rougeLsum"] as const)("testRougeEmpty: %s", (type) => {
    expect(rougeScore("testing one two", "", [type])[type]).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
  });

  it("testRouge2, testRougeLConsecutive, testRougeLNonConsecutive, testMultipleRougeTypes", () => {
    const rouge2 = rougeScore("testing one two", "testing one", ["rouge2"]).rouge2;
    expect([rouge2.precision, rouge2.recall]).toEqual([1, 1 / 2]);
    expectAlmost(rouge2.fmeasure, 2 / 3);
    for (const prediction of ["testing one", "testing two"]) {
      const rougeL = rougeScore("testing one two", prediction, ["rougeL"]).rougeL;
      expectAlmost(rougeL.precision, 1);
      expectAlmost(rougeL.recall, 2 / 3);
      expectAlmost(rougeL.fmeasure, 4 / 5);
    }
    const both = rougeScore("testing one two", "testing one", ["rouge1", "rougeL"]);
    expect(Object.keys(both)).toEqual(["rouge1", "rougeL"]);
    for (const score of [both.rouge1, both.rougeL]) {
      expectAlmost(score.recall, 2 / 3);
      expectAlmost(score.fmeasure, 4 / 5);
    }
  });

  const targets = readlines(TESTDATA["target.txt"] ?? "");
  const predictions = readlines(TESTDATA["prediction.txt"] ?? "");
  // [type, useStemmer, line, recall, precision, fmeasure] as the test lists them (ROUGE-1.5.5's numbers).
  it.each([
    ["rouge1", false, 0, 0.40741, 0.6875, 0.51163],
    ["rouge1", false, 1, 0.40476, 0.65385, 0.5],
    ["rouge1", true, 0, 0.40741, 0.6875, 0.51163],
    ["rouge1", true, 1, 0.42857, 0.69231, 0.52941],
    ["rouge2", false, 0, 0.30769, 0.53333, 0.39024],
    ["rouge2", false, 1, 0.29268, 0.48, 0.36364],
    ["rouge2", true, 0, 0.30769, 0.53333, 0.39024],
    ["rouge2", true, 1, 0.29268, 0.48, 0.36364],
    ["rougeL", false, 0, 0.40741, 0.6875, 0.51163],
    ["rougeL", false, 1, 0.40476, 0.65385, 0.5],
  ] as const)(
    "test%sAgainstRouge155 (stemmer %s), line %i",
    (type, useStemmer, line, recall, precision, fmeasure) => {
      const score = rougeScore(targets[line] ?? "", predictions[line] ?? "", [type], { useStemmer })[type];
      expectAlmost(score.recall, recall, 5);
      expectAlmost(score.precision, precision, 5);
      expectAlmost(score.fmeasure, fmeasure, 5);
    },
  );

  it("testRougeLSumAgainstRouge155WithStemming", () => {
    const target = TESTDATA["pyrouge_files/target_multi.0.txt"] ?? "";
    const prediction = TESTDATA["pyrouge_files/prediction_multi.0.txt"] ?? "";
    const score = rougeScore(target, prediction, ["rougeLsum"], { useStemmer: true }).rougeLsum;
    expectAlmost(score.recall, 0.36538, 5);
    expectAlmost(score.precision, 0.66667, 5);
    expectAlmost(score.fmeasure, 0.47205, 5);
  });

  it("testRougeLSumSentenceSplitting (the newline cases; split_summaries=True needs nltk's sentence splitter)", () => {
    const target = "First sentence.\nSecond Sentence.";
    const prediction = "Second sentence.\nFirst Sentence.";
    expectAlmost(
      rougeScore(target, prediction, ["rougeLsum"], { useStemmer: true }).rougeLsum.fmeasure,
      1,
      5,
    );
    const flat = rougeScore(target.replace("\n", " "), prediction.replace("\n", " "), ["rougeLsum"], {
      useStemmer: true,
    });
    expectAlmost(flat.rougeLsum.fmeasure, 0.5, 5);
  });

  it("testLcsTable", () => {
    expect(lcsIndices(["1", "2", "3", "4", "5"], ["2", "5", "3", "4"])).toEqual([1, 2, 3]);
    expect(lcsIndices(["1", "2", "3", "4", "5"], ["8", "9"])).toEqual([]);
  });

  it("testUnionLcs and testSummaryLevelLcs", () => {
    const reference = [["1", "2", "3", "4", "5"]];
    const candidates = [
      ["1", "2", "6", "7", "8"],
      ["1", "3", "8", "9", "5"],
    ];
    expect(candidates.map((candidate) => lcsIndices(reference[0] ?? [], candidate))).toEqual([
      [0, 1],
      [0, 2, 4],
    ]);
    const score = summaryLevelLcs(reference, candidates);
    expect(score.recall).toBe(0.8);
    expect(score.precision).toBe(0.4);
    expectAlmost(score.fmeasure, 0.5333, 3);
    expect(summaryLevelLcs([["reference"]], [[]]).recall).toBe(0);
  });

  it("testRougeLsum", () => {
    const score = rougeScore("w1 w2 w3 w4 w5", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", ["rougeLsum"]).rougeLsum;
    expectAlmost(score.recall, 0.8);
    expectAlmost(score.precision, 0.4);
    expectAlmost(score.fmeasure, 0.5333, 3);
    for (const [target, prediction] of [
      ["w1 w2 w3 w4 w5", ""],
      ["", "w1"],
      ["w1 w2 w3 w4 w5", "/"],
    ] as const) {
      expect(rougeScore(target, prediction, ["rougeLsum"]).rougeLsum).toEqual({
        precision: 0,
        recall: 0,
        fmeasure: 0,
      });
    }
  });

  it("testRougeTokenizerInit", () => {
    expect(rougeScore("this is a test", "this is a test", ["rouge1"]).rouge1.fmeasure).toBe(1);
  });

  it("score_multi with no reference is a DatasetError (np.argmax of nothing raises)", () => {
    expect(() => rougeScoreMulti([], "anything")).toThrow(DatasetError);
  });
});

describe("tokenize_test.py and tokenizers_test.py", () => {
  it("test_give_me_a_name", () => {
    expect(rougeTokens("one Two three")).toEqual(["one", "two", "three"]);
    expect(rougeTokens("one\n Two \nthree")).toEqual(["one", "two", "three"]);
  });

  it("test_default_tokenizer_no_stemmer_init and _with_stemmer_init", () => {
    expect(rougeTokens("this is a test")).toEqual(["this", "is", "a", "test"]);
    expect(rougeTokens("the friends had a meeting", { useStemmer: true })).toEqual([
      "the",
      "friend",
      "had",
      "a",
      "meet",
    ]);
  });

  it("stems only tokens longer than 3 characters (nltk would give 'die' for 'dies' and 'sky' for 'skies')", () => {
    expect(rougeTokens("dies ties skies running", { useStemmer: true })).toEqual([
      "die",
      "tie",
      "sky",
      "run",
    ]);
    expect(rougeTokens("was has its", { useStemmer: true })).toEqual(["was", "has", "its"]);
  });
});
