// zeroscrolls on its fixtures and through the local Hub-layout server: samples per id or per row, the official
// prompt forms, the cuts with real tokenizers, the scorers, and the errors a user can meet.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { writeZip } from "../../datasets/test-support/write-zip.js";
import { npmTokenizer } from "../../tokenizers/test-support/npm-tokenizer-json.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { PromptOptions } from "../types.js";
import { zeroscrolls } from "./index.js";
import { ZEROSCROLLS_HUB_REVISION } from "./read-zeroscrolls-rows.js";
import { cutOfficial, cutRight } from "./truncate-zeroscrolls.js";
import { FORMAT_REQUEST, officialPromptText } from "./zeroscrolls-prompt.js";
import { OFFICIAL_RECIPE, TRTLLM_RECIPE } from "./zeroscrolls-recipes.js";
import type { ZeroscrollsSample } from "./zeroscrolls-sample.js";
import { scoreOfficial, scoreTrtllm } from "./zeroscrolls-scorer.js";

const fixtures = fixturesDir("zeroscrolls");
const chat: PromptOptions = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false };
const completions: PromptOptions = { ...chat, endpointType: "completions" };
const dirs: string[] = [];
/** o200k_base, loaded once (it takes seconds). */
let gpt4o: ReturnType<typeof npmTokenizer> | undefined;
const sharedGpt4o = () => {
  gpt4o ??= npmTokenizer("gpt4o");
  return gpt4o;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function loadFixtures(recipe = OFFICIAL_RECIPE, tasks?: string[]) {
  return zeroscrolls.load({
    context: createLocalDatasetContext(fixtures),
    recipe,
    nShots: 0,
    ...(tasks === undefined ? {} : { tasks }),
  });
}

function sampleOf(samples: readonly ZeroscrollsSample[], id: string): ZeroscrollsSample {
  const sample = samples.find((each) => each.id === id);
  if (sample === undefined) throw new Error(`no sample ${id}`);
  return sample;
}

describe("zeroscrolls samples", () => {
  it("makes one sample per id with every row's output as a reference, tasks in the official order", async () => {
    const { samples } = await loadFixtures();
    expect(
      samples.map((sample) => sample.task).filter((task, index, all) => all.indexOf(task) === index),
    ).toEqual([...zeroscrolls.tasks]);
    expect(sampleOf(samples, "narrative_qa/nq_1").references).toEqual(["Otto", "His parrot was called Otto"]);
    expect(samples).toHaveLength(20);
  });

  it("makes one sample per row for the trtllm recipe, squality only", async () => {
    const { samples } = await loadFixtures(TRTLLM_RECIPE);
    expect(samples.map((sample) => sample.id)).toEqual(["squality/sq_1_0", "squality/sq_2_0"]);
    await expect(loadFixtures(TRTLLM_RECIPE, ["qasper"])).rejects.toThrow(/squality only/);
    await expect(loadFixtures(OFFICIAL_RECIPE, ["nope"])).rejects.toThrow(
      /no task "nope"; its tasks: gov_report/,
    );
  });
});

describe("zeroscrolls prompts", () => {
  it("sends the input as given for completions, and for chat adds the format request and drops the answer prefix", async () => {
    const { samples, buildPrompt } = await loadFixtures();
    const sample = sampleOf(samples, "musique/mu_1");
    expect(buildPrompt(sample, completions)).toEqual({ type: "completion", text: sample.input });
    const instruction =
      "You are given several paragraphs from Wikipedia and a question. Answer the question as concisely as you can, " +
      'using a single phrase if possible. If the question cannot be answered based on the information in the paragraphs, write "unanswerable".';
    expect(buildPrompt(sample, chat)).toEqual({
      type: "chat",
      messages: [
        {
          role: "user",
          content:
            `${instruction} ${FORMAT_REQUEST}\n\nParagraphs:\nTitle: Arlen\nArlen is a town in Norway founded by Erik Vass.\n\n` +
            "Title: Erik Vass\nErik Vass was born in Bergen.\n\nQuestion:\nWhere was the founder of Arlen born?",
        },
      ],
    });
    // A summarisation gets no format request; without a query, chat ends where the document does.
    const report = sampleOf(samples, "gov_report/gr_0001");
    expect(officialPromptText(report, "chat").text).toBe(
      report.input.slice(0, report.input.lastIndexOf("\n\nSummary:")),
    );
  });

  it("indexes the offsets in code points (a document with an emoji keeps its query whole)", async () => {
    const { samples } = await loadFixtures();
    const sample = sampleOf(samples, "narrative_qa/nq_1");
    expect(
      officialPromptText(sample, "chat").text.endsWith(
        "\n\nQuestion:\nWhat was the name of Mr. Pell's parrot?",
      ),
    ).toBe(true);
  });

  it("cuts the official prompt as build_prompt does with a real tokenizer (o200k_base)", async () => {
    const tokenizer = sharedGpt4o();
    const document = Array.from({ length: 120 }, (_, index) => `Sentence ${index} of the long report.`).join(
      " ",
    );
    const input = `Write a summary.\n\nReport:\n${document}\n\nQuestion:\nWhat happened?\n\nAnswer:`;
    const queryStart = input.indexOf("What happened?");
    const separator = "... [The rest of the report is omitted]\n\n";
    const prompt = { text: input, queryStart };
    const options = {
      maxContextTokens: 600,
      generationTokens: 64,
      truncationSeparator: separator,
      tokenizer: async () => tokenizer,
    };
    const ids = await tokenizer.encode(input);
    expect(ids.length).toBeGreaterThan(600);
    const suffix = `${separator}What happened?\n\nAnswer:`;
    const suffixTokens = (await tokenizer.encode(suffix)).length;
    for (const isChat of [false, true]) {
      const kept = 600 - suffixTokens - 64 - 1 - (isChat ? 9 : 0);
      const cut = await cutOfficial(prompt, { ...options, isChat });
      expect(cut).toBe(`${await tokenizer.decode(ids.slice(0, kept))}${suffix}`);
      expect(cut.startsWith("Write a summary.\n\nReport:\nSentence 0 of")).toBe(true);
    }
    // Short enough: untouched, and no tokenizer is needed.
    expect(
      await cutOfficial(
        { text: "Short.", queryStart: 0 },
        { ...options, isChat: true, tokenizer: undefined },
      ),
    ).toBe("Short.");
    await expect(cutOfficial(prompt, { ...options, isChat: false, tokenizer: undefined })).rejects.toThrow(
      /--tokenizer/,
    );
    await expect(cutOfficial(prompt, { ...options, maxContextTokens: 70, isChat: false })).rejects.toThrow(
      /leaves no room for the document/,
    );
  });

  it("cuts the trtllm prompt to its first tokens, BOS included, as summarize.py's truncation does (Mistral)", async () => {
    const tokenizer = npmTokenizer("mistral");
    const text = Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ");
    const ids = await tokenizer.encode(text, { addSpecialTokens: true });
    expect(ids[0]).toBe(1);
    const cut = await cutRight(text, 40, async () => tokenizer);
    expect(cut).toBe(await tokenizer.decode(ids.slice(1, 40)));
    expect(await cutRight("short text", 40, undefined)).toBe("short text");
  });

  it("sends the cut prompt through preparePrompt under --max-context-tokens", async () => {
    const tokenizer = sharedGpt4o();
    const loaded = await zeroscrolls.load({
      context: createLocalDatasetContext(fixtures),
      recipe: OFFICIAL_RECIPE,
      nShots: 0,
      tasks: ["qmsum"],
      tokenizer: async () => tokenizer,
      longContext: { maxContextTokens: 560 },
    });
    const sample = sampleOf(loaded.samples, "qmsum/qm_a");
    const prepared = await loaded.preparePrompt?.(sample, completions);
    // qmsum leaves 512 tokens for the answer: the document is cut, separator and query kept.
    const text = prepared?.type === "completion" ? prepared.text : "";
    expect(text.startsWith("You are given a meeting transcript")).toBe(true);
    expect(
      text.endsWith(
        "... [The rest of the transcript is omitted]\n\nWhat did the group decide about the deadline?\n\nAnswer:",
      ),
    ).toBe(true);
    expect(text.includes("That works for the data collection.")).toBe(false);
  });
});

describe("zeroscrolls scorers", () => {
  it("scores each task with its metric and marks a perfect answer correct", async () => {
    const { samples } = await loadFixtures();
    expect(scoreOfficial(sampleOf(samples, "quality/ql_1"), "B")).toEqual({
      correct: true,
      score: 1,
      accuracy: true,
    });
    expect(scoreOfficial(sampleOf(samples, "space_digest/sd_1"), "70%")).toEqual({
      correct: false,
      score: 0.5,
      exp_similarity: 0.5,
    });
    expect(scoreOfficial(sampleOf(samples, "book_sum_sort/bs_1"), "2, 4, 1, 3")).toMatchObject({
      correct: true,
      score: 1,
    });
    expect(scoreOfficial(sampleOf(samples, "narrative_qa/nq_1"), "otto")).toEqual({
      correct: true,
      score: 1,
      f1: 1,
    });
    const summary = scoreOfficial(
      sampleOf(samples, "gov_report/gr_0001"),
      "The review found gaps in reporting.",
    );
    expect(summary).toMatchObject({ correct: false });
    // All 6 answer tokens are in the 16-token reference: precision 1, recall 6/16.
    expect(summary["rouge1"]).toBeCloseTo((2 * (6 / 6) * (6 / 16)) / (6 / 6 + 6 / 16), 12);
  });

  it("scores the trtllm row by rouge against that row's reference", async () => {
    const { samples } = await loadFixtures(TRTLLM_RECIPE);
    const sample = sampleOf(samples, "squality/sq_1_0");
    expect(scoreTrtllm(sample, sample.references[0] ?? "")).toEqual({
      correct: true,
      rouge1: 1,
      rouge2: 1,
      rougeL: 1,
      rougeLsum: 1,
    });
  });
});

/** A task's zip as tau/zero_scrolls publishes it: `<task>/validation.jsonl` (and the test split beside it). */
function writeZeroscrollsZip(file: string, task: string, rows: readonly Record<string, unknown>[]): void {
  const lines = rows.map((row) => `${JSON.stringify(row)}\n`).join("");
  const test = rows.map((row) => `${JSON.stringify({ ...row, output: null })}\n`).join("");
  writeZip(file, { [`${task}/validation.jsonl`]: lines, [`${task}/test.jsonl`]: test });
}

describe("zeroscrolls through the Hub", () => {
  it("reads squality.zip's validation.jsonl at the pinned revision and groups the rows that share an id", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "zeroscrolls-hub-"));
    dirs.push(dir);
    const input = "You are given a story and a question.\n\nStory:\nA tale.\n\nQuestion:\nWhat?\n\nAnswer:";
    const row = (pid: string, output: string) => ({
      id: "sq_x",
      pid,
      input,
      output,
      document_start_index: 46,
      document_end_index: 53,
      query_start_index: 65,
      query_end_index: 70,
      truncation_seperator: "... [The rest of the story is omitted]\n\n",
    });
    const file = path.join(dir, "squality.zip");
    writeZeroscrollsZip(file, "squality", [
      row("sq_x_0", "First summary of it."),
      row("sq_x_1", "Second summary of it."),
    ]);
    const hub = await startFakeHub({
      datasets: {},
      files: { "tau/zero_scrolls": { [`${ZEROSCROLLS_HUB_REVISION}/squality.zip`]: file } },
    });
    try {
      const context = createDatasetContext({
        cacheDir: path.join(dir, "cache"),
        env: { HF_ENDPOINT: hub.endpoint },
      });
      const official = await zeroscrolls.load({
        context,
        recipe: OFFICIAL_RECIPE,
        nShots: 0,
        tasks: ["squality"],
      });
      expect(official.samples).toHaveLength(1);
      expect(official.samples[0]).toMatchObject({
        id: "squality/sq_x",
        references: ["First summary of it.", "Second summary of it."],
        queryStart: 65,
        queryEnd: 70,
      });
      expect(
        officialPromptText(official.samples[0] as ZeroscrollsSample, "chat").text.endsWith(
          "Question:\nWhat?",
        ),
      ).toBe(true);
      const trtllm = await zeroscrolls.load({ context, recipe: TRTLLM_RECIPE, nShots: 0 });
      expect(trtllm.samples.map((sample) => [sample.id, sample.gold])).toEqual([
        ["squality/sq_x_0", "First summary of it."],
        ["squality/sq_x_1", "Second summary of it."],
      ]);
    } finally {
      await hub.close();
    }
  });

  it("refuses rows without an answer (the test split) and answers the metric cannot read", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "zeroscrolls-local-"));
    dirs.push(dir);
    const row = (output: string | null) => ({
      id: "q",
      pid: "q_0",
      input: "x",
      output,
      document_start_index: 0,
      document_end_index: 0,
      query_start_index: 0,
      query_end_index: 0,
      truncation_seperator: "...",
    });
    for (const [task, output] of [
      ["quality", "no letter here"],
      ["qasper", null],
    ] as const) {
      mkdirSync(path.join(dir, "zero_scrolls", task), { recursive: true });
      writeFileSync(
        path.join(dir, "zero_scrolls", task, "validation.jsonl"),
        `${JSON.stringify(row(output))}\n`,
      );
    }
    const context = createLocalDatasetContext(dir);
    await expect(zeroscrolls.load({ context, nShots: 0, tasks: ["quality"] })).rejects.toThrow(
      /names no letter A-D, so accuracy cannot score it/,
    );
    await expect(zeroscrolls.load({ context, nShots: 0, tasks: ["qasper"] })).rejects.toThrow(
      /has no output: only the validation split's answers are public/,
    );
  });
});
