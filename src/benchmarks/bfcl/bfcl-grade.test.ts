// `llm-bench grade bfcl --responses FILE` with FC answers: each line's `tool_calls` (OpenAI's entries or plain
// `{name, arguments}`) reach the scorer as the model's calls, and are journalled; a line without an answer is refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gradeResponses } from "../../runner/grade-responses.js";
import { readPregeneratedResponses } from "../../runner/read-pregenerated-responses.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("grade bfcl with tool calls from a file", () => {
  it("grades each line's calls as the FC recipe grades a live answer", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bfcl-grade-"));
    dirs.push(dir);
    const file = path.join(dir, "answers.jsonl");
    writeFileSync(
      file,
      [
        // Right: the FC name (`.` sent as `_`), arguments as JSON text, in OpenAI's entry shape.
        {
          id: "simple_python_0",
          tool_calls: [
            { id: "c1", function: { name: "geometry_area_circle", arguments: '{"radius": 2.5}' } },
          ],
        },
        // Wrong value, arguments as an object in the plain shape.
        {
          id: "simple_python_1",
          tool_calls: [{ name: "calculate_tip", arguments: { bill: 80.0, percent: 20 } }],
        },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    );
    const result = await gradeResponses(
      { benchmarks: ["bfcl"], tasks: ["simple_python"], dataDir: fixturesDir("bfcl"), outputDir: dir },
      readPregeneratedResponses(file),
      { env: {} },
    );
    expect(result.summary.gradedSamples).toBe(2);
    expect(result.summary.overall.correct).toBe(1);
    const journal = readFileSync(path.join(result.runDir, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const byId = new Map(journal.map((record) => [record.id, record]));
    expect(byId.get("simple_python_0")?.tool_calls).toEqual([
      { id: "c1", name: "geometry_area_circle", arguments: '{"radius": 2.5}' },
    ]);
    expect(byId.get("simple_python_1")?.tool_calls).toEqual([
      { id: "call_0", name: "calculate_tip", arguments: '{"bill":80,"percent":20}' },
    ]);
    expect(byId.get("simple_python_1")?.correct).toBe(false);
    expect(byId.get("simple_python_1")?.grade_reason).toMatch(/value_error|missing|type_error/);
  });

  it("refuses a line with neither a response nor tool calls, naming the file and line", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bfcl-grade-bad-"));
    dirs.push(dir);
    const file = path.join(dir, "answers.jsonl");
    writeFileSync(file, JSON.stringify({ id: "simple_python_0" }));
    expect(() => readPregeneratedResponses(file)).toThrow(
      /answers.jsonl line 1: field "response": give the answer/,
    );
  });
});
