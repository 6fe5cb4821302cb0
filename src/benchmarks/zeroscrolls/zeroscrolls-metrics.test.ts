// The official ZeroSCROLLS metrics on hand-worked and documented cases (expected values computed in CPython with
// the metric files' own functions where noted).
import { describe, expect, it } from "vitest";
import { unidecodeFold } from "./unidecode-fold.js";
import {
  accuracyScore,
  concordanceIndexScore,
  expSimilarityScore,
  f1Score,
  findPercentage,
  maxOverReferences,
  normalizeAnswer,
  summaryIds,
  zeroscrollsRouge,
} from "./zeroscrolls-metrics.js";

describe("ZeroSCROLLS f1", () => {
  it("normalises as f1.py: lower, punctuation and articles out, whitespace joined, unidecode", () => {
    expect(normalizeAnswer("  The Café,  an   Ünïcode-test! ")).toBe("cafe unicodetest");
    // Python's \b is Unicode-aware: "the" glued to a non-ASCII letter is not an article.
    expect(normalizeAnswer("théa the")).toBe("thea");
    expect(unidecodeFold("Don\u2019t \u201cquote\u201d \u2014 Straße")).toBe('Don\'t "quote" -- Strasse');
  });

  it("takes the best F1 over the references (CPython: 0.6666666666666665 and 0.4)", () => {
    expect(f1Score("The parrot was named Otto.", "His parrot was called Otto")).toBeCloseTo(
      0.6666666666666665,
      15,
    );
    expect(f1Score("The parrot was named Otto.", "Otto")).toBeCloseTo(0.4, 15);
    expect(
      maxOverReferences(f1Score, "The parrot was named Otto.", ["Otto", "His parrot was called Otto"]),
    ).toBeCloseTo(2 / 3, 15);
    expect(f1Score("the", "the")).toBe(0);
  });
});

describe("ZeroSCROLLS accuracy, exp similarity and concordance index", () => {
  it("reads the first standalone letter A-D", () => {
    expect(accuracyScore("The answer is (B).", "(B) They ran out of water")).toBe(1);
    expect(accuracyScore("A: it is C", "(C) x")).toBe(0);
    expect(() => accuracyScore("B", "none")).toThrow(/no letter/);
  });

  it("scores a percentage as 0.5^(|gold - predicted| / 10) (CPython: 0.36602142398640636)", () => {
    expect(findPercentage("about 45.5% of them")).toBe(45.5);
    expect(expSimilarityScore("about 45.5% of them", "60%")).toBeCloseTo(0.36602142398640636, 15);
    expect(expSimilarityScore("60 percent", "60%")).toBe(0);
    expect(() => expSimilarityScore("60%", "sixty")).toThrow(/no percentage/);
  });

  it("scores an order by the concordance of positions (CPython pair count: 0.8333333333333334)", () => {
    expect(summaryIds("Summary 4, Summary 2, then 1 and 3.")).toEqual([4, 2, 1, 3]);
    expect(concordanceIndexScore("Summary 4, Summary 2, then 1 and 3.", "2, 4, 1, 3")).toBeCloseTo(
      0.8333333333333334,
      15,
    );
    expect(concordanceIndexScore("2 4 1 3", "2, 4, 1, 3")).toBe(1);
    expect(concordanceIndexScore("3, 1, 4, 2", "2, 4, 1, 3")).toBe(0);
    // Not the same ids: 0 whatever the order.
    expect(concordanceIndexScore("2, 4, 1", "2, 4, 1, 3")).toBe(0);
  });
});

describe("ZeroSCROLLS rouge", () => {
  it("reproduces SCROLLS' documented example: rouge1 72.2222, rouge2 33.3333, rougeL 72.2222, geometric mean 55.8136", () => {
    const predictions = ["exact match example", "hello there", "general kenobi"];
    const references = [["exact match example"], ["hello", "hi there"], ["commander kenobi"]];
    const perSample = predictions.map((prediction, index) =>
      zeroscrollsRouge(prediction, references[index] ?? []),
    );
    const mean = (key: "rouge1" | "rouge2" | "rougeL") =>
      (100 * perSample.reduce((sum, scores) => sum + scores[key], 0)) / perSample.length;
    expect(mean("rouge1")).toBeCloseTo(72.2222, 4);
    expect(mean("rouge2")).toBeCloseTo(33.3333, 4);
    expect(mean("rougeL")).toBeCloseTo(72.2222, 4);
    expect(Math.cbrt(mean("rouge1") * mean("rouge2") * mean("rougeL"))).toBeCloseTo(55.8136, 4);
  });
});
