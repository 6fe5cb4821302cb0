// End to end: a synthetic `llm-bench profile` stopped part way — with Ctrl-C (the session records what it sent) or with
// kill -9 (it records nothing; its requests are read back from profile_export.jsonl) — and resumed: the resume sends
// only what is left, export indices stay unique, and the measured lines over both sessions are exactly those asked.
import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type MockServerProcess,
  runCli,
  servedRequests,
  spawnCli,
  startMockServerProcess,
  waitForExit,
} from "./support/cli.js";
import { readJson, readJsonLines, runDirNames } from "./support/run-dir.js";

const REQUESTS = 3_000;
const WARMUP = 4;

interface ExportLine {
  index: number;
  is_warmup: boolean;
  status: string;
}

interface Manifest {
  status: string;
  sessions: { status: string; requests_sent?: number; requests_measured?: number }[];
}

/** Starts a profile of REQUESTS synthetic requests and returns it once its export holds `bytes` bytes. */
async function startProfile(baseUrl: string, outputDir: string, bytes: number) {
  const child = spawnCli([
    "profile",
    "--base-url",
    baseUrl,
    "--isl",
    "32",
    "--osl",
    "8",
    "--num-requests",
    String(REQUESTS),
    "--warmup",
    String(WARMUP),
    "--concurrency",
    "16",
    "--output-dir",
    outputDir,
  ]);
  for (let waited = 0; waited < 60_000; waited += 20) {
    await sleep(20);
    const name = runDirNames(outputDir)[0];
    if (name === undefined) continue;
    const runDir = join(outputDir, name);
    const exported = join(runDir, "profile_export.jsonl");
    if (existsSync(exported) && statSync(exported).size >= bytes) return { child, runDir };
  }
  child.kill("SIGKILL");
  throw new Error(`the profile wrote no ${bytes} bytes of export in a minute:\n${child.output.stderr}`);
}

/** Resumes the profile; returns its result and the requests the server answered meanwhile. */
async function resume(baseUrl: string, runDir: string) {
  const before = await servedRequests(baseUrl);
  const result = await runCli(["profile", "--resume", runDir, "--base-url", baseUrl]);
  return { result, served: (await servedRequests(baseUrl)) - before };
}

/** The export after both sessions: every index once, exactly REQUESTS measured lines. */
function expectWholeExport(runDir: string): ExportLine[] {
  const lines = readJsonLines<ExportLine>(join(runDir, "profile_export.jsonl"));
  expect(new Set(lines.map((line) => line.index)).size).toBe(lines.length);
  expect(lines.filter((line) => !line.is_warmup)).toHaveLength(REQUESTS);
  expect(lines.filter((line) => line.status !== "ok")).toEqual([]);
  return lines;
}

describe("llm-bench profile stopped part way and resumed", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess(["--ttft-ms", "8", "--itl-ms", "1"]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("after Ctrl-C, --resume sends the requests the first session did not", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-profile-int-"));
    const servedBefore = await servedRequests(server.url);
    const { child, runDir } = await startProfile(server.url, outputDir, 1);
    child.kill("SIGINT");
    expect((await waitForExit(child)).code).toBe(130);
    const servedFirst = (await servedRequests(server.url)) - servedBefore;
    const first = readJson<Manifest>(join(runDir, "run.json"));
    expect(first.status).toBe("interrupted");
    const sent = first.sessions[0]?.requests_sent ?? 0;
    expect(sent).toBeGreaterThan(WARMUP);
    expect(sent).toBeLessThan(REQUESTS);
    expect(servedFirst).toBe(sent);

    const { result, served } = await resume(server.url, runDir);
    expect(result.stderr).not.toMatch(/internal error|ended before it recorded/);
    expect(result.code).toBe(0);
    // The resume warms up again, then measures what is left.
    expect(served).toBe(WARMUP + REQUESTS - (sent - WARMUP));
    expectWholeExport(runDir);
    const manifest = readJson<Manifest>(join(runDir, "run.json"));
    expect(manifest.status).toBe("completed");
    expect(manifest.sessions.map((session) => session.requests_sent)).toEqual([sent, served]);
  });

  it("after kill -9, --resume reads the killed session's requests back from the export and sends only the rest", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-profile-kill-"));
    // The export is written in 256 KiB blocks: wait for the first one.
    const { child, runDir } = await startProfile(server.url, outputDir, 256 * 1024);
    child.kill("SIGKILL");
    expect((await waitForExit(child)).signal).toBe("SIGKILL");
    const killed = readJson<Manifest>(join(runDir, "run.json"));
    expect(killed.sessions[0]?.requests_sent).toBeUndefined();
    const onDisk = readJsonLines<ExportLine>(join(runDir, "profile_export.jsonl"));
    const measuredOnDisk = onDisk.filter((line) => !line.is_warmup).length;
    expect(measuredOnDisk).toBeGreaterThan(100);
    expect(measuredOnDisk).toBeLessThan(REQUESTS);

    const { result, served } = await resume(server.url, runDir);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `session 0 of this profile ended before it recorded its requests (killed, or failed): ${onDisk.length} of ` +
        `them were found in profile_export.jsonl (${measuredOnDisk} measured)`,
    );
    expect(served).toBe(WARMUP + REQUESTS - measuredOnDisk);
    const lines = expectWholeExport(runDir);
    // The resume's indices start after the killed session's highest.
    const highest = Math.max(...onDisk.map((line) => line.index));
    expect(lines.slice(onDisk.length).every((line) => line.index > highest)).toBe(true);
    const manifest = readJson<Manifest>(join(runDir, "run.json"));
    expect(manifest.status).toBe("completed");
    expect(manifest.sessions[0]).toMatchObject({
      requests_sent: highest + 1,
      requests_measured: measuredOnDisk,
    });
    expect(manifest.sessions[1]?.requests_sent).toBe(served);

    // Nothing is left: a second resume says so.
    const again = await resume(server.url, runDir);
    expect(again.result.code).toBe(2);
    expect(again.result.stderr).toMatch(
      new RegExp(`nothing is left to send \\(all ${REQUESTS} requests were sent\\)`),
    );
    expect(again.served).toBe(0);
  });
});
