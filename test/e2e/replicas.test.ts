// End to end: a run spread over three mock-server replicas, one killed mid-run — no sample lost, each graded once,
// the oracle's accuracy exact, per-replica figures that sum to the totals; a profile over two replicas.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { oracleVerdict } from "../../src/mock-server/oracle-verdict.js";
import {
  hasSharedData,
  type MockServerProcess,
  runCli,
  sharedData,
  spawnCli,
  startMockServerProcess,
  waitForExit,
} from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines, waitForJournalLines } from "./support/run-dir.js";

const ACCURACY = 0.7;
const LIMIT = 200;
const oracleArgs = [
  "--oracle-accuracy",
  String(ACCURACY),
  "--oracle-benchmarks",
  "gsm8k",
  "--data-dir",
  sharedData,
];

interface ReplicaFigures {
  replica: string;
  requests: number;
  successful_requests: number;
  failed_requests: number;
  connection_errors: number;
  latency_p50_ms: number | null;
}

interface JournalRecord {
  id: string;
  status: string;
  correct: boolean;
  replica?: string;
  replica_failures?: string[];
}

describe.skipIf(!hasSharedData)("several replicas", () => {
  const servers: MockServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it("loses no sample when one of three replicas dies mid-run", async () => {
    for (let index = 0; index < 3; index++) {
      servers.push(await startMockServerProcess(["--ttft-ms", "30", ...oracleArgs]));
    }
    const [first, dying, third] = servers;
    if (first === undefined || dying === undefined || third === undefined) throw new Error("no servers");
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-replicas-"));
    const child = spawnCli([
      "run",
      "gsm8k",
      "--limit",
      String(LIMIT),
      "--base-url",
      first.url,
      "--base-url",
      `${dying.url},${third.url}`,
      "--data-dir",
      sharedData,
      "--output-dir",
      outputDir,
      "--concurrency",
      "6",
      "--replica-eject-after",
      "2",
      "--replica-cooldown",
      "0.5",
    ]);
    await waitForJournalLines(outputDir, 50);
    dying.child.kill("SIGKILL");
    await waitForExit(dying.child);
    const exit = await waitForExit(child);
    expect(child.output.stderr).not.toMatch(/internal error/);
    expect(exit.code).toBe(0);
    const runDir = onlyRunDir(outputDir);
    expect(readJson<{ status: string }>(join(runDir, "run.json")).status).toBe("completed");

    // Every sample graded exactly once, with the verdict the oracle gives it.
    const records = readJsonLines<JournalRecord>(join(runDir, "samples.jsonl"));
    expect(records).toHaveLength(LIMIT);
    expect(new Set(records.map((record) => record.id)).size).toBe(LIMIT);
    expect(records.every((record) => record.status === "ok")).toBe(true);
    for (const record of records) {
      expect(record.correct).toBe(oracleVerdict(0, "gsm8k", record.id, ACCURACY).isCorrect);
    }
    const correct = records.filter((record) => record.correct).length;
    const result = readJson<{ accuracy: number; replicas: ReplicaFigures[] }>(join(runDir, "gsm8k.json"));
    expect(result.accuracy).toBe(correct / LIMIT);

    // Per-replica figures, in --base-url order, summing to the totals; the killed one's connection errors counted.
    const urls = [first.url, dying.url, third.url];
    expect(result.replicas.map((entry) => entry.replica)).toEqual(urls);
    const sum = (pick: (entry: ReplicaFigures) => number) =>
      result.replicas.reduce((total, entry) => total + pick(entry), 0);
    expect(sum((entry) => entry.requests)).toBe(LIMIT);
    expect(sum((entry) => entry.successful_requests)).toBe(LIMIT);
    expect(sum((entry) => entry.failed_requests)).toBe(0);
    const [, killed] = result.replicas;
    const failedOver = records.flatMap((record) => record.replica_failures ?? []);
    expect(failedOver.length).toBeGreaterThan(0);
    expect(failedOver.every((replica) => replica === dying.url)).toBe(true);
    expect(killed?.connection_errors).toBe(failedOver.length);
    expect(killed?.requests).toBeGreaterThan(0);
    for (const entry of result.replicas) {
      expect(entry.requests).toBe(records.filter((record) => record.replica === entry.replica).length);
      expect(entry.latency_p50_ms).toBeGreaterThan(0);
    }
    // The survivors took the rest of the run.
    expect(result.replicas[0]?.requests ?? 0).toBeGreaterThan(killed?.requests ?? 0);
    const manifest = readJson<{ summaries: { gsm8k: { replicas: ReplicaFigures[] } } }>(
      join(runDir, "run.json"),
    );
    expect(manifest.summaries.gsm8k.replicas).toEqual(result.replicas);
    expect(child.output.stdout).toMatch(/replica\s+requests\s+ok\s+failed\s+conn errors/);
  }, 90_000);

  it("gives per-replica figures in a profile over two replicas", async () => {
    const pair = [
      await startMockServerProcess(["--ttft-ms", "5"]),
      await startMockServerProcess(["--ttft-ms", "5"]),
    ];
    servers.push(...pair);
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-replicas-profile-"));
    const result = await runCli([
      "profile",
      "--base-url",
      pair.map((server) => server.url).join(","),
      "--isl",
      "16",
      "--osl",
      "8",
      "--concurrency",
      "4",
      "--num-requests",
      "40",
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    const runDir = onlyRunDir(outputDir);
    const summary = readJson<{ successful_requests: number; replicas: ReplicaFigures[] }>(
      join(runDir, "profile_summary.json"),
    );
    expect(summary.replicas.map((entry) => entry.replica)).toEqual(pair.map((server) => server.url));
    expect(summary.replicas.reduce((total, entry) => total + entry.requests, 0)).toBe(
      summary.successful_requests,
    );
    // Least outstanding with round robin among equals: both replicas take a fair share.
    for (const entry of summary.replicas) {
      expect(entry.requests).toBeGreaterThanOrEqual(10);
      expect(entry.connection_errors).toBe(0);
    }
    const lines = readJsonLines<{ replica?: string }>(join(runDir, "profile_export.jsonl"));
    expect(new Set(lines.map((line) => line.replica))).toEqual(new Set(pair.map((server) => server.url)));
    expect(result.stdout).toMatch(/replica\s+requests/);
  }, 60_000);
});
