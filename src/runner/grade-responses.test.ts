// `grade --responses` naming samples by prompt (IFEval's fixtures, as Google's response files do), and the lines it
// refuses: an unknown prompt, a prompt two samples share, a sample answered twice, turns for a one-answer benchmark.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import { removeTempFolders, tempFolder } from "../byob/test-support/temp-folder.js";
import type { SampleRecord } from "../core/sample-record.js";
import { ConfigError } from "../errors.js";
import { gradeResponses, type PregeneratedResponse } from "./grade-responses.js";
import { readPregeneratedResponses } from "./read-pregenerated-responses.js";

afterAll(removeTempFolders);

const dataDir = fixturesDir("ifeval");
const ROWS = readFileSync(path.join(dataDir, "ifeval", "train.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { key: number; prompt: string });

function promptOf(key: number): string {
  const row = ROWS.find((candidate) => candidate.key === key);
  if (row === undefined) throw new Error(`no fixture row ${key}`);
  return row.prompt;
}

/** The responses as `grade --responses FILE` reads them (with each line's number for the errors). */
function responsesFile(lines: readonly object[]): { file: string; responses: PregeneratedResponse[] } {
  const dir = tempFolder({ "responses.jsonl": lines }, "grade-by-prompt-");
  const file = path.join(dir, "responses.jsonl");
  return { file, responses: readPregeneratedResponses(file) };
}

function gradeIfeval(responses: readonly PregeneratedResponse[]) {
  return gradeResponses(
    { benchmarks: ["ifeval"], dataDir, outputDir: tempFolder({}, "grade-out-") },
    responses,
    { env: {} },
  );
}

function journal(runDir: string): SampleRecord[] {
  return readFileSync(path.join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);
}

describe("gradeResponses, samples named by prompt", () => {
  it("finds each line's sample by its prompt text (or id) and grades it", async () => {
    const { responses } = responsesFile([
      // 2007: "Give a recipe for tea in JSON format." — JSON follows it.
      { prompt: promptOf(2007), response: '{"tea": "green", "steep_minutes": 3}' },
      // 2005: wrap the whole response in double quotes and end with a phrase — this does neither.
      { prompt: promptOf(2005), response: "A riddle about a kettle." },
      { id: "2003", response: "no bullets here" },
    ]);
    const graded = await gradeIfeval(responses);
    const records = journal(graded.runDir);
    expect(records.map((record) => [record.id, record.correct])).toEqual([
      ["2007", true],
      ["2005", false],
      ["2003", false],
    ]);
    expect(records.find((record) => record.id === "2007")?.prompt).toEqual({
      type: "chat",
      messages: [{ role: "user", content: promptOf(2007) }],
    });
    expect(graded.summary.gradedSamples).toBe(3);
    expect(graded.summary.overall.correct).toBe(1);
    // The scorer's per-instruction details land in the journal and in <benchmark>.json's sample results.
    const details = records.find((record) => record.id === "2005")?.details;
    expect(details).toBeDefined();
    const result = JSON.parse(readFileSync(graded.resultPath, "utf8")) as {
      sample_results: { id: string; details?: unknown }[];
    };
    expect(result.sample_results.find((sample) => sample.id === "2005")?.details).toEqual(details);
  });

  it("refuses a prompt no sample has, naming the file's line", async () => {
    const { file, responses } = responsesFile([
      { prompt: promptOf(2007), response: "{}" },
      { prompt: "Write a haiku about autumn.", response: "leaves" },
    ]);
    const grading = gradeIfeval(responses);
    await expect(grading).rejects.toThrow(ConfigError);
    await expect(grading).rejects.toThrow(
      `${file} line 2: field "prompt": no sample of ifeval has this prompt ("Write a haiku about autumn."…); name the sample with "id" instead.`,
    );
  });

  it("refuses a second answer for the same sample, by id and then by prompt", async () => {
    const { file, responses } = responsesFile([
      { id: 2007, response: "{}" },
      { prompt: promptOf(2007), response: "[]" },
    ]);
    await expect(gradeIfeval(responses)).rejects.toThrow(
      `${file} line 2: a second answer for sample "2007"; give each sample one answer.`,
    );
  });

  it("refuses turns for a benchmark graded on one answer", async () => {
    const { file, responses } = responsesFile([{ id: "2007", responses: ["{}", "{}"] }]);
    await expect(gradeIfeval(responses)).rejects.toThrow(
      `${file} line 1: field "responses": ifeval grades one answer per sample; give it as "response".`,
    );
  });

  it("refuses a prompt several samples share, listing their ids", async () => {
    const dir = tempFolder(
      {
        "rows.jsonl": [
          { q: "Capital of France?", a: "Paris" },
          { q: "Red planet?", a: "Mars" },
          { q: "Capital of France?", a: "Paris" },
        ],
        "twice.yaml":
          "name: twice\ndataset: rows.jsonl\nprompt: '{q}'\ntarget_field: a\nscorer: exact_match\n",
      },
      "grade-shared-prompt-",
    );
    const definition = path.join(dir, "twice.yaml");
    const input = { benchmarks: [definition], outputDir: path.join(dir, "out") };
    const byPrompt = (prompt: string): PregeneratedResponse => ({
      prompt,
      response: "Mars",
      source: "answers line 1",
    });
    const graded = await gradeResponses(input, [byPrompt("Red planet?")], { env: {} });
    expect(journal(graded.runDir).map((record) => [record.id, record.correct])).toEqual([["1", true]]);
    const grading = gradeResponses(input, [byPrompt("Capital of France?")], { env: {} });
    await expect(grading).rejects.toThrow(ConfigError);
    await expect(grading).rejects.toThrow(
      'answers line 1: field "prompt": 2 samples of twice have this prompt (0, 2); name the sample with "id" instead.',
    );
  });
});
