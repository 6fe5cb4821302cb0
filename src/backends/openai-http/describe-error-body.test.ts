// Tests the short description of an error body (the finish-reason mapping is tested in src/protocol/).
import { describe, expect, it } from "vitest";
import { describeErrorBody } from "./describe-error-body.js";

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
