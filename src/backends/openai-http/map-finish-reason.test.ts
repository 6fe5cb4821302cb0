// Tests the wire finish_reason → domain FinishReason mapping and the short error-body description.
import { describe, expect, it } from "vitest";
import { mapFinishReason } from "../../protocol/map-finish-reason.js";
import { describeErrorBody } from "./describe-error-body.js";

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

describe("describeErrorBody", () => {
  it.each([
    ['{"error":{"message":"Model not found","type":"NotFoundError"}}', "Model not found"],
    ['{"object":"error","message":"too long","code":400}', "too long"],
    ['{"error":"Input validation error: inputs too long"}', "Input validation error: inputs too long"],
    [
      '{"detail":[{"loc":["body","model"],"msg":"field required"}]}',
      '[{"loc":["body","model"],"msg":"field required"}]',
    ],
    ["<html>\n  Bad   Gateway\n</html>", "<html> Bad Gateway </html>"],
  ])("%s → %s", (body, expected) => {
    expect(describeErrorBody(body)).toBe(expected);
  });

  it("shortens long bodies", () => {
    expect(describeErrorBody("x".repeat(1000))).toHaveLength(301);
  });
});
