// slimpajama on rows written in DKYoon/SlimPajama-6B's published schema (text, meta {redpajama_set_name},
// __index_level_0__) served by the local Hub-layout server: Dataset.shuffle(0) order (numpy's permutation), the
// > 10,000-token filter with the skipped count, TensorRT-LLM's text preparation and 16,384-token truncation, errors.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { npmTokenizer } from "../../tokenizers/test-support/npm-tokenizer-json.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import { createWordTokenizer } from "../test-support/word-tokenizer.js";
import type { LoadOptions } from "../types.js";
import { slimpajama, TRTLLM_RECIPE } from "./index.js";
import { SLIMPAJAMA_MAX_INPUT_TOKENS, slimpajamaIds, slimpajamaText } from "./slimpajama-tokens.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const words = (count: number, tag: string) =>
  Array.from({ length: count }, (_, index) => `${tag}${index}`).join(" ");

/** Rows as the published parquet holds them: text (string), meta (struct of redpajama_set_name), __index_level_0__. */
function writeSlimpajamaParquet(file: string, rows: { text: string; set: string }[]): void {
  writeFileSync(
    file,
    new Uint8Array(
      parquetWriteBuffer({
        columnData: [
          { name: "text", data: rows.map((row) => row.text), type: "STRING" },
          { name: "meta", data: rows.map((row) => ({ redpajama_set_name: row.set })), type: "JSON" },
          { name: "__index_level_0__", data: rows.map((_, index) => BigInt(index)), type: "INT64" },
        ],
      }),
    ),
  );
}

async function withHub<T>(rows: { text: string; set: string }[], run: (options: LoadOptions) => Promise<T>) {
  const dir = mkdtempSync(path.join(tmpdir(), "slimpajama-hub-"));
  dirs.push(dir);
  const file = path.join(dir, "0000.parquet");
  writeSlimpajamaParquet(file, rows);
  const hub = await startFakeHub({ datasets: { "DKYoon/SlimPajama-6B": { default: { test: [file] } } } });
  try {
    const context = createDatasetContext({
      cacheDir: path.join(dir, "cache"),
      env: { HF_ENDPOINT: hub.endpoint },
    });
    return await run({ context, nShots: 0, tokenizer: async () => createWordTokenizer() });
  } finally {
    await hub.close();
  }
}

describe("slimpajama loader", () => {
  it("keeps documents of more than 10,000 tokens in Dataset.shuffle(0) order, counting the skipped", async () => {
    // Word tokens + BOS: 10,000 words is 10,001 ids (kept); 9,999 words is 10,000 (skipped, not > 10,000).
    const rows = [
      { text: words(10_000, "a"), set: "RedPajamaBook" },
      { text: "short", set: "RedPajamaC4" },
      { text: words(9_999, "b"), set: "RedPajamaC4" },
      { text: `  ${words(12_000, "c")} is n't\n`, set: "RedPajamaArXiv" },
      { text: words(10_500, "d"), set: "RedPajamaGithub" },
      { text: words(20_000, "e"), set: "RedPajamaWikipedia" },
    ];
    const loaded = await withHub(rows, (options) => slimpajama.load(options));
    // Python: numpy.random.default_rng(0).permutation(6) == [3, 2, 5, 4, 0, 1]; rows 2 and 1 are skipped.
    expect(loaded.samples.map((sample) => sample.id)).toEqual(["test/3", "test/5", "test/4", "test/0"]);
    expect(loaded.samples.map((sample) => sample.facets)).toEqual([
      { redpajama_set_name: "RedPajamaArXiv" },
      { redpajama_set_name: "RedPajamaWikipedia" },
      { redpajama_set_name: "RedPajamaGithub" },
      { redpajama_set_name: "RedPajamaBook" },
    ]);
    expect(loaded.skipped).toEqual({ count: 2, reason: "documents of 10000 tokens or fewer" });
    expect(loaded.samples[1]?.gold).toBe(`${SLIMPAJAMA_MAX_INPUT_TOKENS} tokens`);
    // strip(), then " n't" → "n't".
    expect(loaded.samples[0]?.text.endsWith("c11999 isn't")).toBe(true);
    expect(TRTLLM_RECIPE.headline).toEqual({ metric: "perplexity", scale: 1, higherIsBetter: false });
    expect(TRTLLM_RECIPE.subset).toBe("first");
  });

  it("reads the fixture copy under --data-dir, and needs a tokenizer only for documents that may be long", async () => {
    const context = createLocalDatasetContext(fixturesDir("slimpajama"));
    const loaded = await slimpajama.load({
      context,
      nShots: 0,
      tokenizer: async () => createWordTokenizer(),
    });
    // numpy.random.default_rng(0).permutation(4) == [2, 0, 1, 3]: rows 1 (short) and 3 (9,900 words) skipped.
    expect(loaded.samples.map((sample) => sample.id)).toEqual(["test/2", "test/0"]);
    await expect(slimpajama.load({ context, nShots: 0 })).rejects.toThrow(/--tokenizer/);
    const noData = createLocalDatasetContext(fixturesDir("wikitext"));
    await expect(slimpajama.load({ context: noData, nShots: 0 })).rejects.toThrow(
      /test\.jsonl or test\.parquet/,
    );
  });

  it("names the row that breaks the schema", async () => {
    await expect(withHub([{ text: "x", set: "" }], (options) => slimpajama.load(options))).rejects.toThrow(
      /row 1/,
    );
  });
});

describe("slimpajama token preparation", () => {
  it("truncates as Hugging Face does with special tokens: BOS + the first 16,383 text ids (Mistral's tokenizer)", async () => {
    const tokenizer = npmTokenizer("mistral");
    const text = slimpajamaText(words(9_000, "w"));
    const plain = await tokenizer.encode(text);
    expect(plain.length).toBeGreaterThan(SLIMPAJAMA_MAX_INPUT_TOKENS);
    const ids = await slimpajamaIds(tokenizer, text);
    expect(ids).toEqual([1, ...plain.slice(0, SLIMPAJAMA_MAX_INPUT_TOKENS - 1)]);
    expect(await slimpajamaIds(tokenizer, "Hello there")).toEqual(
      await tokenizer.encode("Hello there", { addSpecialTokens: true }),
    );
  });
});
