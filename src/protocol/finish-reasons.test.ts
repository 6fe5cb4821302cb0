// Finish reasons both ways: what servers send mapped to the domain union, and the domain union sent back.
import { describe, expect, it } from "vitest";
import { FINISH_REASONS } from "../core/generation.js";
import { mapFinishReason } from "./map-finish-reason.js";
import { wireFinishReason } from "./wire-finish-reason.js";

describe("mapFinishReason", () => {
  it.each([
    ["stop", "stop"],
    ["eos_token", "stop"],
    ["length", "length"],
    ["content_filter", "content-filter"],
    ["tool_calls", "tool-calls"],
    ["function_call", "tool-calls"],
    ["abort", "other"],
    [null, "unknown"],
    [undefined, "unknown"],
  ] as const)("%s → %s", (wire, expected) => {
    expect(mapFinishReason(wire)).toBe(expected);
  });
});

describe("wireFinishReason", () => {
  it("sends OpenAI's words, null where there is none, and reads back to the same reason", () => {
    expect(FINISH_REASONS.map(wireFinishReason)).toEqual([
      "stop",
      "length",
      "content_filter",
      "tool_calls",
      null,
      null,
    ]);
    for (const reason of ["stop", "length", "content-filter", "tool-calls"] as const)
      expect(mapFinishReason(wireFinishReason(reason))).toBe(reason);
  });
});
