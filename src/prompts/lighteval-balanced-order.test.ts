// lightevalBalancedOrder against lighteval's own sampler: every expected order below was printed by running
// huggingface/lighteval src/lighteval/tasks/prompt_manager.py@3fd15266bc8448b797e61462d293aa3fd40b3580
// (`FewShotSampler`, 'balanced') under CPython 3.11.7 on docs whose `fewshot_sorting_class` is the label.
import { describe, expect, it } from "vitest";
import { compareCodePoints, lightevalBalancedOrder } from "./lighteval-balanced-order.js";

const CASES: readonly { seed: number; labels: string[]; order: number[] }[] = [
  { seed: 0, labels: ["a", "b", "a", "c", "b", "a"], order: [2, 4, 3, 5, 1, 0] },
  { seed: 0, labels: ["z", "y", "x", "w", "v", "u", "t", "s"], order: [3, 6, 2, 5, 7, 4, 0, 1] },
  { seed: 0, labels: ["1", "1", "1", "1"], order: [3, 1, 0, 2] },
  { seed: 0, labels: ["\ue000", "\u{1f600}", "b", "b"], order: [3, 0, 1, 2] },
  { seed: 0, labels: ["k", "j", "k", "j", "i", "h", "h", "g"], order: [6, 2, 3, 4, 7, 5, 0, 1] },
  { seed: 3, labels: ["a", "b", "a", "c", "b", "a"], order: [0, 1, 3, 5, 4, 2] },
  { seed: 3, labels: ["z", "y", "x", "w", "v", "u", "t", "s"], order: [7, 2, 0, 5, 6, 1, 3, 4] },
  { seed: 3, labels: ["1", "1", "1", "1"], order: [1, 3, 0, 2] },
  { seed: 3, labels: ["\ue000", "\u{1f600}", "b", "b"], order: [2, 1, 0, 3] },
  { seed: 3, labels: ["k", "j", "k", "j", "i", "h", "h", "g"], order: [3, 0, 5, 7, 4, 1, 2, 6] },
  // An empty label ends the draw when the cycle reaches it (lighteval's `if not next_label: break`).
  { seed: 0, labels: ["", "a", "b"], order: [] },
  { seed: 0, labels: ["a", "", "a", "b"], order: [2] },
  { seed: 1, labels: ["", "a", "b"], order: [1, 2] },
  { seed: 1, labels: ["a", "", "a", "b"], order: [0, 3] },
];

describe("lightevalBalancedOrder", () => {
  it.each(CASES)("draws $labels with seed $seed in lighteval's order", ({ seed, labels, order }) => {
    expect(lightevalBalancedOrder(labels, seed)).toEqual(order);
  });

  it("defaults to seed 0, as lighteval's first few-shot seed", () => {
    expect(lightevalBalancedOrder(["a", "b", "a", "c", "b", "a"])).toEqual([2, 4, 3, 5, 1, 0]);
  });

  it("returns nothing for an empty pool", () => {
    expect(lightevalBalancedOrder([])).toEqual([]);
  });
});

describe("compareCodePoints", () => {
  it("orders as Python's sorted() does, astral characters after the private-use area", () => {
    expect(["b", "\u{1f600}", "\ue000", "a", "ab", ""].sort(compareCodePoints)).toEqual([
      "",
      "a",
      "ab",
      "b",
      "\ue000",
      "\u{1f600}",
    ]);
    // JavaScript's default order puts the surrogate pair first.
    expect(["\ue000", "\u{1f600}"].sort()).toEqual(["\u{1f600}", "\ue000"]);
  });
});
