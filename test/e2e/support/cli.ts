// Spawns the built `llm-bench` CLI (dist/) for end-to-end tests, and the mock server as a child process.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const cliPath = join(repoRoot, "dist/cli/main.js");
export const sharedData = resolve(process.env["LLM_BENCH_SHARED_DATA"] ?? join(repoRoot, "../shared/data"));
export const hasSharedData =
  existsSync(join(sharedData, "mmlu/test")) && existsSync(join(sharedData, "gsm8k/test.jsonl"));

if (!hasSharedData) {
  console.log(`[e2e] shared benchmark data not found at ${sharedData}: the tests that need it are skipped.`);
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function assertBuilt(): void {
  if (!existsSync(cliPath))
    throw new Error(`${cliPath} is missing: run \`npm run build\` first (npm test does).`);
}

/** Runs `llm-bench ...args` to completion. */
export function runCli(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<CliResult> {
  assertBuilt();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, OPENAI_API_KEY: "", OPENAI_BASE_URL: "", HF_HUB_OFFLINE: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
  });
}

/** Starts `llm-bench ...args` and returns the child without waiting for it. */
export function spawnCli(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): ChildProcess & {
  output: { stdout: string; stderr: string };
} {
  assertBuilt();
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: repoRoot,
    env: { ...process.env, OPENAI_API_KEY: "", OPENAI_BASE_URL: "", HF_HUB_OFFLINE: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  return Object.assign(child, { output });
}

export function waitForExit(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolvePromise) =>
    child.on("exit", (code, signal) => resolvePromise({ code, signal })),
  );
}

export interface MockServerProcess {
  url: string;
  child: ChildProcess;
  stats(): Promise<OracleStats>;
  stop(): Promise<void>;
}

export interface OracleStats {
  benchmarks: Record<
    string,
    {
      served: number;
      correct: number;
      wrong: number;
      uniqueSamples: number;
      duplicateRequests: number;
      truncated: number;
    }
  >;
  unrecognized: number;
  ambiguous: number;
}

/** Starts `llm-bench mock-server --port 0 ...args` and waits for its URL. */
export async function startMockServerProcess(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<MockServerProcess> {
  const child = spawnCli(["mock-server", "--port", "0", ...args], options);
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`mock server did not start:\n${child.output.stderr}`)),
      30_000,
    );
    const onData = (): void => {
      const match = /listening on (http:\/\/\S+)/.exec(child.output.stdout);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolvePromise(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.on("exit", () => reject(new Error(`mock server exited:\n${child.output.stderr}`)));
  });
  const origin = new URL(url).origin;
  return {
    url,
    child,
    async stats() {
      const { request } = await import("undici");
      const response = await request(`${origin}/oracle/stats`);
      return (await response.body.json()) as OracleStats;
    },
    async stop() {
      child.kill("SIGTERM");
      await waitForExit(child);
    },
  };
}

/** Generation requests a mock server has answered (its vLLM-style success counters on /metrics). */
export async function servedRequests(baseUrl: string): Promise<number> {
  const { request } = await import("undici");
  const text = await (await request(`${new URL(baseUrl).origin}/metrics`)).body.text();
  let total = 0;
  for (const match of text.matchAll(/^vllm:request_success_total\{[^}]*\} (\d+)$/gm))
    total += Number(match[1]);
  return total;
}

/** The run directory a `run` or `grade` printed (`Results: DIR`). */
export function runDirOf(stdout: string): string {
  const match = /Results: (\S+)/.exec(stdout);
  if (match?.[1] === undefined) throw new Error(`no run directory in:\n${stdout}`);
  return match[1];
}

/** A run directory's journal (samples.jsonl), one parsed record per line. */
export function journalOf<T = Record<string, unknown>>(runDir: string): T[] {
  return readFileSync(join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as T);
}

/**
 * One `llm-bench run BENCH...` against its own oracle mock-server process (`--oracle-accuracy accuracy`, serving the
 * benchmarks from `dataDir`); asserts it ends with exit 0 and returns the run directory.
 */
export async function runAgainstOracle(options: {
  benchmarks: readonly string[];
  dataDir: string;
  accuracy: string;
  serverArgs?: readonly string[];
  runArgs?: readonly string[];
}): Promise<string> {
  const server = await startMockServerProcess([
    "--oracle-accuracy",
    options.accuracy,
    ...(options.serverArgs ?? []),
    "--oracle-benchmarks",
    options.benchmarks.join(","),
    "--data-dir",
    options.dataDir,
  ]);
  try {
    const outputDir = mkdtempSync(join(tmpdir(), `e2e-oracle-${options.accuracy}-`));
    const result = await runCli([
      "run",
      ...options.benchmarks,
      "--base-url",
      server.url,
      "--data-dir",
      options.dataDir,
      ...(options.runArgs ?? []),
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    const entry = readdirSync(outputDir, { withFileTypes: true }).find((each) => each.isDirectory());
    return join(outputDir, entry?.name ?? "");
  } finally {
    await server.stop();
  }
}
