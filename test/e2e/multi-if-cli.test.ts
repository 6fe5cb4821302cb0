// Multi-IF end to end with the real English conversations (facebook/Multi-IF's 909 English rows, exact columns):
// `llm-bench run multi_if` against the oracle mock server process answering each turn, then a run killed with
// SIGKILL while conversations are in flight and resumed: an unfinished conversation starts again from its first
// turn, and the results equal what the oracle served.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesDir, sharedDataDir } from "../../src/benchmarks/test-support/shared-data-dir.js";
import { parseCsv } from "../../src/datasets/local/parse-csv.js";
import { buildFollowingResponse } from "../../src/graders/ifeval/build-following-response.js";
import { parseIfevalInstructions } from "../../src/graders/ifeval/parse-ifeval-instructions.js";
import { runCli, spawnCli, startMockServerProcess, waitForExit } from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines, runDirNames } from "./support/run-dir.js";

const ENGLISH_CSV = "multi_if/multiIF_20241018_english.csv";
const shared = sharedDataDir(ENGLISH_CSV);
if (shared === undefined) console.log("[e2e] Multi-IF English CSV not found: its tests are skipped.");

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A --data-dir whose multi_if/multiIF_20241018.csv is the shared English subset (linked, not copied). */
function dataDir(sharedDir: string): string {
  const dir = mkdtempSync(join(tmpdir(), "multi-if-e2e-"));
  dirs.push(dir);
  mkdirSync(join(dir, "multi_if"));
  symlinkSync(join(sharedDir, ENGLISH_CSV), join(dir, "multi_if", "multiIF_20241018.csv"));
  return dir;
}

interface OracleSample {
  benchmark: string;
  id: string;
  served: number;
  isCorrect: boolean;
  variant: number;
}

async function oracleSamples(url: string): Promise<Map<string, OracleSample>> {
  const response = await request(`${new URL(url).origin}/oracle/samples`);
  const text = await response.body.text();
  const samples = text
    .trim()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as OracleSample);
  return new Map(samples.map((sample) => [sample.id, sample]));
}

interface Conversation {
  /** Its turns' user messages. */
  texts: string[];
  /** Some response follows every turn's instructions (a few sets cannot be followed together). */
  isFollowable: boolean;
}

/** Each conversation of the CSV by key. */
function conversations(sharedDir: string): Map<string, Conversation> {
  const rows = parseCsv(readFileSync(join(sharedDir, ENGLISH_CSV), "utf8"), {
    source: ENGLISH_CSV,
  }) as Record<string, string>[];
  const result = new Map<string, Conversation>();
  for (const row of rows) {
    const texts: string[] = [];
    let isFollowable = true;
    for (let turn = 1; turn <= 3; turn++) {
      const prompt = row[`turn_${turn}_prompt`] ?? "";
      if (prompt === "" || prompt === "None") break;
      const ids = JSON.parse(row[`turn_${turn}_instruction_id_list`] ?? "[]") as string[];
      const kwargs = (JSON.parse(row[`turn_${turn}_kwargs`] ?? "[]") as string[]).map((each) =>
        JSON.parse(each),
      );
      const content = (JSON.parse(prompt) as { content: string }).content;
      texts.push(content);
      const built = buildFollowingResponse(parseIfevalInstructions(ids, kwargs, "multi-if"), {
        prompt: content,
        variant: 0,
      });
      if (built === undefined) isFollowable = false;
    }
    result.set(String(row["key"]), { texts, isFollowable });
  }
  return result;
}

/**
 * What a run must report for each conversation, from what the oracle served: right when the oracle's verdict for
 * its turns' text is right (identical conversations share one; a conversation another one continues from is answered
 * right, as the other's earlier turns) and some response can follow every turn.
 */
function expectedCorrect(
  known: Map<string, Conversation>,
  served: Map<string, OracleSample>,
  ids: readonly string[],
): number {
  const key = (texts: readonly string[]) => JSON.stringify(texts);
  const continued = new Set(
    [...known.values()].flatMap((each) =>
      each.texts.slice(0, -1).map((_, turn) => key(each.texts.slice(0, turn + 1))),
    ),
  );
  const verdictByText = new Map<string, boolean>();
  for (const sample of served.values()) {
    const texts = known.get(sample.id)?.texts;
    if (texts !== undefined) verdictByText.set(key(texts), sample.isCorrect);
  }
  return ids.filter((id) => {
    const conversation = known.get(id);
    if (conversation === undefined || !conversation.isFollowable) return false;
    const text = key(conversation.texts);
    return continued.has(text) || verdictByText.get(text) === true;
  }).length;
}

interface ResultFile {
  num_samples: number;
  num_correct: number;
  metrics: Record<
    string,
    { kind: string; mean: number; count: number; numerator?: number; denominator?: number }
  >;
  sample_results: { id: string; correct: boolean; details: { per_turn: { turn: number }[] } }[];
}

interface JournalLine {
  id: string;
  status: string;
  correct: boolean;
  session: number;
  turns: { timings: { e2e_ms: number; ttft_ms: number | null } }[];
  timings: { e2e_ms: number };
}

describe.skipIf(shared === undefined)("multi_if on the real English conversations", () => {
  const sharedDir = shared ?? "";
  const known: Map<string, Conversation> = shared === undefined ? new Map() : conversations(sharedDir);
  const turnsOf = (id: string): number => known.get(id)?.texts.length ?? -1;

  it("runs all 909 conversations (2,714 turns), grading each turn, and reports what the oracle served", async () => {
    const data = dataDir(sharedDir);
    const server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.6",
      "--oracle-benchmarks",
      "multi_if",
      "--data-dir",
      data,
    ]);
    try {
      const outputDir = mkdtempSync(join(tmpdir(), "multi-if-run-"));
      dirs.push(outputDir);
      const result = await runCli([
        "run",
        "multi_if",
        "--base-url",
        server.url,
        "--data-dir",
        data,
        "--concurrency",
        "16",
        // Room for the longest answers the oracle builds (the recipe's 1,024 tokens cut "at least 801 words" short).
        "--max-tokens",
        "8192",
        "--output-dir",
        outputDir,
      ]);
      expect(result.stderr).not.toMatch(/internal error/);
      expect(result.code).toBe(0);
      const runDir = onlyRunDir(outputDir);
      const stats = await server.stats();
      expect(stats.unrecognized).toBe(0);
      expect(stats.benchmarks["multi_if"]?.truncated).toBe(0);
      expect(stats.ambiguous).toBe(0);
      expect(stats.benchmarks["multi_if"]?.served).toBe(2_714);
      const samples = await oracleSamples(server.url);
      const file = readJson<ResultFile>(join(runDir, "multi_if.json"));
      expect(file.num_samples).toBe(909);
      expect(file.num_correct).toBe(expectedCorrect(known, samples, [...known.keys()]));
      expect(file.num_correct).toBeGreaterThan(400);
      // Every turn of every conversation graded: 13 conversations have no third turn.
      expect(file.metrics["turn_1_prompt_level_strict_acc"]?.count).toBe(909);
      expect(file.metrics["turn_3_prompt_level_strict_acc"]?.count).toBe(896);
      expect(file.metrics["turn_2_inst_level_loose_acc"]?.kind).toBe("ratio");
      for (const sample of file.sample_results) {
        expect(sample.details.per_turn).toHaveLength(turnsOf(sample.id));
      }
      // Each turn's latency journalled; the sample's is its last turn's.
      const journal = readJsonLines<JournalLine>(join(runDir, "samples.jsonl"));
      expect(journal).toHaveLength(909);
      for (const line of journal) {
        expect(line.turns).toHaveLength(turnsOf(line.id));
        expect(line.timings.e2e_ms).toBe(line.turns.at(-1)?.timings.e2e_ms);
      }
      expect(result.stdout).toMatch(/turn_3_prompt_level_strict_acc/);
    } finally {
      await server.stop();
    }
  }, 300_000);

  it("after SIGKILL with conversations in flight, --resume runs each unfinished one again from its first turn", async () => {
    const data = dataDir(sharedDir);
    // A slower server, so the kill lands with conversations part way through.
    const server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.6",
      "--oracle-benchmarks",
      "multi_if",
      "--data-dir",
      data,
      "--ttft-ms",
      "40",
    ]);
    try {
      const outputDir = mkdtempSync(join(tmpdir(), "multi-if-kill-"));
      dirs.push(outputDir);
      const child = spawnCli([
        "run",
        "multi_if",
        "--base-url",
        server.url,
        "--data-dir",
        data,
        "--first",
        "60",
        "--max-tokens",
        "8192",
        "--concurrency",
        "6",
        "--output-dir",
        outputDir,
      ]);
      let runDir = "";
      for (let waited = 0; waited < 60_000; waited += 25) {
        await sleep(25);
        try {
          runDir = onlyRunDirQuiet(outputDir);
          if (readFileSync(join(runDir, "samples.jsonl"), "utf8").split("\n").length > 12) break;
        } catch {
          // Not written yet.
        }
      }
      child.kill("SIGKILL");
      expect((await waitForExit(child)).signal).toBe("SIGKILL");
      const before = readJsonLines<JournalLine>(join(runDir, "samples.jsonl"));
      expect(before.length).toBeGreaterThan(10);
      expect(before.length).toBeLessThan(60);
      // Only whole conversations are journalled, and some were part way when the run was killed.
      for (const line of before) expect(line.turns).toHaveLength(turnsOf(line.id));
      const journalledTurns = before.reduce((sum, line) => sum + line.turns.length, 0);
      const servedBefore = (await server.stats()).benchmarks["multi_if"]?.served ?? 0;
      expect(servedBefore).toBeGreaterThan(journalledTurns);

      const resumed = await runCli(["run", "--resume", runDir, "--base-url", server.url]);
      expect(resumed.stderr).not.toMatch(/internal error/);
      expect(resumed.code).toBe(0);
      const after = readJsonLines<JournalLine>(join(runDir, "samples.jsonl"));
      expect(after).toHaveLength(60);
      expect(new Set(after.map((line) => line.id)).size).toBe(60);
      expect(new Set(after.map((line) => line.session))).toEqual(new Set([0, 1]));
      // The resume asked every unfinished conversation again from its first turn, and nothing journalled.
      const journalled = new Set(before.map((line) => line.id));
      const missing = after.filter((line) => !journalled.has(line.id));
      const servedByResume = ((await server.stats()).benchmarks["multi_if"]?.served ?? 0) - servedBefore;
      expect(servedByResume).toBe(missing.reduce((sum, line) => sum + turnsOf(line.id), 0));
      for (const line of missing) {
        expect(line.session).toBe(1);
        expect(line.turns).toHaveLength(turnsOf(line.id));
      }
      const servedAfter = await oracleSamples(server.url);
      const file = readJson<ResultFile>(join(runDir, "multi_if.json"));
      expect(file.num_samples).toBe(60);
      expect(file.num_correct).toBe(
        expectedCorrect(known, servedAfter, [...new Set(after.map((line) => line.id))]),
      );
      const manifest = readJson<{ status: string; sessions: unknown[] }>(join(runDir, "run.json"));
      expect(manifest.status).toBe("completed");
      expect(manifest.sessions).toHaveLength(2);
    } finally {
      await server.stop();
    }
  }, 300_000);
});

/** The one run directory under `outputDir`, without asserting (it may not exist yet). */
function onlyRunDirQuiet(outputDir: string): string {
  const [name] = runDirNames(outputDir);
  if (name === undefined) throw new Error("no run directory yet");
  return join(outputDir, name);
}

describe("profile with a multi-turn benchmark", () => {
  it("refuses it (one request per workload item) and says how to measure it, exit 2", async () => {
    const server = await startMockServerProcess([]);
    try {
      const result = await runCli([
        "profile",
        "--accuracy-benchmark",
        "multi_if",
        "--data-dir",
        fixturesDir("multi_if"),
        "--base-url",
        server.url,
        "--num-requests",
        "4",
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/multi_if: each sample is a conversation of several requests/);
      expect(result.stderr).toMatch(/llm-bench run multi_if/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
