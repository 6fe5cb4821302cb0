import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { isScorer, type ScorerInput, scorer } from "./scorer.js";

describe("scorer", () => {
  it("marks one- and two-parameter functions", () => {
    const one = scorer((sample: ScorerInput) => ({ correct: sample.response === sample.target }));
    const two = scorer((sample: ScorerInput, config) => ({ correct: sample.target === config.benchmark }));
    expect(isScorer(one)).toBe(true);
    expect(isScorer(two)).toBe(true);
    expect(isScorer((sample: ScorerInput) => ({ correct: sample.response === "" }))).toBe(false);
    expect(isScorer("exact_match")).toBe(false);
  });

  it("rejects a scorer with no parameter or with three, naming it and saying what a scorer takes", () => {
    const none = () => ({ correct: true });
    expect(() => scorer(none as never)).toThrow(ConfigError);
    expect(() => scorer(none as never)).toThrow(
      /scorer none takes 0 parameters; a scorer takes one, \(sample\)/,
    );
    function legacy(response: string, target: string, metadata: unknown) {
      return { correct: response === target && metadata !== undefined };
    }
    expect(() => scorer(legacy as never)).toThrow(/scorer legacy takes 3 parameters/);
  });

  it("rejects what is not a function", () => {
    expect(() => scorer("exact_match" as never)).toThrow(/scorer\(\) takes a function, got string/);
  });
});
