// IFEval on rows written in google/IFEval's schema (every kwargs key, unused ones null): prompts as the official
// sends them, the four metrics and per-instruction details of written answers, reasoning removed before the checks
// (and said in the result), rows the checks cannot read refused at load, the Hub loader, and grade by prompt.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { gradeResponses } from "../../runner/grade-responses.js";
import { scoreAnswer } from "../../runner/score-answer.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import { ifeval } from "./index.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

const fixtureFile = path.join(fixturesDir("ifeval"), "ifeval", "train.jsonl");
const loadFixtures = () =>
  ifeval.load({ context: createLocalDatasetContext(fixturesDir("ifeval")), nShots: 0 });

async function score(id: string, response: string, reasoning = "") {
  const loaded = await loadFixtures();
  const sample = loaded.samples.find((each) => each.id === id);
  if (sample === undefined) throw new Error(`no sample ${id}`);
  return scoreAnswer(ifeval.recipes[0].grader as never, {
    sample,
    response,
    reasoning,
    finishReason: "stop",
    prompt: undefined,
  });
}

describe("ifeval", () => {
  it("sends each row's prompt as the one user message, no system prompt, 2048 tokens (spec) or 1280 (lm-eval)", async () => {
    const loaded = await loadFixtures();
    const rows = readFileSync(fixtureFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(loaded.samples.map((sample) => sample.id)).toEqual(rows.map((row) => String(row.key)));
    const [first] = loaded.samples;
    if (first === undefined) throw new Error("no samples");
    expect(
      loaded.buildPrompt(first, { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false }),
    ).toEqual({
      type: "chat",
      messages: [{ role: "user", content: rows[0].prompt }],
    });
    expect(first.gold).toBe("length_constraints:number_words, punctuation:no_comma");
    const [spec, lmEval] = ifeval.recipes;
    expect(spec.defaultParams).toEqual({ maxTokens: 2048, temperature: 0 });
    expect(lmEval?.defaultParams).toEqual({ maxTokens: 1280, temperature: 0 });
  });

  it("scores the four metrics and each instruction's strict and loose verdict", async () => {
    const words = Array.from({ length: 130 }, (_, index) => `word${index}`).join(" ");
    const followed = await score("2001", `${words}.`);
    expect(followed.scores).toEqual({
      prompt_level_strict_acc: true,
      inst_level_strict_acc: { numerator: 2, denominator: 2 },
      prompt_level_loose_acc: true,
      inst_level_loose_acc: { numerator: 2, denominator: 2 },
    });
    expect(followed.grade.isCorrect).toBe(true);

    const comma = await score("2001", `${words}, and more.`);
    expect(comma.grade.isCorrect).toBe(false);
    expect(comma.scores?.["inst_level_strict_acc"]).toEqual({ numerator: 1, denominator: 2 });
    expect(comma.grade.reason).toBe("strict: 1/2 followed; not followed: punctuation:no_comma");
    expect(comma.details).toEqual({
      per_instruction: [
        { instruction_id: "length_constraints:number_words", strict: true, loose: true },
        { instruction_id: "punctuation:no_comma", strict: false, loose: false },
      ],
      reasoning_removed: false,
    });

    // Loose only: the JSON follows once the first line (a preamble) is removed.
    const preamble = await score("2007", 'Here is the recipe:\n{"tea": "black", "minutes": 4}');
    expect(preamble.scores).toMatchObject({ prompt_level_strict_acc: false, prompt_level_loose_acc: true });
    expect(preamble.details?.["per_instruction"]).toEqual([
      { instruction_id: "detectable_format:json_format", strict: false, loose: true },
    ]);
  });

  it("checks the answer with its reasoning removed, and says so per sample and in the result", async () => {
    const dir = tempDir("ifeval-grade-");
    const responses = path.join(dir, "responses.jsonl");
    const answer = '```json\n{"tea": "green"}\n```';
    writeFileSync(
      responses,
      [
        // A think block holding what would break the check: removed before checking.
        JSON.stringify({ id: "2007", response: `<think>plain text, not JSON</think>${answer}` }),
        JSON.stringify({ id: "2005", response: "What whistles in the kitchen? Can you guess it?" }),
      ].join("\n"),
    );
    const result = await gradeResponses(
      {
        benchmarks: ["ifeval"],
        dataDir: fixturesDir("ifeval"),
        outputDir: dir,
      },
      [...(await import("../../runner/read-pregenerated-responses.js")).readPregeneratedResponses(responses)],
      { env: {} },
    );
    expect(result.summary.overall.correct).toBe(1);
    expect(result.summary.withReasoning).toBe(1);
    const file = JSON.parse(readFileSync(result.resultPath, "utf8"));
    expect(file.reasoning).toEqual({ removed_before_grading: true, samples_with_reasoning: 1 });
    const json = file.sample_results.find((sample: { id: string }) => sample.id === "2007");
    expect(json.correct).toBe(true);
    expect(json.details.reasoning_removed).toBe(true);
    // Not wrapped in double quotes, but ending with the phrase.
    const riddle = file.sample_results.find((sample: { id: string }) => sample.id === "2005");
    expect(riddle.details.per_instruction.map((each: { strict: boolean }) => each.strict)).toEqual([
      false,
      true,
    ]);
  });

  it("refuses, at load, a row naming an instruction the official registry does not have", async () => {
    const dir = tempDir("ifeval-bad-");
    const [first] = readFileSync(fixtureFile, "utf8").trim().split("\n");
    const row = JSON.parse(first ?? "{}");
    row.instruction_id_list = ["length_constraints:number_words", "detectable_format:haiku"];
    mkdirIn(dir);
    writeFileSync(path.join(dir, "ifeval", "train.jsonl"), `${JSON.stringify(row)}\n`);
    await expect(ifeval.load({ context: createLocalDatasetContext(dir), nShots: 0 })).rejects.toThrow(
      /detectable_format:haiku/,
    );
  });

  it("reads google/IFEval from the Hub (parquet, kwargs structs with nulls) as from a local file", async () => {
    const dir = tempDir("ifeval-hub-");
    const rows = readFileSync(fixtureFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const file = path.join(dir, "train.parquet");
    writeFileSync(
      file,
      new Uint8Array(
        parquetWriteBuffer({
          columnData: [
            { name: "key", data: rows.map((row) => BigInt(row.key)), type: "INT64" },
            { name: "prompt", data: rows.map((row) => row.prompt), type: "STRING" },
            { name: "instruction_id_list", data: rows.map((row) => row.instruction_id_list), type: "JSON" },
            { name: "kwargs", data: rows.map((row) => row.kwargs), type: "JSON" },
          ],
        }),
      ),
    );
    const hub = await startFakeHub({ datasets: { "google/IFEval": { default: { train: [file] } } } });
    try {
      const context = createDatasetContext({
        cacheDir: path.join(dir, "cache"),
        env: { HF_ENDPOINT: hub.endpoint },
      });
      const fromHub = await ifeval.load({ context, nShots: 0 });
      const local = await loadFixtures();
      expect(fromHub.samples.map((sample) => [sample.id, sample.gold, sample.query])).toEqual(
        local.samples.map((sample) => [sample.id, sample.gold, sample.query]),
      );
    } finally {
      await hub.close();
    }
  });
});

function mkdirIn(dir: string): void {
  // The local layout of a run's --data-dir: <dir>/ifeval/train.jsonl.
  mkdirSync(path.join(dir, "ifeval"), { recursive: true });
}
