// Reading a command's arguments from its option groups: conversion, aliases, checks and their messages.
import { describe, expect, it } from "vitest";
import { mockServerFlagsSchema } from "../config/mock-server-options.js";
import { parseOptionValues } from "../config/parse-option-values.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import { ConfigError } from "../errors.js";
import { gradeSpec, mockServerSpec, runSpec, thetaSpec } from "./command-specs.js";
import { parseCommandLine } from "./parse-command-line.js";

const run = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseCommandLine(runSpec, argv, env);

describe("parseCommandLine", () => {
  it("converts integers, numbers, comma lists, JSON, booleans and seconds into run options", () => {
    const { values, positionals } = run([
      "mmlu",
      "gsm8k",
      "--concurrency",
      "64",
      "--tasks",
      "anatomy,virology",
      "--tasks",
      "astronomy,",
      "--no-stream",
      "--timeout",
      "1.5",
      "--temperature=0.7",
      "--extra-inputs",
      '{"stop": ["\\n"]}',
      "-v",
    ]);
    expect(positionals).toEqual(["mmlu", "gsm8k"]);
    expect(values).toEqual({
      concurrency: 64,
      tasks: ["anatomy", "virology", "astronomy"],
      stream: false,
      timeoutMs: 1500,
      temperature: 0.7,
      extraInputs: { stop: ["\n"] },
      verbose: true,
    });
  });

  it("keeps only what was given, so defaults stay the library's", () => {
    expect(run(["gsm8k"]).values).toEqual({});
  });

  it("takes --max-samples for --limit and the --accuracy-* spellings for the accuracy options", () => {
    const { values } = run([
      "--max-samples",
      "100",
      "--accuracy-n-shots",
      "5",
      "--accuracy-tasks",
      "abstract_algebra",
      "--accuracy-enable-cot",
      "--accuracy-grader",
      "math",
      "--accuracy-system-prompt",
      "",
      "--accuracy-verbose",
    ]);
    expect(values).toEqual({
      limit: 100,
      nShots: 5,
      tasks: ["abstract_algebra"],
      cot: true,
      grader: "math",
      systemPrompt: "",
      verbose: true,
    });
  });

  it("reads --n-shots null as the benchmark's default, for run and grade alike", () => {
    expect(run(["--n-shots", "5", "--n-shots", "null"]).values).toEqual({});
    expect(parseCommandLine(gradeSpec, ["--n-shots", "null", "--responses", "r.jsonl"]).values).toEqual({
      responses: "r.jsonl",
    });
  });

  it("--cot and --no-cot set the tri-state; both at once contradict", () => {
    expect(run(["--cot"]).values).toEqual({ cot: true });
    expect(run(["--no-cot"]).values).toEqual({ cot: false });
    expect(() => run(["--cot", "--no-cot"])).toThrow("--cot and --no-cot contradict each other; give one.");
    expect(() => run(["--accuracy-enable-cot", "--no-cot"])).toThrow(/--accuracy-enable-cot and --no-cot/);
  });

  it("takes the word after a flag as its value, so a negative number is checked as a number", () => {
    expect(() => run(["--concurrency", "-4"])).toThrow(
      '--concurrency: expected a positive integer up to 100000, got "-4".',
    );
    expect(run(["--system-prompt", "-"]).values).toEqual({ systemPrompt: "-" });
    expect(run(["--seed", "-3"]).values).toEqual({ seed: -3 });
  });

  it("names the flag typed, with the values it accepts", () => {
    expect(() => run(["--limit", "ten"])).toThrow('--limit: expected a positive integer, got "ten".');
    expect(() => run(["--max-samples", "1.5"])).toThrow(
      '--max-samples: expected a positive integer, got "1.5".',
    );
    expect(() => run(["--timeout", "0"])).toThrow(
      '--timeout: expected a positive number of seconds, got "0".',
    );
    expect(() => run(["--endpoint-type", "responses"])).toThrow(
      '--endpoint-type: expected chat or completions, got "responses".',
    );
    expect(() => run(["--backend", "grpc"])).toThrow('--backend: expected http or local, got "grpc".');
    expect(() => run(["--gpu", "tpu"])).toThrow(
      '--gpu: expected false, auto, cuda, vulkan or metal, got "tpu".',
    );
    expect(() => run(["--temperature", "3"])).toThrow(
      '--temperature: expected a number from 0 to 2, got "3".',
    );
    expect(() => run(["--accuracy-n-shots", "40"])).toThrow(
      '--accuracy-n-shots: expected an integer from 0 to 32, or null, got "40".',
    );
    expect(() => run(["--num-samples", "some"])).toThrow(
      '--num-samples: expected a positive integer or task, got "some".',
    );
    expect(() => run(["--base-url", "localhost"])).toThrow(/--base-url: expected a URL such as/);
  });

  it("explains bad JSON and JSON that is not an object", () => {
    expect(() => run(["--extra-inputs", "{temperature: 0}"])).toThrow(/--extra-inputs: not valid JSON/);
    expect(() => run(["--extra-inputs", "[1]"])).toThrow(/--extra-inputs: expected a JSON object/);
  });

  it("suggests the nearest flag for an unknown one and points at --help", () => {
    expect(() => run(["--limt", "4"])).toThrow(
      "unknown option --limt; did you mean --limit? See `llm-bench run --help`.",
    );
    expect(() => run(["--concurrrency", "4"])).toThrow(/did you mean --concurrency\?/);
    expect(() => run(["--no-strem"])).toThrow(/did you mean --no-stream\?/);
    expect(() => run(["--zzzzzz"])).toThrow("unknown option --zzzzzz. See `llm-bench run --help`.");
    expect(() => run(["--limt", "4"])).toThrow(ConfigError);
  });

  it("says which flag lacks its value, and refuses a value for a flag that takes none", () => {
    expect(() => run(["--limit"])).toThrow("--limit needs a value (N).");
    expect(() => run(["--model", "--limit", "3"])).toThrow("--model needs a value (NAME).");
    expect(() => run(["--verbose=yes"])).toThrow('--verbose takes no value (got "yes").');
  });

  it("takes the base URL and key from the environment when not given, and the flag over both", () => {
    const env = { OPENAI_BASE_URL: "http://h:1/v1", OPENAI_API_KEY: "k" };
    expect(run([], env).values).toEqual({ baseUrl: "http://h:1/v1", apiKey: "k" });
    expect(run(["--base-url", "http://x:2/v1"], env).values.baseUrl).toBe("http://x:2/v1");
    expect(run([], { OPENAI_BASE_URL: "" }).values).toEqual({});
    expect(() => run([], { OPENAI_BASE_URL: "nope" })).toThrow(/\$OPENAI_BASE_URL: expected a URL/);
  });

  it("adds /v1 to aiperf's --url but never to --base-url", () => {
    expect(run(["--url", "http://localhost:8000"]).values.baseUrl).toBe("http://localhost:8000/v1");
    expect(run(["--url", "http://localhost:8000/"]).values.baseUrl).toBe("http://localhost:8000/v1");
    expect(run(["--url", "http://localhost:8000/v1"]).values.baseUrl).toBe("http://localhost:8000/v1");
    expect(run(["--url", "https://host/openai"]).values.baseUrl).toBe("https://host/openai/v1");
    expect(run(["--base-url", "http://localhost:8000"]).values.baseUrl).toBe("http://localhost:8000");
  });

  it("keeps every --base-url given (replicas) as one comma list, a comma list too", () => {
    const urls = ["--base-url", "http://a:1/v1", "--base-url", "http://b:2/v1, http://c:3/v1"];
    expect(run(urls).values.baseUrl).toBe("http://a:1/v1,http://b:2/v1,http://c:3/v1");
    expect(run(["--url", "http://a:1,http://b:2"]).values.baseUrl).toBe("http://a:1/v1,http://b:2/v1");
    expect(() => run(["--base-url", "http://a:1/v1", "--base-url", "b:2"])).toThrow(
      /--base-url: expected a URL such as .*got "b:2"/,
    );
  });

  it("leaves everything after -- as positionals", () => {
    expect(run(["--", "--limit", "x"])).toMatchObject({ values: {}, positionals: ["--limit", "x"] });
  });

  it("gives run options that parseRunOptions accepts, with the library's defaults", () => {
    const { values, positionals } = run(["gsm8k", "--max-samples", "3", "--n-shots", "null"]);
    expect(parseRunOptions({ ...values, benchmarks: positionals })).toMatchObject({
      benchmarks: ["gsm8k"],
      limit: 3,
      concurrency: 32,
      maxRetries: 2,
      timeoutMs: 600_000,
    });
  });
});

describe("commands of their own options", () => {
  it("mock-server: numbers, the oracle list and defaults", () => {
    const { values } = parseCommandLine(mockServerSpec, [
      "--port",
      "0",
      "--ttft-ms",
      "200",
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "mmlu, gsm8k",
      "--chunk-timestamps",
      "--workers",
      "4",
    ]);
    expect(parseOptionValues(mockServerSpec.groups, values)).toEqual(
      mockServerFlagsSchema.parse({
        port: 0,
        ttftMs: 200,
        oracleAccuracy: 0.7,
        oracleBenchmarks: ["mmlu", "gsm8k"],
        chunkTimestamps: true,
        workers: 4,
      }),
    );
    expect(parseOptionValues(mockServerSpec.groups, {})).toMatchObject({
      port: 8000,
      host: "127.0.0.1",
      model: "mock-model",
      faultStatus: 503,
      defaultOutputTokens: 16,
    });
  });

  it("mock-server: out-of-range values name their flag", () => {
    const parse = (argv: string[]) => parseCommandLine(mockServerSpec, argv);
    expect(() => parse(["--oracle-accuracy", "1.5"])).toThrow(
      '--oracle-accuracy: expected a number from 0 to 1, got "1.5".',
    );
    expect(() => parse(["--fault-status", "200"])).toThrow(
      /--fault-status: expected an integer from 400 to 599/,
    );
    expect(() => parse(["--port", "70000"])).toThrow(/--port: expected an integer from 0 to 65535/);
    expect(() => parse(["--ttft-ms", "-1"])).toThrow(/--ttft-ms: expected a number ≥ 0/);
    expect(() => parse(["--workers", "0"])).toThrow(/--workers: expected a positive integer up to 256/);
    expect(() => parse(["--itl-MS", "1"])).toThrow(/unknown option --itl-MS; did you mean --itl-ms\?/);
  });

  it("mock-server: --fault-rate KIND=R repeated or comma-listed, the other fault flags, and the refusals", () => {
    const parse = (argv: string[]) => parseCommandLine(mockServerSpec, argv);
    const { values } = parse([
      "--fault-rate",
      "stall=0.1,http-503=0.2",
      "--fault-rate",
      "all=0.3",
      "--fault-seed",
      "9",
      "--fault-stall-ms",
      "250",
      "--fault-trickle-ms",
      "2",
    ]);
    expect(parseOptionValues(mockServerSpec.groups, values)).toMatchObject({
      faultRate: ["stall=0.1", "http-503=0.2", "all=0.3"],
      faultSeed: 9,
      faultStallMs: 250,
      faultTrickleMs: 2,
    });
    expect(parseOptionValues(mockServerSpec.groups, parse(["--fault-rate", "0.5"]).values)).toMatchObject({
      faultRate: ["0.5"],
      faultStatus: 503,
    });
    expect(parseOptionValues(mockServerSpec.groups, {})).toMatchObject({
      faultRate: [],
      faultSeed: 0,
      faultStallMs: 600_000,
      faultTrickleMs: 5,
    });
    const refusal = (argv: string[]) => {
      try {
        parse(argv);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const unknown = refusal(["--fault-rate", "timeout=0.1"]);
    expect(unknown).toBeInstanceOf(ConfigError);
    expect((unknown as ConfigError).exitCode).toBe(2);
    expect((unknown as ConfigError).message).toMatch(
      /^--fault-rate: unknown fault kind "timeout" \(kinds: http-500, .*, slow-trickle; or all=R/,
    );
    expect(() => parse(["--fault-rate", "stall=2"])).toThrow(
      /--fault-rate: "stall=2": the rate must be a number from 0 to 1/,
    );
    expect(() => parse(["--fault-rate", "stall=0.7", "--fault-rate", "http-500=0.7"])).toThrow(
      /--fault-rate: the fault rates sum to 1\.4, more than 1/,
    );
    expect(() => parse(["--fault-stall-ms", "-1"])).toThrow(/--fault-stall-ms: expected a number ≥ 0/);
    expect(() => parse(["--fault-seed", "1.5"])).toThrow(/--fault-seed: expected an integer/);
  });

  it("theta: a required option missing, and open intervals", () => {
    expect(() => parseOptionValues(thetaSpec.groups, parseCommandLine(thetaSpec, []).values)).toThrow(
      "--num-samples-total N is required",
    );
    expect(() => parseCommandLine(thetaSpec, ["--alpha", "1"])).toThrow(
      '--alpha: expected a number in (0, 1), got "1".',
    );
    expect(() => parseCommandLine(thetaSpec, ["--sigma", "-1"])).toThrow("--sigma: expected a number ≥ 0");
    expect(parseCommandLine(thetaSpec, ["--sigma", "0"]).values).toMatchObject({ sigma: 0 });
    expect(parseOptionValues(thetaSpec.groups, { numSamplesTotal: 100 })).toEqual({
      numSamplesTotal: 100,
      sigma: 50,
      alpha: 0.05,
      beta: 0.2,
      lowerIsBetter: false,
      json: false,
    });
  });
});
