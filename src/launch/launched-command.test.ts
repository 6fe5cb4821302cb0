// The command after `--`: run and its arguments pass through untouched; the launcher's own options are refused.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { parseLaunchedCommand } from "./launched-command.js";

const USAGE = "llm-bench launch slurm --shards N -- run BENCH...";

const refusal = (tokens: readonly string[] | undefined): string => {
  try {
    parseLaunchedCommand(tokens, USAGE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("not refused");
};

describe("parseLaunchedCommand", () => {
  it("keeps run's arguments as given", () => {
    expect(parseLaunchedCommand(["run", "gsm8k", "--limit", "50", "--system-prompt", "a b"], USAGE)).toEqual({
      command: "run",
      args: ["gsm8k", "--limit", "50", "--system-prompt", "a b"],
    });
  });

  it("refuses a missing --, an empty command and a command that cannot be launched", () => {
    expect(refusal(undefined)).toMatch(/no -- before the command.*-- run gsm8k/);
    expect(refusal([])).toMatch(/nothing after --/);
    expect(refusal(["profile", "--concurrency", "4"])).toMatch(/must be one of run \(got "profile"\)/);
    expect(refusal(["gsm8k"])).toMatch(/must be one of run/);
  });

  it.each([
    ["--shard", "1/4"],
    ["--shard=auto"],
    ["--shards", "4"],
    ["--output-dir", "x"],
    ["--output-dir=x"],
    ["--resume", "results/x"],
  ])("refuses %s, which the launcher sets for each shard", (...owned) => {
    const flag = (owned[0] ?? "").split("=")[0] ?? "";
    expect(refusal(["run", "gsm8k", ...owned])).toMatch(
      new RegExp(`^${flag} cannot be given to the launched run`),
    );
  });
});
