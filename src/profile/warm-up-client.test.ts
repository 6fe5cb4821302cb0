// Tests the client's in-process warm-up: it runs real requests (streamed and not) for its budget, then stops.
import { describe, expect, it } from "vitest";
import { createSyntheticWorkload } from "../workloads/synthetic-workload.js";
import { warmUpClient } from "./warm-up-client.js";

describe("warmUpClient", () => {
  for (const stream of [true, false]) {
    it(`sends ${stream ? "streamed" : "non-streamed"} requests to its own server until the budget is spent`, async () => {
      const workload = createSyntheticWorkload({
        inputTokens: 16,
        outputTokens: 200,
        endpointType: "chat",
        stream,
      });
      const report = await warmUpClient({ workload, model: "some-model", budgetMs: 150 });
      expect(report.requests).toBeGreaterThan(10);
      expect(report.okRequests).toBe(report.requests);
      expect(report.elapsedMs).toBeGreaterThanOrEqual(150);
    });
  }

  it("stops at maxRequests, and does nothing with a zero budget", async () => {
    const workload = createSyntheticWorkload({
      inputTokens: 8,
      outputTokens: 4,
      endpointType: "completions",
      stream: true,
    });
    const capped = await warmUpClient({
      workload,
      model: "m",
      budgetMs: 10_000,
      maxRequests: 40,
      concurrency: 4,
    });
    expect(capped.requests).toBe(40);
    expect(capped.okRequests).toBe(40);
    expect(await warmUpClient({ workload, model: "m", budgetMs: 0 })).toEqual({
      requests: 0,
      okRequests: 0,
      elapsedMs: 0,
    });
  });
});
