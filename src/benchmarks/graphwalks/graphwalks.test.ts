// GraphWalks on rows written in openai/graphwalks' published schema: the prompt sent as one user message, the
// card's extraction and F1 with Jaccard and exact set on written answers, facets by problem type and file, --tasks,
// and the Hub loader (both parquet files at the pinned revision, `answer_nodes` a list column) with schema errors.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { caughtDatasetError } from "../../datasets/test-support/caught-dataset-error.js";
import { scoreAnswer } from "../../runner/score-answer.js";
import { loadFromFakeHub } from "../test-support/load-from-fake-hub.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { LoadOptions } from "../types.js";
import { GRAPHWALKS_TAIL_CHARACTERS, type GraphwalksSample } from "./graphwalks-sample.js";
import { graphwalks } from "./index.js";
import { GRAPHWALKS_FILES, GRAPHWALKS_REVISION } from "./read-graphwalks-rows.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface GraphwalksFixtureRow {
  prompt: string;
  answer_nodes: string[];
  prompt_chars: number;
  problem_type: string;
  date_added: string;
}

const FIXTURES = fixturesDir("graphwalks");
const fixtureRows = (file: string): GraphwalksFixtureRow[] =>
  readFileSync(path.join(FIXTURES, "graphwalks", file.replace(/\.parquet$/, ".jsonl")), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

const load = (options: Partial<LoadOptions> = {}) =>
  graphwalks.load({ context: createLocalDatasetContext(FIXTURES), nShots: 0, ...options });

async function score(sample: GraphwalksSample, response: string) {
  return scoreAnswer(graphwalks.recipes[0].grader as never, {
    sample,
    response,
    reasoning: "",
    finishReason: "stop",
    prompt: undefined,
  });
}

describe("graphwalks", () => {
  it("reads both files in order and sends each prompt as it is, one user message (or the completion text)", async () => {
    const loaded = await load();
    const rows = GRAPHWALKS_FILES.flatMap((file) =>
      fixtureRows(file.path).map((row, index) => ({ row, id: `${file.bin}/${index}`, bin: file.bin })),
    );
    expect(loaded.samples.map((sample) => [sample.id, sample.task, sample.facets])).toEqual(
      rows.map(({ row, id, bin }) => [
        id,
        row.problem_type,
        { problem_type: row.problem_type, context_bin: bin },
      ]),
    );
    const [sample] = loaded.samples;
    const first = rows[0]?.row;
    if (sample === undefined || first === undefined) throw new Error("no fixture rows");
    const options = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false } as const;
    expect(loaded.buildPrompt(sample, options)).toEqual({
      type: "chat",
      messages: [{ role: "user", content: first.prompt }],
    });
    expect(loaded.buildPrompt(sample, { ...options, endpointType: "completions" })).toEqual({
      type: "completion",
      text: first.prompt,
    });
    expect(sample.answerNodes).toEqual(first.answer_nodes);
    expect(sample.gold).toBe(`[${first.answer_nodes.join(", ")}]`);
    expect(graphwalks.facetGrids).toEqual([["problem_type", "context_bin"]]);
  });

  it("keeps only the problem types --tasks names", async () => {
    const loaded = await load({ tasks: ["parents"] });
    expect(loaded.samples.length).toBeGreaterThan(0);
    expect(loaded.samples.every((sample) => sample.task === "parents")).toBe(true);
  });

  it("scores F1 as `score`, Jaccard, and exact set equality as `correct`", async () => {
    const loaded = await load();
    const sample = loaded.samples.find((each) => each.answerNodes.length >= 2);
    if (sample === undefined) throw new Error("no sample with two nodes");
    const [a = "", b = "", ...rest] = sample.answerNodes;
    const reversed = [...sample.answerNodes].reverse().join(", ");
    const right = await score(sample, `Let me walk the edges.\nFinal Answer: [${reversed}]`);
    expect(right.scores).toEqual({ correct: true, score: 1, jaccard: 1 });
    expect(right.grade.extracted).toBe(`[${[...sample.answerNodes].reverse().join(", ")}]`);
    // One node missing and one stranger: both sets hold n nodes, n - 1 of them shared.
    const n = sample.answerNodes.length;
    const partial = await score(sample, `Final Answer: [${[b, ...rest, "ffffffffff"].join(", ")}]`);
    const shared = n - 1;
    expect(partial.scores).toEqual({
      correct: false,
      score: (2 * ((shared / n) * (shared / n))) / (shared / n + shared / n),
      jaccard: shared / (n + 1),
    });
    const missing = await score(sample, `The answer is ${a}, ${b}.`);
    expect(missing.scores).toEqual({ correct: false, score: 0, jaccard: 0 });
    expect(missing.details).toMatchObject({ parsed: false });
    expect(missing.grade.reason).toContain("no `Final Answer: [...]`");
  });

  it("scores the empty list right for a node without parents", async () => {
    const loaded = await load();
    const orphan = loaded.samples.find((sample) => sample.answerNodes.length === 0);
    if (orphan === undefined) throw new Error("no fixture row with an empty answer");
    expect((await score(orphan, "Final Answer: []")).scores).toEqual({ correct: true, score: 1, jaccard: 1 });
    expect((await score(orphan, "It has no parents.")).scores).toEqual({
      correct: false,
      score: 0,
      jaccard: 0,
    });
  });
});

/** Rows as the published parquet holds them: `answer_nodes` a list<string> column, `prompt_chars` int64. */
function writeGraphwalksParquet(file: string, rows: readonly object[], rowGroupSize?: number): void {
  const names = Object.keys(rows[0] ?? {});
  const schema: Record<string, unknown>[] = [{ name: "root", num_children: names.length }];
  const columnData = names.map((name) => {
    const data = rows.map((row) => (row as Record<string, unknown>)[name]);
    if (name === "answer_nodes") {
      schema.push(
        { name, repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
        { name: "list", repetition_type: "REPEATED", num_children: 1 },
        { name: "element", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
      );
      return { name, data };
    }
    if (typeof data[0] === "number") {
      schema.push({ name, type: "INT64", repetition_type: "OPTIONAL" });
      return { name, data: data.map((value) => BigInt(value as number)) };
    }
    schema.push({ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" });
    return { name, data };
  });
  const options = {
    columnData,
    schema: schema as never,
    ...(rowGroupSize === undefined ? {} : { rowGroupSize }),
  };
  writeFileSync(file, new Uint8Array(parquetWriteBuffer(options)));
}

async function withHub<T>(
  edit: (rows: GraphwalksFixtureRow[]) => Record<string, unknown>[],
  run: (options: LoadOptions) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), "graphwalks-hub-"));
  dirs.push(dir);
  const files: Record<string, string> = {};
  for (const file of GRAPHWALKS_FILES) {
    const local = path.join(dir, file.path);
    const rows = fixtureRows(file.path);
    writeGraphwalksParquet(local, file.bin === "256k_to_1mil" ? edit(rows) : rows);
    files[`${GRAPHWALKS_REVISION}/${file.path}`] = local;
  }
  return loadFromFakeHub(dir, "openai/graphwalks", files, run);
}

describe("graphwalks from the Hub", () => {
  it("downloads both parquet files at the pinned revision and reads them as the local copies", async () => {
    const fromHub = await withHub(
      (rows) => rows as unknown as Record<string, unknown>[],
      (options) => graphwalks.load(options),
    );
    const local = await load();
    const options = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false } as const;
    const view = (loaded: typeof local) => (sample: GraphwalksSample) => [
      sample.id,
      loaded.buildPrompt(sample, options),
      sample.answerNodes,
      sample.facets,
    ];
    expect(fromHub.samples.map(view(fromHub))).toEqual(local.samples.map(view(local)));
  });

  it("refuses a file without `answer_nodes` or with an unknown problem type, naming file, row and column", async () => {
    const missing = await caughtDatasetError(
      withHub(
        (rows) => rows.map(({ answer_nodes: _, ...rest }) => rest),
        (options) => graphwalks.load(options),
      ),
    );
    expect(missing.message).toContain("openai/graphwalks@f338bb2 graphwalks_256k_to_1mil.parquet row 1");
    expect(missing.message).toContain('field "answer_nodes": expected an array, but it is missing');
    const unknownType = await caughtDatasetError(
      withHub(
        (rows) => rows.map((row) => ({ ...row, problem_type: "dfs" })),
        (options) => graphwalks.load(options),
      ),
    );
    expect(unknownType.message).toContain('field "problem_type"');
  });
});

/** Long rows (~40k characters, multi-byte) as local parquet copies written in row groups of 3 rows. */
function writeLongLocalCopies(edit: (rows: GraphwalksFixtureRow[]) => object[] = (rows) => rows): string {
  const dir = mkdtempSync(path.join(tmpdir(), "graphwalks-groups-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "graphwalks"));
  for (const file of GRAPHWALKS_FILES) {
    const rows = fixtureRows(file.path).map((row, index) => ({
      ...row,
      prompt: `${"ノード → node ".repeat(3000)}${index}\n${row.prompt}`,
    }));
    writeGraphwalksParquet(path.join(dir, "graphwalks", file.path), edit(rows), 3);
  }
  return dir;
}

describe("graphwalks in row groups", () => {
  it("keeps only where each prompt is and its end, and sends the prompt as published", async () => {
    const dir = writeLongLocalCopies();
    const loaded = await graphwalks.load({ context: createLocalDatasetContext(dir), nShots: 0 });
    const rows = GRAPHWALKS_FILES.flatMap((file) =>
      fixtureRows(file.path).map((row, index) => ({ row, index, id: `${file.bin}/${index}` })),
    );
    expect(loaded.samples.map((sample) => sample.id)).toEqual(rows.map(({ id }) => id));
    const options = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false } as const;
    for (const [position, sample] of loaded.samples.entries()) {
      const entry = rows[position];
      if (entry === undefined) throw new Error("more samples than rows");
      const prompt = `${"ノード → node ".repeat(3000)}${entry.index}\n${entry.row.prompt}`;
      expect(JSON.stringify(sample).length).toBeLessThan(GRAPHWALKS_TAIL_CHARACTERS + 1000);
      const expected = { type: "chat", messages: [{ role: "user", content: prompt }] };
      expect(loaded.buildPrompt(sample, options)).toEqual(expected);
      expect(await loaded.preparePrompt?.(sample, options)).toEqual(expected);
      const suffix = graphwalks.oracle.promptSuffix(sample, graphwalks.recipes[0]);
      expect(suffix.length).toBe(GRAPHWALKS_TAIL_CHARACTERS);
      expect(prompt.endsWith(suffix)).toBe(true);
    }
  });

  it("names the row of a bad value in a later row group by its place in the file", async () => {
    const dir = writeLongLocalCopies((rows) =>
      rows.map((row, index) => (index === 3 ? { ...row, problem_type: "dfs" } : row)),
    );
    const error = await caughtDatasetError(
      graphwalks.load({ context: createLocalDatasetContext(dir), nShots: 0 }),
    );
    expect(error.message).toContain("graphwalks/graphwalks_128k_and_shorter.parquet row 4");
    expect(error.message).toContain('field "problem_type"');
  });
});
