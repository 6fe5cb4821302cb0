// The local side of the DatasetContext on the shared benchmark data: formats, errors, listing and speed.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError, DatasetError } from "../errors.js";
import { createDatasetContext } from "./create-dataset-context.js";
import { parseRows } from "./parse-rows.js";
import { resolveDatasetSettings } from "./resolve-dataset-settings.js";
import { SHARED_DATA_ABSENT, sharedDataDir } from "./test-support/shared-data-dir.js";

const dataDir = sharedDataDir();
const context = createDatasetContext({ dataDir: dataDir ?? "/nonexistent", env: {} });

describe("local.readFile on the shared data", () => {
  it("reads all 57 MMLU test CSVs (14,042 rows) and validates them", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const names = await context.local.listFiles("mmlu/test", /_test\.csv$/);
    expect(names).toHaveLength(57);
    expect(names[0]).toBe("abstract_algebra_test.csv");
    let total = 0;
    const schema = z.object({
      question: z.string(),
      choice0: z.string(),
      choice1: z.string(),
      choice2: z.string(),
      choice3: z.string(),
      answer: z.enum(["0", "1", "2", "3"]),
    });
    for (const name of names) {
      const rows = await context.local.readFile(`mmlu/test/${name}`);
      total += parseRows(rows, schema, `mmlu/test/${name}`).length;
    }
    expect(total).toBe(14_042);
    const anatomy = await context.local.readFile("mmlu/test/anatomy_test.csv");
    expect(anatomy[1]?.["question"]).toBe('A "dished face" profile is often associated with');
  });

  it("reads the MMLU-Pro validation parquet (70 rows)", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const rows = await context.local.readFile("mmlu_pro/validation.parquet");
    expect(rows).toHaveLength(70);
    expect(rows[0]).toMatchObject({ question_id: 0, answer: "A", answer_index: 0 });
    expect(rows[0]?.["options"]).toHaveLength(10);
  });

  it("reads BFCL's JSON Lines .json files and BBH's examples field", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const bfcl = await context.local.readFile("bfcl/BFCL_v4_live_simple.json");
    expect(bfcl.length).toBeGreaterThan(100);
    expect(typeof bfcl[0]?.["id"]).toBe("string");
    const bbh = await context.local.readFile("bbh/bbh/boolean_expressions.json", { jsonField: "examples" });
    expect(bbh).toHaveLength(250);
    expect(Object.keys(bbh[0] ?? {})).toEqual(["input", "target"]);
  });

  it("reads JSONL and gzipped JSONL", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const plain = await context.local.readFile("humaneval/HumanEval.jsonl");
    const gzipped = await context.local.readFile("humaneval/HumanEval.jsonl.gz");
    expect(plain).toHaveLength(164);
    expect(gzipped).toEqual(plain);
  });
});

describe("local errors", () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), "llm-bench-local-"));
    await writeFile(path.join(directory, "bad.jsonl"), '{"a":1}\n{"a":2}\nnot json\n');
    await writeFile(path.join(directory, "notes.txt"), "hello");
    await writeFile(path.join(directory, "b.csv"), "x\n1\n");
    await writeFile(path.join(directory, "a.csv"), "x\n1\n");
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it("a missing file names the full path and the data dir", async () => {
    const local = createDatasetContext({ dataDir: directory, env: {} }).local;
    const error = await local.readFile("gsm8k/test.jsonl").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect(error).toMatchObject({ code: "E_DATASET_FILE_NOT_FOUND" });
    expect((error as Error).message).toBe(
      `Dataset file not found: ${path.join(directory, "gsm8k/test.jsonl")} (data dir: ${directory}).`,
    );
  });

  it("a bad JSONL line names the file and the line", async () => {
    const local = createDatasetContext({ dataDir: directory, env: {} }).local;
    await expect(local.readFile("bad.jsonl")).rejects.toThrow(
      `${path.join(directory, "bad.jsonl")} line 3: invalid JSON`,
    );
  });

  it("an unknown extension asks for a format; a format option overrides the extension", async () => {
    const local = createDatasetContext({ dataDir: directory, env: {} }).local;
    await expect(local.readFile("notes.txt")).rejects.toThrow(
      "pass format (one of: jsonl, json, csv, parquet)",
    );
    await expect(local.readFile("a.csv", { format: "csv" })).resolves.toEqual([{ x: "1" }]);
  });

  it("listFiles sorts, filters, and names a missing directory", async () => {
    const local = createDatasetContext({ dataDir: directory, env: {} }).local;
    expect(await local.listFiles(".", /\.csv$/g)).toEqual(["a.csv", "b.csv"]);
    await expect(local.listFiles("nope", /x/)).rejects.toThrow(`Cannot list ${path.join(directory, "nope")}`);
  });

  it("without --data-dir, local reads say so", async () => {
    const context = createDatasetContext({ env: {} });
    expect(context.dataDir).toBeUndefined();
    await expect(context.local.readFile("x.jsonl")).rejects.toThrow("pass --data-dir");
  });
});

describe("resolveDatasetSettings", () => {
  it("reads HF_ENDPOINT, HF_TOKEN, HF_HUB_OFFLINE and LLM_BENCH_CACHE with defaults", () => {
    expect(resolveDatasetSettings({ env: { HOME: "/home/u" } })).toEqual({
      endpoint: "https://huggingface.co",
      token: undefined,
      isOffline: false,
      cacheDir: "/home/u/.cache/llm-benchmarker",
    });
    expect(
      resolveDatasetSettings({
        env: {
          HF_ENDPOINT: "https://hf-mirror.com/",
          HF_TOKEN: "hf_x",
          HF_HUB_OFFLINE: "TRUE",
          LLM_BENCH_CACHE: "/c",
        },
      }),
    ).toEqual({ endpoint: "https://hf-mirror.com", token: "hf_x", isOffline: true, cacheDir: "/c" });
    expect(
      resolveDatasetSettings({ env: { HF_HUB_OFFLINE: "0", LLM_BENCH_CACHE: "/c" }, cacheDir: "/d" }),
    ).toMatchObject({
      isOffline: false,
      cacheDir: "/d",
    });
    expect(() => resolveDatasetSettings({ env: { HF_ENDPOINT: "not a url" } })).toThrow(ConfigError);
  });
});
