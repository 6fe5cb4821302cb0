// The job script: its #SBATCH lines, and its shell part run by bash as a task would run it — every argument arrives
// byte for byte, the shard is the task's index, and a shard directory with a run directory is resumed.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../errors.js";
import { sbatchScript } from "./sbatch-script.js";

/** A program that prints its arguments as JSON: the script's words as the task's process receives them. */
function argvPrinter(dir: string): string[] {
  const path = join(dir, "print-argv.cjs");
  writeFileSync(path, "process.stdout.write(JSON.stringify(process.argv.slice(2)));\n");
  return [process.execPath, path];
}

const TRICKY_ARGS = [
  "gsm8k",
  "--system-prompt",
  `It's "quoted", has $HOME, \`ticks\`, a \\ backslash; and * globs`,
  "--extra-inputs",
  '{"stop": ["\\n\\n"], "temperature": 0}',
  "--tasks",
  "a b,c",
  "--limit",
  "",
];

function scriptFor(
  launchDir: string,
  workDir: string,
  extra: Partial<Parameters<typeof sbatchScript>[0]> = {},
) {
  return sbatchScript({
    program: argvPrinter(workDir),
    launched: { command: "run", args: TRICKY_ARGS },
    shards: 4,
    launchDir,
    workDir,
    slurm: { jobName: "llm-bench" },
    ...extra,
  });
}

function runTask(script: string, dir: string, index: number): string[] {
  const path = join(dir, "job.sbatch");
  writeFileSync(path, script);
  const stdout = execFileSync("bash", [path], {
    env: { PATH: process.env["PATH"] ?? "", SLURM_ARRAY_TASK_ID: String(index) },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(stdout) as string[];
}

describe("sbatchScript", () => {
  it("writes the array, logs per task, working directory and the user's Slurm settings as #SBATCH lines", () => {
    const script = sbatchScript({
      program: ["/usr/bin/node", "/opt/llm bench/dist/cli/main.js"],
      launched: { command: "run", args: ["gsm8k", "--base-url", "http://h:8000/v1"] },
      shards: 8,
      launchDir: "/shared/results/launch-20260101-000000",
      workDir: "/home/me/work dir",
      slurm: {
        jobName: "nightly",
        partition: "gpu",
        time: "2:00:00",
        cpusPerTask: 4,
        sbatchLines: ["--mail-type=END,FAIL", "#SBATCH --gres=gpu:1"],
      },
    });
    const directives = script.split("\n").filter((line) => line.startsWith("#SBATCH"));
    expect(directives).toEqual([
      "#SBATCH --job-name=nightly",
      "#SBATCH --array=0-7",
      "#SBATCH --output=/shared/results/launch-20260101-000000/logs/task-%a.out",
      "#SBATCH --error=/shared/results/launch-20260101-000000/logs/task-%a.err",
      "#SBATCH --open-mode=append",
      '#SBATCH --chdir="/home/me/work dir"',
      "#SBATCH --partition=gpu",
      "#SBATCH --time=2:00:00",
      "#SBATCH --cpus-per-task=4",
      "#SBATCH --mail-type=END,FAIL",
      "#SBATCH --gres=gpu:1",
    ]);
    expect(script.startsWith("#!/bin/bash\n")).toBe(true);
    // sbatch reads directives only before the first command line.
    const firstCommand = script.split("\n").findIndex((line) => line !== "" && !line.startsWith("#"));
    expect(firstCommand).toBeGreaterThan(script.split("\n").lastIndexOf(directives.at(-1) ?? ""));
    expect(script).toContain(`exec /usr/bin/node '/opt/llm bench/dist/cli/main.js' run gsm8k --base-url`);
    expect(script).toContain(
      `--shard "$index"/8 --output-dir /shared/results/launch-20260101-000000/shard-"$index"`,
    );
  });

  it("one shard is an array of the single index 0; a % in the launch path is escaped from sbatch's patterns", () => {
    const script = sbatchScript({
      program: ["llm-bench"],
      launched: { command: "run", args: ["gsm8k"] },
      shards: 1,
      launchDir: "/r/100%/launch",
      workDir: "/r",
      slurm: { jobName: "x" },
    });
    expect(script).toContain("#SBATCH --array=0\n");
    expect(script).toContain("#SBATCH --output=/r/100%%/launch/logs/task-%a.out\n");
  });

  it("refuses a path sbatch could not read back", () => {
    expect(() =>
      sbatchScript({
        program: ["llm-bench"],
        launched: { command: "run", args: ["gsm8k"] },
        shards: 2,
        launchDir: '/r/a"b',
        workDir: "/r",
        slurm: { jobName: "x" },
      }),
    ).toThrow(ConfigError);
  });

  it("is valid bash, and a task gets every argument byte for byte plus its own shard and directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "sbatch-script-"));
    const launchDir = join(dir, "launch dir's");
    const script = scriptFor(launchDir, dir);
    execFileSync("bash", ["-n"], { input: script });
    expect(runTask(script, dir, 2)).toEqual([
      "run",
      ...TRICKY_ARGS,
      "--shard",
      "2/4",
      "--output-dir",
      join(launchDir, "shard-2"),
    ]);
  });

  it("resumes the run directory an earlier attempt of the same task left in its shard directory", () => {
    const dir = mkdtempSync(join(tmpdir(), "sbatch-resume-"));
    const launchDir = join(dir, "launch");
    const runDir = join(launchDir, "shard-3", "20260101-000000_model x");
    mkdirSync(runDir, { recursive: true });
    writeFileSync(join(runDir, "run.json"), "{}");
    // A directory without run.json (not a run) is not resumed.
    mkdirSync(join(launchDir, "shard-1", "stray"), { recursive: true });
    const script = scriptFor(launchDir, dir);
    const resumed = runTask(script, dir, 3);
    expect(resumed.slice(-2)).toEqual(["--resume", runDir]);
    expect(resumed.slice(0, -2)).toEqual([
      "run",
      ...TRICKY_ARGS,
      "--shard",
      "3/4",
      "--output-dir",
      join(launchDir, "shard-3"),
    ]);
    expect(runTask(script, dir, 1)).not.toContain("--resume");
  });

  it("a task without SLURM_ARRAY_TASK_ID stops with a message instead of running unsharded", () => {
    const dir = mkdtempSync(join(tmpdir(), "sbatch-noindex-"));
    const path = join(dir, "job.sbatch");
    writeFileSync(path, scriptFor(join(dir, "launch"), dir));
    expect(() =>
      execFileSync("bash", [path], {
        env: { PATH: process.env["PATH"] ?? "" },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    ).toThrow(/run this script as a Slurm array task/);
  });
});
