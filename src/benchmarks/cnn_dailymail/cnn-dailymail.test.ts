// CNN/DailyMail on rows written in abisee/cnn_dailymail's published schema (article, highlights, id): TensorRT-LLM's
// prompt bytes, its left truncation to 924 tokens with a real tokenizer, rouge F-measures computed by hand, the Hub
// loader (the parquet file at the pinned revision through the local Hub-layout server) and its errors.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { caughtDatasetError } from "../../datasets/test-support/caught-dataset-error.js";
import { ConfigError } from "../../errors.js";
import { scoreAnswer } from "../../runner/score-answer.js";
import { npmTokenizer } from "../../tokenizers/test-support/npm-tokenizer-json.js";
import { loadFromFakeHub } from "../test-support/load-from-fake-hub.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import { truncatePromptTokens as truncate, truncatedIds } from "../truncate-prompt-tokens.js";
import type { LoadOptions, PromptOptions } from "../types.js";
import { cnnDailymailOracle } from "./cnn-dailymail-oracle.js";
import { cnnDailymailPromptText } from "./cnn-dailymail-prompt.js";
import { cnnDailymailRouge } from "./cnn-dailymail-scorer.js";
import { CNN_DAILYMAIL_MAX_INPUT_TOKENS, cnnDailymail, TRTLLM_RECIPE } from "./index.js";
import {
  CNN_DAILYMAIL_REVISION,
  CNN_DAILYMAIL_SHUFFLE_SEED,
  CNN_DAILYMAIL_TEST_FILE,
  shuffleAsDataset,
} from "./read-cnn-dailymail-rows.js";

/** cnn_dailymail's cut: the last `maxTokens` tokens. */
const truncatePromptTokens = (
  prompt: string,
  maxTokens: number,
  tokenizer: Parameters<typeof truncate>[2],
): Promise<string> =>
  truncate(prompt, { maxTokens, side: "left", purpose: "cnn_dailymail keeps the last tokens" }, tokenizer);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

type CnnRow = { article: string; highlights: string; id: string };

const FIXTURES = fixturesDir("cnn_dailymail");
const FIXTURE_ROWS: CnnRow[] = readFileSync(
  path.join(FIXTURES, "cnn_dailymail", CNN_DAILYMAIL_TEST_FILE.replace(/\.parquet$/, ".jsonl")),
  "utf8",
)
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));

const COMPLETIONS: PromptOptions = {
  endpointType: "completions",
  nShots: 0,
  systemPrompt: undefined,
  cot: false,
};

describe("cnn_dailymail prompt", () => {
  it('is (article + " TL;DR:").strip().replace(" n\'t", "n\'t"), byte for byte as Python makes it', () => {
    // Python 3: ('\x1c  They are n\'t here . It is n\'t n\'t over.\n' + ' TL;DR:').strip().replace(" n't", "n't")
    expect(cnnDailymailPromptText("\x1c  They are n't here . It is n't n't over.\n")).toBe(
      "They aren't here . It isn'tn't over.\n TL;DR:",
    );
  });

  it("is sent as raw completion text by default, as one user message in chat", async () => {
    const loaded = await cnnDailymail.load({ context: createLocalDatasetContext(FIXTURES), nShots: 0 });
    const [first] = loaded.samples;
    if (first === undefined) throw new Error("no fixture rows");
    const text = cnnDailymailPromptText(first.article);
    expect(loaded.buildPrompt(first, COMPLETIONS)).toEqual({ type: "completion", text });
    expect(loaded.buildPrompt(first, { ...COMPLETIONS, endpointType: "chat" })).toEqual({
      type: "chat",
      messages: [{ role: "user", content: text }],
    });
    // A short prompt is under the budget whatever the tokenizer: sent whole, with no tokenizer asked for.
    expect(await loaded.preparePrompt?.(first, COMPLETIONS)).toEqual({ type: "completion", text });
    expect(TRTLLM_RECIPE.defaultEndpointType).toBe("completions");
    expect(TRTLLM_RECIPE.defaultParams).toEqual({ maxTokens: 100, temperature: 0 });
  });
});

/** An article of numbered sentences, so that any tail of it says where it starts. */
function longArticle(sentences: number): string {
  return Array.from({ length: sentences }, (_, index) => `Sentence ${index + 1} of the report is here.`).join(
    " ",
  );
}

describe("cnn_dailymail truncation to the last 924 tokens", () => {
  it("keeps the last max_length - specials text ids, as Hugging Face's left truncation does", () => {
    const ids = [10, 11, 12, 13, 14, 15];
    expect(truncatedIds(ids, 1, 7, "left")).toEqual(ids);
    expect(truncatedIds(ids, 1, 5, "left")).toEqual([12, 13, 14, 15]);
    expect(truncatedIds(ids, 0, 5, "left")).toEqual([11, 12, 13, 14, 15]);
    expect(truncatedIds(ids, 2, 2, "left")).toEqual([]);
    // Right truncation (summarize.py's): the first max_length - specials.
    expect(truncatedIds(ids, 1, 5, "right")).toEqual([10, 11, 12, 13]);
    expect(truncatedIds(ids, 1, 7, "right")).toEqual(ids);
  });

  it("with a real tokenizer (Mistral's, which adds a BOS): the prompt's end, BOS + the last 923 tokens", async () => {
    const tokenizer = npmTokenizer("mistral");
    const budget = CNN_DAILYMAIL_MAX_INPUT_TOKENS;
    const fits = async (text: string) =>
      (await tokenizer.encode(text, { addSpecialTokens: true })).length <= budget;
    try {
      const prompt = cnnDailymailPromptText(longArticle(200));
      const textIds = await tokenizer.encode(prompt, { addSpecialTokens: false });
      expect((await tokenizer.encode(prompt, { addSpecialTokens: true })).length).toBe(textIds.length + 1);
      expect(textIds.length).toBeGreaterThan(budget);
      const cut = await truncatePromptTokens(prompt, budget, async () => tokenizer);
      // The end survives (TL;DR: included), the start does not: left truncation.
      expect(prompt.endsWith(cut.trimStart())).toBe(true);
      expect(cut.endsWith("Sentence 200 of the report is here. TL;DR:")).toBe(true);
      expect(cut).not.toContain("Sentence 1 of");
      // Sent again, the text is the budget: BOS + the last 923 tokens (one either way where the cut splits a word).
      const resent = await tokenizer.encode(cut, { addSpecialTokens: true });
      expect(Math.abs(resent.length - budget)).toBeLessThanOrEqual(1);
      // The longest article whose prompt fits (BOS counted) is sent whole; one sentence more is cut.
      let sentences = 120;
      while (!(await fits(cnnDailymailPromptText(longArticle(sentences))))) sentences--;
      const fitting = cnnDailymailPromptText(longArticle(sentences));
      expect(await truncatePromptTokens(fitting, budget, async () => tokenizer)).toBe(fitting);
      const over = cnnDailymailPromptText(longArticle(sentences + 1));
      expect(await truncatePromptTokens(over, budget, async () => tokenizer)).not.toBe(over);
    } finally {
      await tokenizer.close?.();
    }
  });

  it("asks for a tokenizer only when a prompt may be over the budget", async () => {
    const long = cnnDailymailPromptText(longArticle(200));
    await expect(truncatePromptTokens(long, CNN_DAILYMAIL_MAX_INPUT_TOKENS, undefined)).rejects.toThrow(
      ConfigError,
    );
    await expect(truncatePromptTokens(long, CNN_DAILYMAIL_MAX_INPUT_TOKENS, undefined)).rejects.toThrow(
      /--tokenizer/,
    );
    expect(await truncatePromptTokens("Short. TL;DR:", CNN_DAILYMAIL_MAX_INPUT_TOKENS, undefined)).toBe(
      "Short. TL;DR:",
    );
  });
});

describe("cnn_dailymail scorer", () => {
  it("gives rouge_score's F-measures (computed by hand) and no verdict", async () => {
    // target "the cat sat on the mat", prediction "the cat sat": rouge1 P 3/3 R 3/6; rouge2 P 2/2 R 2/5; LCS 3.
    const values = cnnDailymailRouge("the cat sat on the mat", "the cat sat");
    expect(values["rouge1"]).toBeCloseTo(2 / 3, 12);
    expect(values["rouge2"]).toBeCloseTo((2 * 1 * 0.4) / 1.4, 12);
    expect(values["rougeL"]).toBeCloseTo(2 / 3, 12);
    expect(values["rougeLsum"]).toBeCloseTo(2 / 3, 12);
    // rougeLsum unions each highlight line's LCS with the summary: "a b" and "c d" both found in "c d a b" (F 1),
    // where rougeL's single LCS is 2 of 4 tokens (F 0.5).
    const lines = cnnDailymailRouge("a b\nc d", "c d a b");
    expect(lines["rougeL"]).toBeCloseTo(0.5, 12);
    expect(lines["rougeLsum"]).toBeCloseTo(1, 12);
    expect(cnnDailymailRouge("a b", "")).toEqual({ rouge1: 0, rouge2: 0, rougeL: 0, rougeLsum: 0 });

    const [row] = FIXTURE_ROWS;
    if (row === undefined) throw new Error("no fixture rows");
    const sample = { task: "cnn_dailymail", gold: row.highlights, ...row };
    const scored = await scoreAnswer(TRTLLM_RECIPE.grader as never, {
      sample,
      response: "the cat sat",
      reasoning: "",
      finishReason: "stop",
      prompt: undefined,
    });
    expect(Object.keys(scored.scores ?? {})).toEqual(["rouge1", "rouge2", "rougeL", "rougeLsum"]);
    expect(scored.scores?.["correct"]).toBeUndefined();
    expect(scored.grade.isCorrect).toBe(false);
  });

  it("is gated by rouge1 × 100, higher is better, on the first N of the loader's order", () => {
    expect(TRTLLM_RECIPE.headline).toEqual({ metric: "rouge1", scale: 100, higherIsBetter: true });
    expect(TRTLLM_RECIPE.subset).toBe("first");
  });

  it("is answered by the oracle with the highlights (rouge1 1) or a summary far from them", () => {
    for (const row of FIXTURE_ROWS) {
      const sample = { task: "cnn_dailymail", gold: row.highlights, ...row };
      expect(
        cnnDailymailRouge(row.highlights, cnnDailymailOracle.answer(sample, true, 0, TRTLLM_RECIPE)),
      ).toEqual({
        rouge1: 1,
        rouge2: 1,
        rougeL: 1,
        rougeLsum: 1,
      });
      for (const variant of [0, 1]) {
        const wrong = cnnDailymailRouge(
          row.highlights,
          cnnDailymailOracle.answer(sample, false, variant, TRTLLM_RECIPE),
        );
        expect(wrong["rouge1"]).toBeLessThan(0.2);
      }
    }
  });
});

/** The rows as the published parquet file holds them: three string columns, article, highlights, id. */
function writeCnnParquet(file: string, rows: readonly Record<string, unknown>[]): void {
  const names = ["article", "highlights", "id"];
  const columnData = names.map((name) => ({
    name,
    data: rows.map((row) => row[name]),
    type: "STRING" as const,
  }));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, new Uint8Array(parquetWriteBuffer({ columnData })));
}

async function withHub<T>(
  rows: readonly Record<string, unknown>[],
  run: (options: LoadOptions) => Promise<T>,
) {
  const dir = tempDir("cnn-hub-");
  const local = path.join(dir, "repo", CNN_DAILYMAIL_TEST_FILE);
  writeCnnParquet(local, rows);
  return loadFromFakeHub(
    dir,
    "abisee/cnn_dailymail",
    { [`${CNN_DAILYMAIL_REVISION}/${CNN_DAILYMAIL_TEST_FILE}`]: local },
    run,
  );
}

describe("cnn_dailymail from the Hub", () => {
  it("downloads 3.0.0/test-00000-of-00001.parquet at the pinned revision and reads it as the local copy", async () => {
    const fromHub = await withHub(FIXTURE_ROWS as unknown as Record<string, unknown>[], (options) =>
      cnnDailymail.load(options),
    );
    const local = await cnnDailymail.load({ context: createLocalDatasetContext(FIXTURES), nShots: 0 });
    expect(fromHub.samples).toEqual(local.samples);
    // Python: numpy.random.default_rng(0).permutation(3) == [2, 0, 1] (Dataset.shuffle(seed=0)).
    expect(fromHub.samples.map((sample) => [sample.id, sample.gold])).toEqual(
      [2, 0, 1].map((index) => [FIXTURE_ROWS[index]?.id, FIXTURE_ROWS[index]?.highlights]),
    );
  });

  it("returns the rows in Dataset.shuffle(seed=0) order, so the first N are TensorRT-LLM's N", async () => {
    const rows = Array.from({ length: 10 }, (_, index) => ({
      article: `Article number ${index} says little.`,
      highlights: `Highlight ${index} .`,
      id: `row${index}`,
    }));
    const loaded = await withHub(rows, (options) => cnnDailymail.load(options));
    // Python: numpy.random.default_rng(0).permutation(10).
    expect(loaded.samples.map((sample) => sample.id)).toEqual(
      [4, 6, 2, 7, 3, 5, 9, 0, 8, 1].map((index) => `row${index}`),
    );
    // The test split's 11,490 rows: numpy.random.default_rng(0).permutation(11490)[:8] and [-3:].
    const order = shuffleAsDataset(
      Array.from({ length: 11_490 }, (_, index) => index),
      CNN_DAILYMAIL_SHUFFLE_SEED,
    );
    expect(order.slice(0, 8)).toEqual([10265, 3688, 8611, 1624, 9217, 604, 3064, 8813]);
    expect(order.slice(-3)).toEqual([5921, 11215, 607]);
  });

  it("names the file and row of a row that breaks the schema, and an id seen twice", async () => {
    const [first, second] = FIXTURE_ROWS;
    if (first === undefined || second === undefined) throw new Error("fixture rows missing");
    const noHighlights = await caughtDatasetError(
      withHub([first, { ...second, highlights: "" }], (options) => cnnDailymail.load(options)),
    );
    expect(noHighlights.message).toMatch(
      /abisee\/cnn_dailymail@96df5e6 3\.0\.0\/test-00000-of-00001\.parquet row 2/,
    );
    expect(noHighlights.message).toMatch(/highlights/);
    const twice = await caughtDatasetError(
      withHub([first, { ...second, id: first.id }], (options) => cnnDailymail.load(options)),
    );
    expect(twice.message).toContain(`row 2: id ${first.id} is also row 1`);
  });

  it("refuses --tasks and shots", async () => {
    const context = createLocalDatasetContext(FIXTURES);
    await expect(cnnDailymail.load({ context, nShots: 0, tasks: ["news"] })).rejects.toThrow(/no subtasks/);
    await expect(cnnDailymail.load({ context, nShots: 1 })).rejects.toThrow(/n-shots/);
  });
});
