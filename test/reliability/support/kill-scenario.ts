// Issue 22's crash scenarios: `llm-bench run` killed with SIGKILL at seeded random moments (during start-up, part
// way, when the journal is complete, while the result files are written), each kill followed by `--resume`, and a
// shard `merge` killed part way then run again. Each returns what it saw, for the reliability test to assert and for
// `npm run bench:reliability` to print.
import { existsSync, readdirSync, readFileSync, statSync, truncateSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  CRASH_BENCHMARK,
  journalIds,
  journalLineCount,
  type ResultView,
  resultView,
  runCli,
  runDirUnder,
  seededRandom,
  sharedData,
  spawnCli,
  startCrashOracle,
  unparsableJsonFiles,
  waitUntil,
} from "./crash-harness.js";

export type KillMoment = "startup" | "part-way" | "journal-complete" | "result-write";

export interface KillRecord {
  moment: KillMoment;
  /** False when the process ended before its moment came (it was not killed). */
  wasKilled: boolean;
  journalLinesAtKill: number;
  /** Requests the oracle served during this attempt, less the samples it journalled. */
  requestsBeyondJournalled: number;
  /** The kill's last journal line was then cut in half, as a write torn by a power cut would leave it. */
  hasTornLine: boolean;
  /** JSON files in the run directory or beside it that did not parse just after the kill (must be none). */
  unparsable: string[];
}

export interface KillScenarioOptions {
  seed?: number;
  kills?: number;
  concurrency?: number;
  /** The mock server's time to first token and between tokens: a run of some seconds. */
  ttftMs?: number;
  itlMs?: number;
  dataDir?: string;
  log?: (line: string) => void;
}

export interface KillScenarioResult {
  benchmark: string;
  samples: number;
  concurrency: number;
  kills: KillRecord[];
  /** The last resume's exit code (0 expected) and the stderr of every session. */
  finalCode: number | null;
  stderr: string;
  /** Torn last lines the resumes reported dropping. */
  tornLinesReported: number;
  journal: { lines: number; unique: number; duplicates: string[] };
  requestsServed: number;
  reference: ResultView;
  final: ResultView;
  durationMs: number;
}

/** GSM8K's test split. */
const SAMPLES = 1_319;

/** The kill schedule: one at start-up, the rest part way at seeded journal sizes, then at the end and the writes. */
function killPlan(
  kills: number,
  random: () => number,
): { moment: KillMoment; atLines: number; delayMs: number }[] {
  const partWay = Math.max(0, kills - 4);
  const targets = Array.from({ length: partWay }, (_, index) =>
    Math.floor(((index + 0.2 + 0.6 * random()) / partWay) * SAMPLES * 0.95),
  );
  return [
    { moment: "startup" as const, atLines: 0, delayMs: 100 + Math.floor(random() * 500) },
    ...targets.map((atLines) => ({ moment: "part-way" as const, atLines, delayMs: 0 })),
    { moment: "journal-complete" as const, atLines: SAMPLES, delayMs: 0 },
    { moment: "result-write" as const, atLines: SAMPLES, delayMs: 0 },
    { moment: "result-write" as const, atLines: SAMPLES, delayMs: 0 },
  ].slice(0, kills);
}

/**
 * Result files this run writes, in the run directory and (the spec's file) beside it; -1 for one gone between the
 * listing and its stat (the atomic writer's temporary file, renamed meanwhile: a write under way).
 */
function resultFileStamps(outputDir: string, runDir: string): Map<string, number> {
  const stamps = new Map<string, number>();
  for (const directory of [runDir, outputDir]) {
    for (const name of readdirSync(directory)) {
      if (name === "samples.jsonl" || name === "run.json") continue;
      const path = join(directory, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined) stamps.set(path, -1);
      else if (stat.isFile()) stamps.set(path, stat.mtimeMs);
    }
  }
  return stamps;
}

/** True once a result file appears or changes, or a temporary one of the atomic writer shows. */
function isWritingResults(outputDir: string, runDir: string, before: Map<string, number>): boolean {
  for (const [path, stamp] of resultFileStamps(outputDir, runDir)) {
    if (path.endsWith(".tmp") || before.get(path) !== stamp) return true;
  }
  return false;
}

/** Cuts the journal's last line in half. */
function tearLastLine(journal: string): boolean {
  const text = readFileSync(journal, "utf8");
  const end = text.lastIndexOf("\n", text.length - 2);
  const last = text.length - (end + 1);
  if (last < 8) return false;
  truncateSync(journal, Buffer.byteLength(text.slice(0, end + 1 + Math.floor(last / 2))));
  return true;
}

export async function runKillScenario(options: KillScenarioOptions = {}): Promise<KillScenarioResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed ?? 22);
  const concurrency = options.concurrency ?? 8;
  const dataDir = options.dataDir ?? sharedData;
  const server = await startCrashOracle(dataDir, { ttftMs: options.ttftMs ?? 15, itlMs: options.itlMs ?? 1 });
  try {
    const common = ["--base-url", server.url, "--concurrency", String(concurrency), "--quiet"];
    const referenceDir = await mkdtemp(join(tmpdir(), "kill-reference-"));
    const reference = await runCli([
      "run",
      CRASH_BENCHMARK,
      "--data-dir",
      dataDir,
      ...common,
      "--output-dir",
      referenceDir,
    ]);
    if (reference.code !== 0) throw new Error(`the uninterrupted run failed:\n${reference.stderr}`);
    const referenceRun = runDirUnder(referenceDir) ?? "";
    log(`uninterrupted run: ${referenceRun}`);

    const outputDir = await mkdtemp(join(tmpdir(), "kill-run-"));
    const servedBefore = await server.served(CRASH_BENCHMARK);
    const records: KillRecord[] = [];
    let stderr = "";
    const attempt = () => {
      const runDir = runDirUnder(outputDir);
      return spawnCli(
        runDir === undefined
          ? ["run", CRASH_BENCHMARK, "--data-dir", dataDir, ...common, "--output-dir", outputDir]
          : ["run", "--resume", runDir, ...common],
      );
    };
    for (const [index, plan] of killPlan(options.kills ?? 20, random).entries()) {
      const servedAtStart = await server.served(CRASH_BENCHMARK);
      const runDirAtStart = runDirUnder(outputDir);
      const journal = () => join(runDirUnder(outputDir) ?? outputDir, "samples.jsonl");
      const linesAtStart = journalLineCount(journal());
      const stamps = runDirAtStart === undefined ? new Map() : resultFileStamps(outputDir, runDirAtStart);
      const running = attempt();
      let isDue: () => boolean;
      if (plan.moment === "startup") {
        const dueAt = performance.now() + plan.delayMs;
        isDue = () => performance.now() >= dueAt;
      } else if (plan.moment === "result-write") {
        isDue = () => {
          const runDir = runDirUnder(outputDir);
          return runDir !== undefined && isWritingResults(outputDir, runDir, stamps);
        };
      } else {
        isDue = () => journalLineCount(journal()) >= plan.atLines;
      }
      const wasKilled = await waitUntil(isDue, running, plan.moment === "result-write" ? 1 : 3);
      if (wasKilled) running.child.kill("SIGKILL");
      const end = await running.exited;
      stderr += running.output.stderr;
      // Requests in flight at the kill may still reach the oracle's tally a moment later.
      await sleep(150);
      const linesAtKill = journalLineCount(journal());
      const hasTornLine =
        wasKilled && plan.moment === "part-way" && index % 5 === 1 && tearLastLine(journal());
      const runDir = runDirUnder(outputDir);
      const record: KillRecord = {
        moment: plan.moment,
        wasKilled: wasKilled && end.signal === "SIGKILL",
        journalLinesAtKill: linesAtKill,
        requestsBeyondJournalled:
          (await server.served(CRASH_BENCHMARK)) - servedAtStart - (linesAtKill - linesAtStart),
        hasTornLine,
        unparsable: unparsableJsonFiles(runDir === undefined ? [outputDir] : [outputDir, runDir]),
      };
      records.push(record);
      log(
        `kill ${index + 1} (${plan.moment}): ${record.wasKilled ? "killed" : `ended first, exit ${end.code}`} at ` +
          `${linesAtKill} journal lines; ${record.requestsBeyondJournalled} requests beyond them` +
          `${hasTornLine ? "; its last line torn" : ""}`,
      );
    }
    const last = attempt();
    const end = await last.exited;
    stderr += last.output.stderr;
    const runDir = runDirUnder(outputDir) ?? "";
    const ids = journalIds(join(runDir, "samples.jsonl"));
    return {
      benchmark: CRASH_BENCHMARK,
      samples: SAMPLES,
      concurrency,
      kills: records,
      finalCode: end.code,
      stderr,
      tornLinesReported: stderr.match(/last line was torn/g)?.length ?? 0,
      journal: { lines: ids.lines, unique: new Set(ids.ids).size, duplicates: ids.duplicates },
      requestsServed: (await server.served(CRASH_BENCHMARK)) - servedBefore,
      reference: resultView(referenceRun, CRASH_BENCHMARK),
      final: resultView(runDir, CRASH_BENCHMARK),
      durationMs: performance.now() - started,
    };
  } finally {
    await server.stop();
  }
}

export interface MergeKillResult {
  shards: number;
  /** Merges killed before one was caught part way (the staging directory present). */
  attempts: number;
  wasKilledPartWay: boolean;
  /** After the kill: whether --output existed, and the JSON files there that did not parse. */
  outputExistedAfterKill: boolean;
  unparsableAfterKill: string[];
  mergeAgainCode: number | null;
  mergeAgainStderr: string;
  unsharded: ResultView;
  merged: ResultView;
  durationMs: number;
}

/** Three shards of GSM8K run to completion; `merge` killed part way, then run again; and one unsharded run. */
export async function runMergeKillScenario(options: { dataDir?: string; log?: (line: string) => void } = {}) {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const dataDir = options.dataDir ?? sharedData;
  const shards = 3;
  const server = await startCrashOracle(dataDir);
  try {
    const root = await mkdtemp(join(tmpdir(), "kill-merge-"));
    const common = [
      CRASH_BENCHMARK,
      "--base-url",
      server.url,
      "--data-dir",
      dataDir,
      "--concurrency",
      "16",
      "--quiet",
    ];
    const runs = await Promise.all([
      ...Array.from({ length: shards }, (_, index) =>
        runCli([
          "run",
          ...common,
          "--shard",
          `${index}/${shards}`,
          "--output-dir",
          join(root, `shard-${index}`),
        ]),
      ),
      runCli(["run", ...common, "--output-dir", join(root, "whole")]),
    ]);
    for (const run of runs) if (run.code !== 0) throw new Error(`a shard's run failed:\n${run.stderr}`);
    const shardDirs = Array.from(
      { length: shards },
      (_, index) => runDirUnder(join(root, `shard-${index}`)) ?? "",
    );
    const output = join(root, "merged");
    const staging = join(root, ".merged.partial");
    let attempts = 0;
    let wasKilledPartWay = false;
    while (!wasKilledPartWay && attempts < 5) {
      attempts++;
      const merging = spawnCli(["merge", ...shardDirs, "--output", output]);
      // Part way: once the staging directory holds a file (the journal is being written, then the results).
      wasKilledPartWay = await waitUntil(
        () => existsSync(staging) && readdirSync(staging).length > 0,
        merging,
        1,
      );
      if (wasKilledPartWay) merging.child.kill("SIGKILL");
      const end = await merging.exited;
      wasKilledPartWay &&= end.signal === "SIGKILL";
      log(`merge ${attempts}: ${wasKilledPartWay ? "killed part way" : `ended first (exit ${end.code})`}`);
      if (!wasKilledPartWay && existsSync(join(output, "run.json"))) {
        throw new Error("the merge ended before it could be killed: nothing left to test");
      }
    }
    const outputExistedAfterKill = existsSync(output);
    const unparsableAfterKill = unparsableJsonFiles([output]);
    const again = await runCli(["merge", ...shardDirs, "--output", output]);
    log(`merge again: exit ${again.code}`);
    if (again.code !== 0) throw new Error(`merge again failed (exit ${again.code}):\n${again.stderr}`);
    return {
      shards,
      attempts,
      wasKilledPartWay,
      outputExistedAfterKill,
      unparsableAfterKill,
      mergeAgainCode: again.code,
      mergeAgainStderr: again.stderr,
      unsharded: resultView(runDirUnder(join(root, "whole")) ?? "", CRASH_BENCHMARK),
      merged: resultView(output, CRASH_BENCHMARK),
      durationMs: performance.now() - started,
    } satisfies MergeKillResult;
  } finally {
    await server.stop();
  }
}
