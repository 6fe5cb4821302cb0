import { describe, expect, it } from "vitest";
import { writtenOptions } from "./written-options.js";

describe("writtenOptions", () => {
  it("leaves out the API key and the resume path, and writes the keys inside URL options as ***", () => {
    const written = writtenOptions({
      apiKey: "sk-KEY",
      resume: "results/r",
      baseUrl: "http://user:SECRET@host:8000/v1?api_key=SECRET2",
      serverMetricsUrl: "http://host:8000/metrics?token=SECRET3",
      systemPrompt: "?key=kept as asked",
      concurrency: 4,
    });
    expect(written).toEqual({
      baseUrl: "http://user:***@host:8000/v1?api_key=***",
      serverMetricsUrl: "http://host:8000/metrics?token=***",
      systemPrompt: "?key=kept as asked",
      concurrency: 4,
    });
  });
});
