// What the console says after a run that did not grade every sample.
import { describe, expect, it } from "vitest";
import { failureReport } from "./failure-report.js";

const resumeCommand = "llm-bench run --resume results/x";

describe("failureReport", () => {
  it("says nothing when every sample was graded", () => {
    expect(failureReport({ failed: 0, unsent: 0, failures: [], resumeCommand })).toBe("");
  });

  it("lists the classes with an example and advises --resume for failures a retry can fix", () => {
    const text = failureReport({
      failed: 3,
      unsent: 100,
      failures: [
        {
          errorClass: "E_CONNECTION",
          count: 3,
          example: "Connection failed: ECONNREFUSED",
          isRetryable: true,
        },
      ],
      serverGone: { failures: 3, example: "Connection failed: ECONNREFUSED" },
      resumeCommand,
    });
    expect(text).toBe(
      "3 samples failed after their retries and were not graded (the accuracy is over the graded samples):\n" +
        "  E_CONNECTION ×3 — e.g. Connection failed: ECONNREFUSED\n" +
        "The server stopped answering: 3 samples in a row could not connect (Connection failed: ECONNREFUSED). " +
        "Sending stopped; what finished is saved.\n" +
        "100 samples were not sent.\n" +
        `Continue with: ${resumeCommand} (only the failed and unsent samples are sent)\n`,
    );
  });

  it("does not advise --resume when every failure would fail the same way", () => {
    const text = failureReport({
      failed: 1,
      unsent: 0,
      failures: [
        { errorClass: "http_400", count: 1, example: `HTTP 400: ${"x".repeat(400)}`, isRetryable: false },
      ],
      resumeCommand,
    });
    expect(text).toMatch(/^1 sample failed after its retries and was not graded/);
    expect(text).toMatch(/http_400 would fail the same way again/);
    expect(text).not.toContain("--resume");
    // Long messages are clipped to one line.
    expect(text.split("\n")[1]).toMatch(/^ {2}http_400 ×1 — e\.g\. HTTP 400: x+…$/);
    expect(text.split("\n")[1]?.length).toBeLessThanOrEqual("  http_400 ×1 — e.g. ".length + 240);
  });

  it("names the server and advises more retries when every sample failed on server faults", () => {
    const text = failureReport({
      failed: 20,
      unsent: 0,
      failures: [
        {
          errorClass: "http_503",
          count: 12,
          example: "HTTP 503 from POST /v1/chat/completions: busy",
          isRetryable: true,
        },
        { errorClass: "stream_reset", count: 8, example: "read ECONNRESET", isRetryable: true },
      ],
      resumeCommand,
      serverUrl: "http://127.0.0.1:8000/v1",
      maxRetries: 2,
    });
    expect(text).toBe(
      "20 samples failed after their retries and were not graded (the accuracy is over the graded samples):\n" +
        "  http_503 ×12 — e.g. HTTP 503 from POST /v1/chat/completions: busy\n" +
        "  stream_reset ×8 — e.g. read ECONNRESET\n" +
        "Check the server at http://127.0.0.1:8000/v1 (is it up, overloaded, behind a proxy?); allow more retries " +
        "than 2 with --max-retries N.\n" +
        `Continue with: ${resumeCommand} (only the failed and unsent samples are sent)\n`,
    );
  });

  it("says the server is not OpenAI-compatible when a run of such answers stopped the run", () => {
    const text = failureReport({
      failed: 20,
      unsent: 80,
      failures: [
        { errorClass: "not_openai_response", count: 20, example: "an HTML page", isRetryable: true },
      ],
      serverGone: { failures: 20, example: "HTTP 200 with a text/html body", reason: "not-openai" },
      resumeCommand,
    });
    expect(text).toContain(
      "The server is not OpenAI-compatible: 20 samples in a row got an answer that is not an OpenAI API's " +
        "(HTTP 200 with a text/html body).",
    );
    expect(text).toContain("Point --base-url at the server's OpenAI API");
    expect(text).not.toContain("could not connect");
  });
});
