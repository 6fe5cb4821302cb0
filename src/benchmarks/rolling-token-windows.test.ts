// Rolling windows against lm-eval's own unit tests (tests/test_utils.py @4e7e0d47f33bc71070c1d38394bafbb52b117163:
// test_get_rolling_token_windows_v1…v6, _empty, test_make_disjoint_window) and the requests its API models send.
import { describe, expect, it } from "vitest";
import { disjointWindow, lmEvalRollingRequests, rollingTokenWindows } from "./rolling-token-windows.js";

const range = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index);
const pairs = (tokens: number[], maxSeqLen: number, contextLen: number) =>
  rollingTokenWindows(tokens, -100, maxSeqLen, contextLen).map((window) => [
    window.context,
    window.predicted,
  ]);

describe("rollingTokenWindows (lm-eval's get_rolling_token_windows)", () => {
  it("v1: 34 tokens, max_seq_len 10, context_len 1", () => {
    expect(pairs(range(34), 10, 1)).toEqual([
      [[-100, ...range(9)], range(10)],
      [range(10, 9), range(10, 10)],
      [range(10, 19), range(10, 20)],
      [range(10, 23), [30, 31, 32, 33]],
    ]);
  });

  it("v2: 34 tokens, max_seq_len 10, context_len 8", () => {
    const gold: number[][][] = [[[-100, ...range(9)], range(10)]];
    for (let start = 2; start <= 23; start += 3) gold.push([range(10, start), range(3, start + 8)]);
    expect(pairs(range(34), 10, 8)).toEqual(gold);
  });

  it("v3 and v4: 34 and 30 tokens, max_seq_len 10, context_len 10 (one token a window)", () => {
    for (const count of [34, 30]) {
      const gold: number[][][] = [[[-100, ...range(9)], range(10)]];
      for (let token = 10; token < count; token++) gold.push([range(10, token - 10), [token]]);
      expect(pairs(range(count), 10, 10)).toEqual(gold);
    }
  });

  it("v5: 30 tokens, max_seq_len 10, context_len 1", () => {
    expect(pairs(range(30), 10, 1)).toEqual([
      [[-100, ...range(9)], range(10)],
      [range(10, 9), range(10, 10)],
      [range(10, 19), range(10, 20)],
    ]);
  });

  it("v6: 9 tokens, max_seq_len 2, context_len 1; and no windows for no tokens", () => {
    expect(pairs(range(9), 2, 1)).toEqual([
      [
        [-100, 0],
        [0, 1],
      ],
      [
        [1, 2],
        [2, 3],
      ],
      [
        [3, 4],
        [4, 5],
      ],
      [
        [5, 6],
        [6, 7],
      ],
      [[6, 7], [8]],
    ]);
    expect(pairs([], 2, 1)).toEqual([]);
    expect(() => rollingTokenWindows([1], -100, 2, 3)).toThrow(RangeError);
  });
});

describe("disjointWindow (lm-eval's make_disjoint_window)", () => {
  it("cuts the input where the predictions start", () => {
    const cut = (context: number[], predicted: number[]) => {
      const window = disjointWindow({ context, predicted });
      return [window.context, window.predicted];
    };
    expect(cut([1, 2, 3, 4, 5], [2, 3, 4, 5, 6])).toEqual([[1], [2, 3, 4, 5, 6]]);
    expect(cut([1, 2, 3, 4, 5], [4, 5, 6])).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(cut([1, 2, 3, 4, 5], [6])).toEqual([[1, 2, 3, 4, 5], [6]]);
  });
});

describe("lmEvalRollingRequests (TemplateAPI.loglikelihood_rolling)", () => {
  it("max_length 6: windows of max_seq_len 4, requests of at most 5 ids, each token predicted once", () => {
    // self.max_length = 6 - 1 = 5; get_rolling_token_windows(max_seq_len=4, context_len=1) on 0…9, made disjoint:
    // ([-100], [0 1 2 3]), ([3], [4 5 6 7]), ([5 6 7], [8 9]) → prompts of context + continuation (the same
    // printed by lm-eval's functions run in python3 here).
    expect(lmEvalRollingRequests(range(10), -100, 6)).toEqual([
      { ids: [-100, 0, 1, 2, 3], contextLength: 1 },
      { ids: [3, 4, 5, 6, 7], contextLength: 1 },
      { ids: [5, 6, 7, 8, 9], contextLength: 3 },
    ]);
    expect(lmEvalRollingRequests(range(3), 7, 2048)).toEqual([{ ids: [7, 0, 1, 2], contextLength: 1 }]);
    expect(() => lmEvalRollingRequests(range(3), 7, 2)).toThrow(RangeError);
  });
});
