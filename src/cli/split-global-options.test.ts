// Options before the command: the spec's five global ones anywhere, any option of the command itself.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { COMMAND_SPECS, runSpec } from "./command-specs.js";
import { parseCommandLine } from "./parse-command-line.js";
import { splitGlobalOptions } from "./split-global-options.js";

const split = (argv: string[]) => splitGlobalOptions(argv, COMMAND_SPECS);

function commandOf(argv: string[]): { name: string; argv: string[] } {
  const start = split(argv);
  if (start.kind !== "command") throw new Error(`expected a command, got ${start.kind}`);
  return { name: start.spec.name, argv: start.argv };
}

describe("splitGlobalOptions", () => {
  it("reads the spec's run invocation as run's own options", () => {
    const start = commandOf([
      "--base-url",
      "http://gpu:8000/v1",
      "--model",
      "M",
      "--api-key",
      "K",
      "--output-dir",
      "runs",
      "--data-dir",
      "data",
      "run",
      "mmlu",
      "humaneval",
      "--concurrency",
      "16",
      "--max-samples",
      "100",
      "--temperature",
      "0.0",
      "--seed",
      "1337",
    ]);
    expect(start.name).toBe("run");
    const { values, positionals } = parseCommandLine(runSpec, start.argv);
    expect(positionals).toEqual(["mmlu", "humaneval"]);
    expect(values).toEqual({
      baseUrl: "http://gpu:8000/v1",
      model: "M",
      apiKey: "K",
      outputDir: "runs",
      dataDir: "data",
      concurrency: 16,
      limit: 100,
      temperature: 0,
      seed: 1337,
    });
  });

  it("takes --model before check, and a boolean of the command before it", () => {
    expect(commandOf(["--model", "M", "check"])).toEqual({ name: "check", argv: ["--model", "M"] });
    expect(
      commandOf(["--model", "M", "--no-stream", "run", "mmlu", "mmlu_pro", "--concurrency", "64"]),
    ).toEqual({
      name: "run",
      argv: ["--model", "M", "--no-stream", "mmlu", "mmlu_pro", "--concurrency", "64"],
    });
    expect(commandOf(["--base-url=http://h/v1", "check"]).argv).toEqual(["--base-url=http://h/v1"]);
  });

  it("lets a command with no use for a global option ignore it", () => {
    expect(commandOf(["--model", "M", "--data-dir", "d", "list", "--json"])).toEqual({
      name: "list",
      argv: ["--json"],
    });
    expect(commandOf(["--output-dir", "o", "--data-dir", "d", "check"])).toEqual({ name: "check", argv: [] });
    expect(commandOf(["--model", "M", "compare", "a", "b"])).toEqual({ name: "compare", argv: ["a", "b"] });
  });

  it("refuses another option before a command that does not take it", () => {
    expect(() => split(["--concurrency", "4", "check"])).toThrow(
      "--concurrency is not an option of `llm-bench check`; see `llm-bench check --help`.",
    );
  });

  it("puts options after the command last, so they win", () => {
    const start = commandOf(["--model", "A", "run", "gsm8k", "--model", "B"]);
    expect(parseCommandLine(runSpec, start.argv).values.model).toBe("B");
  });

  it("suggests the nearest option or command for a typo", () => {
    expect(() => split(["--modle", "M", "check"])).toThrow(/unknown option --modle; did you mean --model\?/);
    expect(() => split(["lsit"])).toThrow(/unknown command "lsit"; did you mean list\?/);
    expect(() => split(["--model", "M"])).toThrow(ConfigError);
    expect(() => split(["--model"])).toThrow("--model needs a value.");
  });

  it("answers --help, help, --version, and nothing at all", () => {
    expect(split([])).toEqual({ kind: "help", isAsked: false });
    expect(split(["--help"])).toEqual({ kind: "help", isAsked: true });
    expect(split(["help"])).toEqual({ kind: "help", isAsked: true });
    expect(split(["--model", "M", "-h"])).toEqual({ kind: "help", isAsked: true });
    expect(split(["--version"])).toEqual({ kind: "version" });
    expect(commandOf(["run", "--help"]).argv).toEqual(["--help"]);
  });
});
