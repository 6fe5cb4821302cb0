// A multi-turn user benchmark through real runs: a TypeScript definition file with `program()` and a conversation
// `oracle` (every sample's second turn has the same text, so the mock server must tell them apart by their first),
// run by `runBenchmarks` against the oracle mock server, with `--tasks`, and graded from a `responses` file.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { ConfigError } from "../errors.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { gradeResponses } from "../runner/grade-responses.js";
import { readPregeneratedResponses } from "../runner/read-pregenerated-responses.js";
import { runBenchmarks } from "../runner/run-benchmarks.js";
import { removeTempFolders, tempFolder } from "./test-support/temp-folder.js";
import { FOLLOW_UP, TWO_TURN_ROWS as ROWS, TWO_TURN_DEFINITION } from "./test-support/two-turn-definition.js";

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(removeTempFolders);

let dir = "";
let file = "";
beforeAll(() => {
  dir = tempFolder({ "rows.jsonl": ROWS, "two_turns.ts": TWO_TURN_DEFINITION }, "byob-program-");
  file = path.join(dir, "two_turns.ts");
});

async function startOracle(): Promise<MockServer> {
  const context = createDatasetContext({ env: {} });
  const server = await startMockServer({
    oracle: { benchmarks: await loadOracleBenchmarks([file], context), accuracy: 0.5, seed: 3 },
  });
  servers.push(server);
  return server;
}

function journal(runDir: string): SampleRecord[] {
  return readFileSync(path.join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
}

interface MetricJson {
  kind: string;
  mean: number;
  count: number;
  numerator?: number;
  denominator?: number;
}

describe("a program() benchmark through run", () => {
  it("runs every conversation against the oracle: verdicts as served, per-turn metrics and journal turns", async () => {
    const server = await startOracle();
    const outputDir = path.join(dir, "out-run");
    const outcome = await runBenchmarks(
      { benchmarks: [file], baseUrl: server.url, model: "mock-model", outputDir, concurrency: 3 },
      { env: {} },
    );
    expect(outcome.status).toBe("completed");
    expect(outcome.requested).toBe(ROWS.length);

    const stats = server.oracle?.stats();
    const served = stats?.benchmarks["two_turns"];
    expect(stats?.unrecognized).toBe(0);
    expect(stats?.ambiguous).toBe(0);
    // Two turns per sample, each recognised as its own sample's (the shared second turn by its opener).
    expect(served).toMatchObject({ served: 2 * ROWS.length, uniqueSamples: ROWS.length });
    const correct = served?.uniqueCorrect ?? -1;
    expect(correct).toBeGreaterThan(0);
    expect(correct).toBeLessThan(ROWS.length);

    const [result] = outcome.benchmarks;
    expect(result?.summary.gradedSamples).toBe(ROWS.length);
    expect(result?.summary.overall.correct).toBe(correct);
    const verdicts = new Map(
      server.oracle?.samples().map((sample) => [sample.id, sample.isCorrect] as const),
    );
    const records = journal(outcome.runDir);
    expect(records).toHaveLength(ROWS.length);
    for (const record of records) {
      expect(record.status).toBe("ok");
      expect(record.correct).toBe(verdicts.get(record.id));
      expect(record.turns).toHaveLength(2);
      expect(record.scores?.["turn_1"]).toBe(true);
      const row = ROWS[Number(record.id)];
      expect(record.task).toBe(row?.level);
      // The record's prompt is the last turn's: the question, the first answer, the follow-up.
      expect(record.prompt).toEqual({
        type: "chat",
        messages: [
          { role: "user", content: row?.question },
          { role: "assistant", content: row?.answer },
          { role: "user", content: FOLLOW_UP },
        ],
      });
      expect(record.details).toEqual({ answers: [row?.answer, record.response] });
    }

    const resultFile = readJson(result?.resultPath ?? "");
    const metrics = resultFile["metrics"] as Record<string, MetricJson>;
    expect(Object.keys(metrics)).toEqual(["correct", "turn_1", "turn_2", "consistent"]);
    expect(metrics["turn_1"]).toMatchObject({ kind: "boolean", mean: 1, count: ROWS.length });
    expect(metrics["turn_2"]?.mean).toBeCloseTo(correct / ROWS.length, 12);
    expect(metrics["consistent"]).toMatchObject({
      kind: "ratio",
      numerator: ROWS.length + correct,
      denominator: 2 * ROWS.length,
    });
    const tasks = resultFile["tasks"] as {
      task: string;
      total: number;
      metrics?: Record<string, MetricJson>;
    }[];
    expect(tasks.map((task) => [task.task, task.total])).toEqual([
      ["easy", 5],
      ["hard", 3],
    ]);
    expect(tasks[1]?.metrics?.["turn_1"]).toMatchObject({ mean: 1, count: 3 });
    const sampleResults = resultFile["sample_results"] as { id: string; details?: unknown }[];
    expect(sampleResults.find((sample) => sample.id === "0")?.details).toEqual(
      records.find((record) => record.id === "0")?.details,
    );

    // The spec's result file carries each sample's details beside its task.
    const specFile = readdirSync(outputDir).find(
      (name) => name.startsWith("two_turns_") && name.endsWith(".json"),
    );
    const spec = readJson(path.join(outputDir, specFile ?? "missing"));
    const specSamples = spec["sample_results"] as { id: string; details: Record<string, unknown> }[];
    expect(specSamples.find((sample) => sample.id === "3")?.details).toEqual({
      task: "hard",
      answers: records.find((record) => record.id === "3")?.details?.["answers"],
    });
  });

  it("asks only the samples of the --tasks named", async () => {
    const server = await startOracle();
    const outcome = await runBenchmarks(
      {
        benchmarks: [file],
        baseUrl: server.url,
        model: "mock-model",
        outputDir: path.join(dir, "out-tasks"),
        tasks: ["hard"],
      },
      { env: {} },
    );
    expect(journal(outcome.runDir).map((record) => [record.id, record.task])).toEqual([
      ["3", "hard"],
      ["5", "hard"],
      ["6", "hard"],
    ]);
    expect(server.oracle?.stats().benchmarks["two_turns"]?.served).toBe(6);
  });
});

describe("grade of a program() benchmark", () => {
  function responsesOf(lines: readonly object[], name: string) {
    const written = tempFolder({ [name]: lines }, "byob-program-grade-");
    const responsesFile = path.join(written, name);
    return { responsesFile, responses: readPregeneratedResponses(responsesFile) };
  }

  const grade = (responses: ReturnType<typeof readPregeneratedResponses>) =>
    gradeResponses({ benchmarks: [file], outputDir: path.join(dir, "out-grade") }, responses, { env: {} });

  it("replays each line's answers through the program, one per turn", async () => {
    const { responses } = responsesOf(
      [
        { id: "0", responses: ["Paris", "Paris"] },
        { id: "1", responses: ["8", "<think>legs…</think>6"] },
        { prompt: "Red planet?", responses: ["Mars", "Mars"] },
      ],
      "answers.jsonl",
    );
    const graded = await grade(responses);
    const records = journal(graded.runDir);
    expect(records.map((record) => [record.id, record.correct, record.turns?.length])).toEqual([
      ["0", true, 2],
      ["1", false, 2],
      ["2", true, 2],
    ]);
    expect(records[1]).toMatchObject({
      response: "6",
      reasoning: "legs…",
      scores: { turn_1: true, turn_2: false, consistent: { numerator: 1, denominator: 2 } },
      prompt: {
        type: "chat",
        messages: [
          { role: "user", content: "Legs of a spider?" },
          { role: "assistant", content: "8" },
          { role: "user", content: FOLLOW_UP },
        ],
      },
    });
    expect(graded.summary.overall.correct).toBe(2);
  });

  it("refuses too few answers, too many, and a single `response`, naming the file's line", async () => {
    const few = responsesOf(
      [
        { id: "0", responses: ["Paris", "Paris"] },
        { id: "1", responses: ["8"] },
      ],
      "few.jsonl",
    );
    const tooFew = grade(few.responses);
    await expect(tooFew).rejects.toThrow(ConfigError);
    await expect(tooFew).rejects.toThrow(
      `${few.responsesFile} line 2: field "responses": 1 answer, but the conversation asks for turn 2; give one answer per turn.`,
    );

    const many = responsesOf([{ id: "0", responses: ["Paris", "Paris", "Paris"] }], "many.jsonl");
    await expect(grade(many.responses)).rejects.toThrow(
      `${many.responsesFile} line 1: field "responses": 3 answers, but the conversation of sample "0" has 2 turns; give one answer per turn.`,
    );

    const single = responsesOf([{ id: "0", response: "Paris" }], "single.jsonl");
    await expect(grade(single.responses)).rejects.toThrow(
      `${single.responsesFile} line 1: field "response": two_turns is multi-turn; give "responses": [the answer to turn 1, to turn 2, …].`,
    );
  });
});
