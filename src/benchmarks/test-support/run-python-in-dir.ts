// Runs a Python program with plain `python3` in a fresh temporary directory holding its files, for tests of
// graders' Python harnesses before (and beside) the sandbox. Not a sandbox: only for programs the tests wrote.
import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** True when `python3` runs here (the suites that need it skip otherwise). */
export const hasPython3 = spawnSync("python3", ["--version"], { stdio: "ignore" }).status === 0;

export interface PythonRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Writes `main.py` (the program) and `files` into a temporary directory, runs `python3 main.py` there, removes it. */
export async function runPythonInDir(
  program: string,
  files: Readonly<Record<string, string>>,
  options: { timeoutMs?: number } = {},
): Promise<PythonRun> {
  const dir = await mkdtemp(path.join(tmpdir(), "llm-bench-python-"));
  try {
    await writeFile(path.join(dir, "main.py"), program);
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    return await new Promise<PythonRun>((resolve) => {
      execFile(
        "python3",
        ["main.py"],
        { cwd: dir, timeout: options.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
        (error, stdout, stderr) => {
          const failure = error as (Error & { code?: unknown; signal?: NodeJS.Signals | null }) | null;
          resolve({
            exitCode: failure === null ? 0 : typeof failure.code === "number" ? failure.code : null,
            signal: failure?.signal ?? null,
            stdout,
            stderr,
          });
        },
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Prints why a suite that needs python3 is skipped. */
export function printNoPythonReason(suite: string): void {
  process.stderr.write(`${suite} skipped: python3 is not on PATH\n`);
}
