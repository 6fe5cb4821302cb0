// Passkey: the samples of each level and of --context-tokens, the prompt bytes of one row, the score on hand-built
// answers, and the generator's output file read from a data dir (and refused when it is not the generator's).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scoreAnswer } from "../../runner/score-answer.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { LoadOptions, PromptOptions } from "../types.js";
import { passkey } from "./index.js";
import type { PasskeySample } from "./passkey-sample.js";
import { firstIntMatch, isPasskeyCorrect, passkeyScorer } from "./passkey-score.js";
import { NOISE_LINE, needleLine } from "./passkey-text.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const COMPLETIONS: PromptOptions = {
  endpointType: "completions",
  nShots: 0,
  systemPrompt: undefined,
  cot: false,
};

function loadWith(options: Partial<LoadOptions> = {}) {
  return passkey.load({ context: createLocalDatasetContext(undefined), nShots: 0, ...options });
}

function textOf(prompt: ReturnType<Awaited<ReturnType<typeof loadWith>>["buildPrompt"]>): string {
  return prompt.type === "completion" ? prompt.text : (prompt.messages.at(-1)?.content ?? "");
}

describe("passkey samples", () => {
  it("runs TensorRT-LLM's two registered levels by default: 59 depths × 5 keys each, stable ids and facets", async () => {
    const { samples, dataset } = await loadWith();
    expect(samples).toHaveLength(590);
    expect(dataset).toMatch(/test_level 3, test_level 4/);
    expect(new Set(samples.map((sample) => sample.id)).size).toBe(590);
    expect(samples.slice(0, 7).map((sample) => sample.id)).toEqual([
      "64k/depth-0000/0",
      "64k/depth-0000/1",
      "64k/depth-0000/2",
      "64k/depth-0000/3",
      "64k/depth-0000/4",
      "64k/depth-0045/0",
      "64k/depth-0045/1",
    ]);
    // random.seed(0): randint(0, 9) draws 6, 6, 0, 4, 8, 7, 6, 4, 7, 5 (see PythonRandom's test) — a fresh stream per level.
    expect(samples[0]?.gold).toBe("66048");
    expect(samples[1]?.gold).toBe("76475");
    expect(samples[295]).toMatchObject({
      id: "128k/depth-0000/0",
      gold: "66048",
      task: "passkey_retrieval_128k",
    });
    const last = samples.at(-1);
    expect(last).toMatchObject({
      id: "128k/depth-5220/4",
      facets: { depth: "100", context_tokens: "128k" },
      placement: { kind: "level", numNoise: 5220, noiseBefore: 5220 },
    });
    expect(samples[5]?.facets).toEqual({ depth: "2", context_tokens: "64k" });
    expect(new Set(samples.slice(0, 295).map((sample) => sample.facets?.["depth"])).size).toBe(59);
  });

  it("picks levels with --tasks, refuses an unknown one, and moves the needle with --depths", async () => {
    const eightK = await loadWith({ tasks: ["passkey_retrieval_8k"] });
    expect(eightK.samples).toHaveLength(275);
    expect(new Set(eightK.samples.map((sample) => sample.task))).toEqual(new Set(["passkey_retrieval_8k"]));
    await expect(loadWith({ tasks: ["passkey_retrieval_1m"] })).rejects.toThrow(
      /no task "passkey_retrieval_1m"/,
    );
    const swept = await loadWith({ tasks: ["passkey_retrieval_64k"], longContext: { depths: [0, 50, 100] } });
    expect(swept.samples.map((sample) => [sample.id, sample.facets?.["depth"]])).toEqual(
      [0, 1305, 2610].flatMap((line, index) =>
        [0, 1, 2, 3, 4].map((repeat) => [
          `64k/depth-${String(line).padStart(4, "0")}/${repeat}`,
          String([0, 50, 100][index]),
        ]),
      ),
    );
    await expect(
      loadWith({ tasks: ["passkey_retrieval_8k"], longContext: { depths: [0, 0.1] } }),
    ).rejects.toThrow(/same noise line/);
  });

  it("makes --context-tokens samples per length, depth and key, and refuses --tasks with it", async () => {
    const { samples, preparePrompt } = await loadWith({ longContext: { contextTokens: [4096, 8192] } });
    expect(samples).toHaveLength(2 * 11 * 5);
    expect(preparePrompt).toBeTypeOf("function");
    expect(samples[0]).toMatchObject({
      id: "4096/depth-0/0",
      task: "passkey_retrieval_4096_tokens",
      gold: "66048",
      facets: { depth: "0", context_tokens: "4096" },
    });
    expect(samples.at(-1)?.id).toBe("8192/depth-100/4");
    const chosen = await loadWith({ longContext: { contextTokens: [4096], depths: [25, 75] } });
    expect(chosen.samples.map((sample) => sample.facets?.["depth"])).toEqual([
      ...Array<string>(5).fill("25"),
      ...Array<string>(5).fill("75"),
    ]);
    await expect(
      loadWith({ tasks: ["passkey_retrieval_64k"], longContext: { contextTokens: [4096] } }),
    ).rejects.toThrow(/--tasks picks the generator's levels/);
    // Without a tokenizer the samples load, and the first prompt says why it cannot be laid out.
    const sample = chosen.samples[0];
    if (sample === undefined || chosen.preparePrompt === undefined) throw new Error("no sample");
    await expect(chosen.preparePrompt(sample, COMPLETIONS)).rejects.toThrow(/no tokenizer/);
  });
});

describe("passkey prompt", () => {
  it("fills eval_utils' template with the row's context: head, needle at its depth, three newlines, no trailing space", async () => {
    const { samples, buildPrompt } = await loadWith({ tasks: ["passkey_retrieval_64k"] });
    const sample = samples.find((each) => each.id === "64k/depth-0045/2");
    if (sample === undefined) throw new Error("no sample");
    const text = textOf(buildPrompt(sample, COMPLETIONS));
    const head =
      "There is an important info hidden inside a lot of irrelevant text. Find it and memorize it. I will quiz you about the important information.\n\n";
    const needle = `The pass key is ${sample.key}. Remember it. ${sample.key} is the pass key.\n`;
    expect(text).toBe(
      `${head}${NOISE_LINE.repeat(45)}${needle}${NOISE_LINE.repeat(2565)}\n\nWhat is the pass key?\n\nThe pass key is`,
    );
    expect(text.length).toBe(234_959 + head.length + 2 + 21 + 17);
    expect(text.endsWith("back again.\n\n\nWhat is the pass key?\n\nThe pass key is")).toBe(true);
    // Chat: the same text as one user turn; a system prompt goes first (completions: before a blank line).
    const chat = buildPrompt(sample, { ...COMPLETIONS, endpointType: "chat", systemPrompt: "Be brief." });
    expect(chat.type === "chat" && chat.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(textOf(chat)).toBe(text);
    expect(textOf(buildPrompt(sample, { ...COMPLETIONS, systemPrompt: "Be brief." }))).toBe(
      `Be brief.\n\n${text}`,
    );
  });
});

describe("passkey score", () => {
  it("compares the first digit run with the key, as compute_scores.py's first_int_match", async () => {
    expect(firstIntMatch("The pass key is 01234.")).toBe("01234");
    expect(isPasskeyCorrect("The pass key is 01234.", "01234")).toBe(true);
    expect(isPasskeyCorrect(" 01234. Remember it. 01234 is the pass key.", "01234")).toBe(true);
    expect(isPasskeyCorrect(" 012345.", "01234")).toBe(false);
    expect(isPasskeyCorrect(" 1234.", "01234")).toBe(false);
    expect(isPasskeyCorrect("Key 7, then 01234.", "01234")).toBe(false);
    expect(isPasskeyCorrect("0-1234", "01234")).toBe(false);
    expect(firstIntMatch("no digits here")).toBe("");
    expect(isPasskeyCorrect("no digits here", "01234")).toBe(false);
    // Only ASCII digits count, as Python's [^0-9].
    expect(firstIntMatch("٠١٢ then 42")).toBe("42");
    const sample: PasskeySample = {
      id: "x",
      task: "passkey_retrieval_64k",
      gold: "01234",
      key: "01234",
      placement: { kind: "level", numNoise: 2610, noiseBefore: 0 },
    };
    const scored = await scoreAnswer(passkeyScorer, {
      sample,
      response: " 012345.",
      reasoning: "",
      finishReason: "length",
      prompt: undefined,
    });
    expect(scored.grade).toMatchObject({ isCorrect: false, extracted: "012345" });
  });

  it("grades the oracle's answers as the oracle meant them", async () => {
    const { samples } = await loadWith({ tasks: ["passkey_retrieval_8k"] });
    for (const sample of samples.slice(0, 10)) {
      for (let variant = 0; variant < 6; variant++) {
        for (const isCorrect of [true, false]) {
          const answer = passkey.oracle.answer(sample, isCorrect, variant, passkey.recipes[0]);
          expect(isPasskeyCorrect(answer, sample.key)).toBe(isCorrect);
        }
      }
    }
    const suffix = passkey.oracle.promptSuffix(samples[7] as PasskeySample, passkey.recipes[0]);
    expect(suffix.startsWith(needleLine(samples[7]?.key ?? ""))).toBe(true);
  });
});

describe("passkey.jsonl from a data dir", () => {
  function dataDirWith(lines: readonly string[]): string {
    const dir = mkdtempSync(path.join(tmpdir(), "passkey-data-"));
    dirs.push(dir);
    mkdirSync(path.join(dir, "passkey"));
    writeFileSync(path.join(dir, "passkey", "passkey.jsonl"), `${lines.join("\n")}\n`);
    return dir;
  }
  const row = (context: string, answer: string, len: number) =>
    JSON.stringify({ input: "What is the pass key?", context, answer, len });

  it("reads construct_synthetic_dataset.py's rows (level 0 here) as samples of their level", async () => {
    const loaded = await passkey.load({
      context: createLocalDatasetContext(fixturesDir("passkey")),
      nShots: 0,
    });
    expect(loaded.dataset).toMatch(/passkey\/passkey\.jsonl/);
    expect(loaded.samples.map((sample) => [sample.id, sample.gold, sample.task, sample.facets])).toEqual([
      ["8k/depth-0000/0", "66048", "passkey_retrieval_8k", { depth: "0", context_tokens: "8k" }],
      ["8k/depth-0324/0", "62462", "passkey_retrieval_8k", { depth: "99", context_tokens: "8k" }],
    ]);
    const filtered = await passkey.load({
      context: createLocalDatasetContext(fixturesDir("passkey")),
      nShots: 0,
      tasks: ["passkey_retrieval_64k"],
    });
    expect(filtered.samples).toHaveLength(0);
    await expect(
      passkey.load({
        context: createLocalDatasetContext(fixturesDir("passkey")),
        nShots: 0,
        longContext: { depths: [50] },
      }),
    ).rejects.toThrow(/--depths lays out generated haystacks/);
  });

  it("numbers rows at one depth in file order and takes `content` for `context`", async () => {
    const context = NOISE_LINE.repeat(100) + needleLine("00042") + NOISE_LINE.repeat(226);
    const dir = dataDirWith([
      row(context, "00042", 26 * 226),
      JSON.stringify({ input: "What is the pass key?", content: context, answer: "00042", len: 26 * 226 }),
    ]);
    const loaded = await passkey.load({ context: createLocalDatasetContext(dir), nShots: 0 });
    expect(loaded.samples.map((sample) => sample.id)).toEqual(["8k/depth-0100/0", "8k/depth-0100/1"]);
    expect(textOf(loaded.buildPrompt(loaded.samples[0] as PasskeySample, COMPLETIONS))).toContain(context);
  });

  it.each([
    [
      "a context that is not the generator's",
      row(`${NOISE_LINE}x${needleLine("12345")}`, "12345", 0),
      /not build_passkey's noise/,
    ],
    [
      "a noise count of no level",
      row(NOISE_LINE.repeat(3) + needleLine("12345"), "12345", 0),
      /3 noise lines is none/,
    ],
    ["a wrong len", row(needleLine("12345") + NOISE_LINE.repeat(326), "12345", 26), /"len" is 26/],
    [
      "a key that is not digits",
      row(needleLine("12a45") + NOISE_LINE.repeat(326), "12a45", 26 * 326),
      /answer: a string of digits/,
    ],
  ])("refuses %s with the row's number", async (_, line, message) => {
    const dir = dataDirWith([line]);
    await expect(passkey.load({ context: createLocalDatasetContext(dir), nShots: 0 })).rejects.toThrow(
      message,
    );
    await expect(passkey.load({ context: createLocalDatasetContext(dir), nShots: 0 })).rejects.toThrow(
      /row 1/,
    );
  });
});
