// Issue 22's disk scenarios, on a real tmpfs: the disk fills part way through a run (the journal's write fails) or
// just before its result files are written, and the output directory turns read-only between sessions. Each checks
// what the failed session left, frees the space (or remounts read-write), resumes, and compares with an uninterrupted
// run. They need root (mount); `mountUnsupportedReason` says why not when they cannot run.
import { execFileSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeSync,
} from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type CliChild,
  CRASH_BENCHMARK,
  journalIds,
  journalLineCount,
  type ResultView,
  resultView,
  runCli,
  runDirUnder,
  sharedData,
  spawnCli,
  startCrashOracle,
  unparsableJsonFiles,
  waitUntil,
} from "./crash-harness.js";

const SAMPLES = 300;

/** Why tmpfs cannot be mounted here (not root, no permission), or undefined when it can. */
export function mountUnsupportedReason(): string | undefined {
  if (process.platform !== "linux") return `mount needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return "mount needs root (this process is not)";
  const probe = mkdtempSyncish();
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], { stdio: "pipe" });
    execFileSync("umount", [probe], { stdio: "pipe" });
    return undefined;
  } catch (error) {
    return `mount -t tmpfs is not permitted here (${(error as Error).message.split("\n")[0]})`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

function mkdtempSyncish(): string {
  const path = join(tmpdir(), `mount-probe-${process.pid}-${Date.now()}`);
  mkdirSync(path);
  return path;
}

export interface DiskFailure {
  /** The failed session's exit code and stderr. */
  code: number | null;
  stderr: string;
  /** Complete journal lines it left, and whether the file ends at a line boundary (no torn bytes). */
  journalLines: number;
  journalEndsWhole: boolean;
  /** JSON files in the run directory or beside it that did not parse (must be none). */
  unparsable: string[];
}

export interface DiskScenarioResult {
  runDir: string;
  failure: DiskFailure;
  resumeCode: number | null;
  resumeStderr: string;
  journal: { lines: number; unique: number; duplicates: string[] };
  reference: ResultView;
  final: ResultView;
  durationMs: number;
}

interface Mounted {
  directory: string;
  unmount(): void;
}

function mountTmpfs(sizeBytes: number): Promise<Mounted> {
  return mkdtemp(join(tmpdir(), "disk-")).then((directory) => {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes}`, "tmpfs", directory], { stdio: "pipe" });
    return {
      directory,
      unmount() {
        execFileSync("umount", ["-l", directory], { stdio: "pipe" });
        rmSync(directory, { recursive: true, force: true });
      },
    };
  });
}

/** Fills the file system of `directory` with `filler` until no more than `leaveBytes` are free (or none). */
function fill(filler: string, leaveBytes: number): void {
  const fd = openSync(filler, "a");
  try {
    const chunk = Buffer.alloc(64 * 1024, 120);
    for (;;) {
      const stats = statfsSync(filler);
      const free = stats.bavail * stats.bsize;
      if (free <= leaveBytes) return;
      const size = Math.min(chunk.length, Math.max(4096, free - leaveBytes));
      try {
        writeSync(fd, chunk, 0, size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOSPC") return;
        throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

function failureOf(running: CliChild, end: { code: number | null }, outputDir: string): DiskFailure {
  const runDir = runDirUnder(outputDir) ?? outputDir;
  const journal = join(runDir, "samples.jsonl");
  const text = existsSync(journal) ? readFileSync(journal, "utf8") : "";
  return {
    code: end.code,
    stderr: running.output.stderr,
    journalLines: journalLineCount(journal),
    journalEndsWhole: text === "" || text.endsWith("\n"),
    unparsable: unparsableJsonFiles([outputDir, runDir]),
  };
}

async function withServer<T>(
  dataDir: string,
  body: (common: string[], reference: ResultView) => Promise<T>,
): Promise<T> {
  const server = await startCrashOracle(dataDir, { ttftMs: 20, itlMs: 1 });
  try {
    const common = [
      CRASH_BENCHMARK,
      "--limit",
      String(SAMPLES),
      "--base-url",
      server.url,
      "--data-dir",
      dataDir,
      "--concurrency",
      "2",
      "--quiet",
    ];
    const referenceDir = await mkdtemp(join(tmpdir(), "disk-reference-"));
    const reference = await runCli(["run", ...common, "--output-dir", referenceDir]);
    if (reference.code !== 0) throw new Error(`the uninterrupted run failed:\n${reference.stderr}`);
    return await body(common, resultView(runDirUnder(referenceDir) ?? "", CRASH_BENCHMARK));
  } finally {
    await server.stop();
  }
}

async function resumeAndCompare(
  common: string[],
  runDir: string,
  failure: DiskFailure,
  reference: ResultView,
  started: number,
): Promise<DiskScenarioResult> {
  const baseUrl = common[common.indexOf("--base-url") + 1] ?? "";
  const resumed = await runCli(["run", "--resume", runDir, "--base-url", baseUrl, "--quiet"]);
  const ids = journalIds(join(runDir, "samples.jsonl"));
  return {
    runDir,
    failure,
    resumeCode: resumed.code,
    resumeStderr: resumed.stderr,
    journal: { lines: ids.lines, unique: new Set(ids.ids).size, duplicates: ids.duplicates },
    reference,
    final: resultView(runDir, CRASH_BENCHMARK),
    durationMs: performance.now() - started,
  };
}

/**
 * The disk fills part way: at `journal`, once 100 samples are journalled (the next journal write fails); at
 * `results`, when 20 samples are left, leaving room for their journal lines but not for the result files.
 */
export async function runFullDiskScenario(
  at: "journal" | "results",
  options: { dataDir?: string } = {},
): Promise<DiskScenarioResult> {
  const started = performance.now();
  return withServer(options.dataDir ?? sharedData, async (common, reference) => {
    const mounted = await mountTmpfs(16 * 1024 * 1024);
    try {
      const outputDir = join(mounted.directory, "out");
      const filler = join(mounted.directory, "filler");
      const running = spawnCli(["run", ...common, "--output-dir", outputDir]);
      const journal = () => join(runDirUnder(outputDir) ?? outputDir, "samples.jsonl");
      const threshold = at === "journal" ? 100 : SAMPLES - 20;
      const isDue = await waitUntil(() => journalLineCount(journal()) >= threshold, running, 2);
      if (!isDue) throw new Error(`the run ended before the disk could fill:\n${running.output.stderr}`);
      if (at === "journal") {
        fill(filler, 0);
      } else {
        const lines = journalLineCount(journal());
        const averageLine = readFileSync(journal()).length / Math.max(1, lines);
        fill(filler, Math.ceil((SAMPLES - lines) * averageLine * 2) + 16 * 1024);
      }
      const end = await running.exited;
      const failure = failureOf(running, end, outputDir);
      rmSync(filler);
      return await resumeAndCompare(common, runDirUnder(outputDir) ?? "", failure, reference, started);
    } finally {
      mounted.unmount();
    }
  });
}

/**
 * The output directory turns read-only between sessions (a run killed part way, its file system remounted
 * read-only): the resume fails with a clear message and leaves the journal as it was; remounted read-write, the
 * next resume completes. (Linux refuses to remount read-only while a run holds its journal open for writing.)
 */
export async function runReadOnlyScenario(options: { dataDir?: string } = {}): Promise<DiskScenarioResult> {
  const started = performance.now();
  return withServer(options.dataDir ?? sharedData, async (common, reference) => {
    const mounted = await mountTmpfs(16 * 1024 * 1024);
    try {
      const outputDir = join(mounted.directory, "out");
      const running = spawnCli(["run", ...common, "--output-dir", outputDir]);
      const journal = () => join(runDirUnder(outputDir) ?? outputDir, "samples.jsonl");
      if (!(await waitUntil(() => journalLineCount(journal()) >= 100, running, 2))) {
        throw new Error(`the run ended before it could be killed:\n${running.output.stderr}`);
      }
      running.child.kill("SIGKILL");
      await running.exited;
      const runDir = runDirUnder(outputDir) ?? "";
      const linesBefore = journalLineCount(journal());
      execFileSync("mount", ["-o", "remount,ro", mounted.directory], { stdio: "pipe" });
      const baseUrl = common[common.indexOf("--base-url") + 1] ?? "";
      const refused = spawnCli(["run", "--resume", runDir, "--base-url", baseUrl, "--quiet"]);
      const end = await refused.exited;
      const failure = failureOf(refused, end, outputDir);
      if (failure.journalLines !== linesBefore) throw new Error("the read-only resume changed the journal");
      execFileSync("mount", ["-o", "remount,rw", mounted.directory], { stdio: "pipe" });
      return await resumeAndCompare(common, runDir, failure, reference, started);
    } finally {
      mounted.unmount();
    }
  });
}
