// What the crash scenarios share: the built CLI and the oracle mock server as child processes, the run directory's
// files read back, and a seeded random source. No vitest here: `npm run bench:reliability` calls the scenarios too.

import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createSeededRandom } from "../../../src/stats/seeded-random.js";
import { cliPath, repoRoot, sharedData, spawnCli as spawnBuiltCli } from "../../e2e/support/cli.js";

export { cliPath, repoRoot, sharedData };
export const hasGsm8k = existsSync(join(sharedData, "gsm8k/test.jsonl"));

export interface CliChild {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `llm-bench ...args` (the built CLI; test/e2e/support/cli.ts), keeping its output and its end. */
export function spawnCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): CliChild {
  const child = spawnBuiltCli(args, { env });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolvePromise) =>
    child.on("close", (code, signal) => resolvePromise({ code, signal })),
  );
  return { child, output: child.output, exited };
}

/** Runs `llm-bench ...args` to its end. */
export async function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const started = spawnCli(args, env);
  const end = await started.exited;
  return { ...end, ...started.output };
}

export interface OracleServer {
  url: string;
  /** Requests the oracle answered for `benchmark` so far. */
  served(benchmark: string): Promise<number>;
  stop(): Promise<void>;
}

/** `llm-bench mock-server --port 0 ...args`, once it listens. */
async function startOracleServer(args: readonly string[]): Promise<OracleServer> {
  const server = spawnCli(["mock-server", "--port", "0", ...args]);
  let url = "";
  for (let waited = 0; url === "" && waited < 30_000; waited += 20) {
    if (server.child.exitCode !== null) throw new Error(`mock server exited:\n${server.output.stderr}`);
    url = /listening on (http:\/\/\S+)/.exec(server.output.stdout)?.[1] ?? "";
    if (url === "") await sleep(20);
  }
  if (url === "") throw new Error(`mock server did not start:\n${server.output.stderr}`);
  const origin = new URL(url).origin;
  return {
    url,
    async served(benchmark) {
      const { request } = await import("undici");
      const response = await request(`${origin}/oracle/stats`);
      const stats = (await response.body.json()) as { benchmarks: Record<string, { served: number }> };
      return stats.benchmarks[benchmark]?.served ?? 0;
    },
    async stop() {
      server.child.kill("SIGTERM");
      await server.exited;
    },
  };
}

/** The benchmark the crash scenarios run: the full GSM8K test set, 1,319 samples. */
export const CRASH_BENCHMARK = "gsm8k";

/** The oracle mock server for CRASH_BENCHMARK (70 % right), with time to first token and between tokens if given. */
export function startCrashOracle(
  dataDir: string,
  latency: { ttftMs: number; itlMs: number } | undefined = undefined,
): Promise<OracleServer> {
  return startOracleServer([
    "--oracle-accuracy",
    "0.7",
    "--oracle-benchmarks",
    CRASH_BENCHMARK,
    "--data-dir",
    dataDir,
    ...(latency === undefined
      ? []
      : ["--ttft-ms", String(latency.ttftMs), "--itl-ms", String(latency.itlMs)]),
  ]);
}

/** The run directory (one with a run.json) a `run` made under `outputDir`, if any yet. */
export function runDirUnder(outputDir: string): string | undefined {
  if (!existsSync(outputDir)) return undefined;
  const found = readdirSync(outputDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => join(outputDir, entry.name))
    .filter((directory) => existsSync(join(directory, "run.json")));
  return found.sort()[0];
}

/** Complete lines of a journal (those ending in a newline). */
export function journalLineCount(path: string): number {
  if (!existsSync(path)) return 0;
  const text = readFileSync(path, "utf8");
  let count = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/** The `.json` files (result files, run.json, the spec's file) under the directories that do not parse. */
export function unparsableJsonFiles(directories: readonly string[]): string[] {
  const bad: string[] = [];
  for (const directory of directories) {
    if (!existsSync(directory)) continue;
    for (const name of readdirSync(directory)) {
      const path = join(directory, name);
      if (!name.endsWith(".json") || !statSync(path).isFile()) continue;
      try {
        JSON.parse(readFileSync(path, "utf8"));
      } catch {
        bad.push(path);
      }
    }
  }
  return bad;
}

/** What a benchmark's results say, to compare a crashed-and-resumed run with an uninterrupted one. */
export interface ResultView {
  accuracy: number;
  numCorrect: number;
  numSamples: number;
  tasks: unknown;
  /** Sample id → correct, in id order. */
  verdicts: [string, boolean][];
  /** accuracy_results.csv as written. */
  csv: string;
}

export function resultView(runDir: string, benchmark: string): ResultView {
  const file = JSON.parse(readFileSync(join(runDir, `${benchmark}.json`), "utf8")) as {
    accuracy: number;
    num_correct: number;
    num_samples: number;
    tasks: unknown;
    sample_results: { id: string; correct: boolean }[];
  };
  return {
    accuracy: file.accuracy,
    numCorrect: file.num_correct,
    numSamples: file.num_samples,
    tasks: file.tasks,
    verdicts: file.sample_results
      .map((sample): [string, boolean] => [sample.id, sample.correct])
      .sort((a, b) => a[0].localeCompare(b[0])),
    csv: readFileSync(join(runDir, "accuracy_results.csv"), "utf8"),
  };
}

/** Every journal line parsed (a bad line anywhere throws), and the ids recorded more than once. */
export function journalIds(path: string): { lines: number; ids: string[]; duplicates: string[] } {
  const ids = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const record = JSON.parse(line) as { benchmark: string; id: string };
      return `${record.benchmark}/${record.id}`;
    });
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const id of ids) {
    if (seen.has(id)) duplicates.push(id);
    seen.add(id);
  }
  return { lines: ids.length, ids, duplicates };
}

/** A seeded generator (mulberry32), so a scenario's kill moments repeat. */
export const seededRandom = createSeededRandom;

/** Polls `condition` every `everyMs` until it holds (true) or the process ends (false). */
export async function waitUntil(condition: () => boolean, running: CliChild, everyMs = 2): Promise<boolean> {
  while (running.child.exitCode === null && running.child.signalCode === null) {
    if (condition()) return true;
    await sleep(everyMs);
  }
  return false;
}
