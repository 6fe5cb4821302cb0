// `--scoring`: the default, the completions endpoint it implies, and the options it rejects.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { parseRunOptions } from "./parse-run-options.js";

describe("parseRunOptions scoring", () => {
  it("defaults to generate and leaves the endpoint to each benchmark (planBenchmark: its own, else chat)", () => {
    const options = parseRunOptions({ benchmarks: ["mmlu"] });
    expect(options.scoring).toBe("generate");
    expect(options.endpointType).toBeUndefined();
  });

  it("loglikelihood implies the completions endpoint", () => {
    expect(parseRunOptions({ benchmarks: ["mmlu"], scoring: "loglikelihood" })).toMatchObject({
      scoring: "loglikelihood",
      endpointType: "completions",
    });
    expect(
      parseRunOptions({ benchmarks: ["mmlu"], scoring: "loglikelihood", endpointType: "completions" })
        .endpointType,
    ).toBe("completions");
  });

  it("rejects an explicit chat endpoint, a grader and CoT with loglikelihood", () => {
    const base = { benchmarks: ["mmlu"], scoring: "loglikelihood" as const };
    expect(() => parseRunOptions({ ...base, endpointType: "chat" })).toThrow(ConfigError);
    expect(() => parseRunOptions({ ...base, endpointType: "chat" })).toThrow(/drop --endpoint-type chat/);
    expect(() => parseRunOptions({ ...base, grader: "exact_match" })).toThrow(
      /--grader exact_match does not apply/,
    );
    expect(() => parseRunOptions({ ...base, cot: true })).toThrow(/--cot does not apply/);
    expect(parseRunOptions({ ...base, cot: false }).cot).toBe(false);
  });

  it("names the flag of an unknown scoring", () => {
    expect(() => parseRunOptions({ benchmarks: ["mmlu"], scoring: "ranked" as never })).toThrow(/--scoring/);
  });
});
