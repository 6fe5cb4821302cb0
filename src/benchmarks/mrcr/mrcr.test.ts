// MRCR on rows written in openai/mrcr's published schema: the conversation sent as published, the card's grade on
// written answers, the o200k_base bins, --tasks and --max-context-tokens, and the Hub loader (parquet files at the
// pinned revision through the local Hub-layout server) with its schema errors.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { caughtDatasetError } from "../../datasets/test-support/caught-dataset-error.js";
import { ConfigError } from "../../errors.js";
import { scoreAnswer } from "../../runner/score-answer.js";
import { loadFromFakeHub } from "../test-support/load-from-fake-hub.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { LoadOptions } from "../types.js";
import { mrcr } from "./index.js";
import { MRCR_CONTEXT_BINS, mrcrContextBin } from "./mrcr-bins.js";
import type { MrcrSample } from "./mrcr-sample.js";
import { MRCR_REVISION, mrcrFiles } from "./read-mrcr-rows.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

interface MrcrFixtureRow {
  prompt: string;
  answer: string;
  random_string_to_prepend: string;
  n_needles: number;
  desired_msg_index: number;
  total_messages: number;
  n_chars: number;
  date_added: string;
}

const FIXTURES = fixturesDir("mrcr");
const ALL_FILES = [2, 4, 8].flatMap((needles) => mrcrFiles(needles as 2 | 4 | 8));
const fixtureRows = (file: string): MrcrFixtureRow[] =>
  readFileSync(path.join(FIXTURES, "mrcr", file.replace(/\.parquet$/, ".jsonl")), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

const load = (options: Partial<LoadOptions> = {}) =>
  mrcr.load({ context: createLocalDatasetContext(FIXTURES), nShots: 0, ...options });

const NO_OPTIONS = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false } as const;

async function score(sample: MrcrSample, response: string) {
  return scoreAnswer(mrcr.recipes[0].grader as never, {
    sample,
    response,
    reasoning: "",
    finishReason: "stop",
    prompt: undefined,
  });
}

describe("mrcr", () => {
  it("reads every file's rows in order and sends each row's messages exactly as published", async () => {
    const loaded = await load();
    const expectedIds = ALL_FILES.flatMap((file) =>
      fixtureRows(file).map((_, index) => `${path.basename(file, ".parquet")}/${index}`),
    );
    expect(loaded.samples.map((sample) => sample.id)).toEqual(expectedIds);
    const [first] = fixtureRows(ALL_FILES[0] ?? "");
    const sample = loaded.samples[0];
    if (first === undefined || sample === undefined) throw new Error("no fixture rows");
    expect(sample).toMatchObject({ task: "2needle", gold: first.answer, answer: first.answer });
    expect(loaded.buildPrompt(sample, NO_OPTIONS)).toEqual({
      type: "chat",
      messages: JSON.parse(first.prompt),
    });
    const withSystem = loaded.buildPrompt(sample, { ...NO_OPTIONS, systemPrompt: "Be exact." });
    expect(withSystem.type === "chat" && withSystem.messages.slice(0, 2)).toEqual([
      { role: "system", content: "Be exact." },
      JSON.parse(first.prompt)[0],
    ]);
    expect(sample.finalAsk).toMatch(/^Prepend \w+ to the \d\w\w \(1 indexed\) /);
  });

  it("keeps no conversation in its samples, and rebuilds each one the same, synchronously or not", async () => {
    const loaded = await load();
    const rows = ALL_FILES.flatMap(fixtureRows);
    expect(loaded.samples).toHaveLength(rows.length);
    for (const [index, sample] of loaded.samples.entries()) {
      const row = rows[index];
      if (row === undefined) throw new Error("fewer rows than samples");
      const messages = JSON.parse(row.prompt) as { content: string }[];
      // Only where the conversation is on disk: none of its messages but the final ask (the oracle's suffix).
      const kept = JSON.stringify(sample);
      const small = JSON.stringify([row.answer, row.answer, sample.finalAsk]).length;
      expect(kept.length).toBeLessThan(small + 500);
      for (const message of messages.slice(0, -1))
        expect(kept).not.toContain(JSON.stringify(message.content));
      const expected = { type: "chat", messages: JSON.parse(row.prompt) };
      expect(loaded.buildPrompt(sample, NO_OPTIONS)).toEqual(expected);
      expect(await loaded.preparePrompt?.(sample, NO_OPTIONS)).toEqual(expected);
    }
  });

  it("bins each row by o200k_base tokens of its messages' contents plus its answer", async () => {
    const { Tiktoken } = await import("js-tiktoken/lite");
    const encoder = new Tiktoken((await import("js-tiktoken/ranks/o200k_base")).default);
    const tokens = (text: string) => encoder.encode(text, [], []).length;
    const loaded = await load();
    const rows = ALL_FILES.flatMap(fixtureRows);
    loaded.samples.forEach((sample, index) => {
      const row = rows[index];
      if (row === undefined) throw new Error("row missing");
      const messages = JSON.parse(row.prompt) as { content: string }[];
      const promptTokens = messages.reduce((sum, message) => sum + tokens(message.content), 0);
      expect([sample.promptTokens, sample.answerTokens]).toEqual([promptTokens, tokens(row.answer)]);
      expect(sample.facets).toEqual({
        needles: String(row.n_needles),
        context_bin: mrcrContextBin(promptTokens + tokens(row.answer)),
      });
    });
    // The long 2-needle conversation is the one row above 4,096 tokens.
    expect(loaded.samples.map((sample) => sample.facets.context_bin)).toEqual([
      "<4096",
      "4096-8192",
      "<4096",
      "<4096",
      "<4096",
      "<4096",
      "<4096",
      "<4096",
      "<4096",
    ]);
  });

  it("names the card's bins, closed on the right: [4096, 8192], (8192, 16384], … (524288, 1048576]", () => {
    expect(
      [4095, 4096, 8192, 8193, 16384, 16385, 131072, 524289, 1048576, 1048577].map(mrcrContextBin),
    ).toEqual([
      "<4096",
      "4096-8192",
      "4096-8192",
      "8192-16384",
      "8192-16384",
      "16384-32768",
      "65536-131072",
      "524288-1048576",
      "524288-1048576",
      ">1048576",
    ]);
    expect(MRCR_CONTEXT_BINS).toHaveLength(10);
    expect(mrcr.facetOrder?.["context_bin"]).toEqual(MRCR_CONTEXT_BINS);
    expect(mrcr.facetGrids).toEqual([["needles", "context_bin"]]);
  });

  it("grades as the card: the prefix first, then the difflib ratio; correct only at ratio 1", async () => {
    const [sample] = (await load()).samples;
    if (sample === undefined) throw new Error("no sample");
    const prefix = sample.randomStringToPrepend;
    const body = sample.answer.slice(prefix.length);
    const right = await score(sample, sample.answer);
    expect(right.scores).toEqual({ correct: true, score: 1 });
    expect(right.details).toMatchObject({ starts_with_prefix: true });
    const noPrefix = await score(sample, body);
    expect(noPrefix.scores).toEqual({ correct: false, score: 0 });
    expect(noPrefix.grade.reason).toContain(prefix);
    const leadingSpace = await score(sample, ` ${sample.answer}`);
    expect(leadingSpace.scores?.["score"]).toBe(0);
    // CPython: SequenceMatcher(None, a, b).ratio() of these two lines is 0.91005291005291.
    const written =
      "In quiet dusk the tapirs keep their ancient watch,\nand morning finds them patient in the mist;";
    const close =
      "In quiet dusk the tapirs keep their ancient watch,\nand evening finds them restless in the mist;";
    const partial = await score({ ...sample, answer: `${prefix}${written}` }, `${prefix}${close}`);
    expect(partial.scores).toEqual({ correct: false, score: 0.91005291005291 });
  });

  it("reads only the needle counts --tasks names, and refuses an unknown one", async () => {
    const loaded = await load({ tasks: ["4needle"] });
    expect(new Set(loaded.samples.map((sample) => sample.task))).toEqual(new Set(["4needle"]));
    expect(loaded.samples.every((sample) => sample.facets.needles === "4")).toBe(true);
    await expect(load({ tasks: ["3needle"] })).rejects.toThrow(ConfigError);
    await expect(load({ tasks: ["3needle"] })).rejects.toThrow(/2needle, 4needle, 8needle/);
  });

  it("skips, as the card's loop does, conversations over --max-context-tokens, and says so", async () => {
    const all = await load();
    const longest = Math.max(...all.samples.map((sample) => sample.promptTokens));
    const limit = longest - 1;
    const loaded = await load({ longContext: { maxContextTokens: limit } });
    expect(loaded.samples).toHaveLength(all.samples.length - 1);
    expect(loaded.samples.every((sample) => sample.promptTokens <= limit)).toBe(true);
    expect(loaded.skipped).toEqual({
      count: 1,
      reason: `their conversation is over --max-context-tokens ${limit} o200k_base tokens`,
    });
    expect((await load({ longContext: { maxContextTokens: longest } })).skipped).toBeUndefined();
  });
});

/** A row set as the published parquet files hold it: strings, and int64 counts. */
function writeMrcrParquet(file: string, rows: readonly object[]): void {
  const names = Object.keys(rows[0] ?? {});
  const columnData = names.map((name) => {
    const data = rows.map((row) => (row as Record<string, unknown>)[name]);
    return typeof data[0] === "number"
      ? { name, data: data.map((value) => BigInt(value as number)), type: "INT64" as const }
      : { name, data, type: "STRING" as const };
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, new Uint8Array(parquetWriteBuffer({ columnData })));
}

/** The six files at the pinned revision, from the fixtures (with `edit` applied to 4needle_1's rows). */
async function withHub<T>(
  edit: (rows: MrcrFixtureRow[]) => Record<string, unknown>[],
  run: (options: LoadOptions) => Promise<T>,
): Promise<T> {
  const dir = tempDir("mrcr-hub-");
  const files: Record<string, string> = {};
  for (const file of ALL_FILES) {
    const local = path.join(dir, "repo", file);
    const rows = fixtureRows(file);
    writeMrcrParquet(local, file === "4needle/4needle_1.parquet" ? edit(rows) : rows);
    files[`${MRCR_REVISION}/${file}`] = local;
  }
  return loadFromFakeHub(dir, "openai/mrcr", files, run);
}

describe("mrcr from the Hub", () => {
  it("downloads the six parquet files at the pinned revision and reads them as the local copies", async () => {
    const fromHub = await withHub(
      (rows) => rows as unknown as Record<string, unknown>[],
      (options) => mrcr.load(options),
    );
    const local = await load();
    const view = (loaded: typeof local) => (sample: MrcrSample) => [
      sample.id,
      sample.task,
      loaded.buildPrompt(sample, NO_OPTIONS),
      sample.answer,
      sample.facets,
    ];
    expect(fromHub.samples.map(view(fromHub))).toEqual(local.samples.map(view(local)));
  });

  it("refuses a file without a published column, naming the file, row and column", async () => {
    const error = await caughtDatasetError(
      withHub(
        (rows) => rows.map(({ random_string_to_prepend: _, ...rest }) => rest),
        (options) => mrcr.load(options),
      ),
    );
    expect(error.message).toContain("openai/mrcr@f4c69fa 4needle/4needle_1.parquet row 1");
    expect(error.message).toContain('field "random_string_to_prepend": expected a string, but it is missing');
  });

  it("refuses a prompt that is not a JSON list of messages, and a row of another needle count", async () => {
    const notJson = await caughtDatasetError(
      withHub(
        (rows) => rows.map((row) => ({ ...row, prompt: "User: write a poem about tapirs" })),
        (options) => mrcr.load(options),
      ),
    );
    expect(notJson.message).toMatch(/4needle_1\.parquet row 1: column "prompt" is not JSON/);
    const notEndingWithAsk = await caughtDatasetError(
      withHub(
        (rows) =>
          rows.map((row) => ({
            ...row,
            prompt: JSON.stringify([...JSON.parse(row.prompt), { role: "assistant", content: "ok" }]),
          })),
        (options) => mrcr.load(options),
      ),
    );
    expect(notEndingWithAsk.message).toContain("must end with the user's ask");
    const wrongCount = await caughtDatasetError(
      withHub(
        (rows) => rows.map((row) => ({ ...row, n_needles: 8 })),
        (options) => mrcr.load(options),
      ),
    );
    expect(wrongCount.message).toContain("n_needles is 8, but the file holds 4-needle rows");
  });

  it("says which local file is missing under --data-dir", async () => {
    const dir = tempDir("mrcr-local-");
    mkdirSync(path.join(dir, "mrcr", "2needle"), { recursive: true });
    writeFileSync(
      path.join(dir, "mrcr", "2needle", "2needle_0.jsonl"),
      readFileSync(path.join(FIXTURES, "mrcr", "2needle", "2needle_0.jsonl")),
    );
    const error = await caughtDatasetError(
      mrcr.load({ context: createLocalDatasetContext(dir), nShots: 0, tasks: ["2needle"] }),
    );
    expect(error.message).toContain("expected one of 2needle_1.parquet or 2needle_1.jsonl");
  });
});
