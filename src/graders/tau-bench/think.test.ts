import { describe, expect, it } from "vitest";
import { callTauTool } from "./tau-tool.js";
import { think } from "./think.js";

describe("think", () => {
  it("returns an empty observation and the data itself", () => {
    const data = new Map([["users", new Map()]]);
    const outcome = callTauTool(think, data, new Map([["thought", "compare the fares"]]));
    expect(outcome).toEqual({ output: "", data });
    expect(outcome.data).toBe(data);
  });

  it("error: the thought is required (Python's TypeError)", () => {
    expect(callTauTool(think, new Map(), new Map()).output).toBe(
      "Error: Think.invoke() missing 1 required positional argument: 'thought'",
    );
  });
});
