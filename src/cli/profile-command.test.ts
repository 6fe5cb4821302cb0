// `profile`'s command line: aiperf's documented accuracy invocation parses into the expected profile options.
import { describe, expect, it } from "vitest";
import { parseProfileOptions } from "../config/parse-profile-options.js";
import { parseProfileCommandLine } from "./profile-command.js";

describe("parseProfileCommandLine", () => {
  it("reads aiperf's invocation verbatim: positional model, --url, --accuracy-*, --extra-inputs", () => {
    const { input } = parseProfileCommandLine(
      [
        "Qwen/Qwen2.5-1.5B-Instruct",
        "--url",
        "http://localhost:8000",
        "--endpoint-type",
        "chat",
        "--accuracy-benchmark",
        "mmlu",
        "--accuracy-n-shots",
        "5",
        "--accuracy-tasks",
        "abstract_algebra,anatomy",
        "--accuracy-enable-cot",
        "--accuracy-grader",
        "math",
        "--accuracy-system-prompt",
        "",
        "--accuracy-verbose",
        "--num-requests",
        "15000",
        "--concurrency",
        "10",
        "--extra-inputs",
        '{"temperature": 0, "stop": ["\\n"]}',
      ],
      {},
    );
    expect(parseProfileOptions(input)).toEqual({
      model: "Qwen/Qwen2.5-1.5B-Instruct",
      baseUrl: "http://localhost:8000/v1",
      endpointType: "chat",
      stream: true,
      accuracyBenchmark: "mmlu",
      nShots: 5,
      tasks: ["abstract_algebra", "anatomy"],
      cot: true,
      grader: "math",
      systemPrompt: "",
      verbose: true,
      numRequests: 15000,
      concurrency: 10,
      extraInputs: { temperature: 0, stop: ["\n"] },
      isl: 550,
      osl: 150,
      islStddev: 0,
      oslStddev: 0,
      ignoreEos: false,
      arrival: "poisson",
      burstiness: 1,
      seed: 0,
      warmup: 0,
      clientWarmupMs: 300,
      outputDir: "results",
      quiet: false,
      replicaCooldownMs: 10_000,
      replicaEjectAfter: 3,
      html: false,
      timeoutMs: 600_000,
      maxResponseBytes: 32 * 1024 ** 2,
      maxRetries: 0,
      graceMs: 5_000,
      workers: 1,
      serverMetricsIntervalS: 5,
      samplesPerTask: 1,
      allowUnsafeCode: false,
      structuredOutputStyle: "response_format",
      journalPrompts: "auto",
    });
  });

  it("takes --n-shots null and --max-samples as run does", () => {
    const { input } = parseProfileCommandLine(
      ["--accuracy-benchmark", "gsm8k", "--n-shots", "null", "--max-samples", "20"],
      {},
    );
    expect(input).toEqual({ accuracyBenchmark: "gsm8k", limit: 20 });
  });

  it("passes the server-metrics options on as profile options, checked by the library's schema", () => {
    const parsed = parseProfileCommandLine(
      ["--server-metrics-url", "http://h:8000/metrics", "--server-metrics-interval", "2"],
      {},
    );
    expect(parsed.input).toEqual({ serverMetricsUrl: "http://h:8000/metrics", serverMetricsIntervalS: 2 });
    expect(parseProfileOptions({}).serverMetricsIntervalS).toBe(5);
    expect(() => parseProfileCommandLine(["--server-metrics-interval", "0"], {})).toThrow(
      '--server-metrics-interval: expected a positive number, got "0".',
    );
    expect(() => parseProfileOptions({ serverMetricsIntervalS: 0 })).toThrow(/--server-metrics-interval: /);
  });

  it("refuses two models and a second positional", () => {
    expect(parseProfileCommandLine(["m", "--model", "m"], {}).input).toEqual({ model: "m" });
    expect(() => parseProfileCommandLine(["a", "--model", "b"], {})).toThrow(/the model is named twice/);
    expect(() => parseProfileCommandLine(["a", "b"], {})).toThrow(/one MODEL at most/);
  });

  it("names --duration and --timeout, the flags users type, when the library rejects a value", () => {
    expect(() => parseProfileOptions({ durationS: -1 })).toThrow(
      "--duration: expected a positive number, got -1",
    );
    expect(() => parseProfileOptions({ timeoutMs: 0 })).toThrow(
      /^--timeout \(timeoutMs\): expected a positive/,
    );
    expect(() => parseProfileOptions({ concurrency: 2, requestRate: 5 })).toThrow(
      "--concurrency: give --concurrency (closed loop) or --request-rate (open loop), not both",
    );
  });
});
