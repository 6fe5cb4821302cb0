// Tests of the GSM8K benchmark on its fixtures: golds, ids, prompt bytes, few-shot, Hub vs local, errors.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DatasetError } from "../../errors.js";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext, hubKey } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { Recipe } from "../types.js";
import { gsm8kGold } from "./gsm8k-rows.js";
import { gsm8k } from "./index.js";

const localContext = () => createLocalDatasetContext(fixturesDir("gsm8k"));

describe("gsm8k: samples", () => {
  it("reads golds after ####, commas removed, with ids test/{index}", async () => {
    const loaded = await gsm8k.load({ context: localContext(), nShots: 0 });
    expect(loaded.samples.map((sample) => [sample.id, sample.task, sample.gold])).toEqual([
      ["test/0", "gsm8k", "36"],
      ["test/1", "gsm8k", "65000"],
      ["test/2", "gsm8k", "-5"],
      ["test/3", "gsm8k", "0"],
      ["test/4", "gsm8k", "23"],
      ["test/5", "gsm8k", "180"],
      ["test/6", "gsm8k", "100"],
      ["test/7", "gsm8k", "8"],
      ["test/8", "gsm8k", "750"],
      ["test/9", "gsm8k", "6"],
      ["test/10", "gsm8k", "14"],
      ["test/11", "gsm8k", "1250"],
    ]);
  });

  it("extracts golds", () => {
    expect(gsm8kGold("a\n#### 1,234")).toBe("1234");
    expect(gsm8kGold("#### -7 ")).toBe("-7");
  });

  it("gives the same samples from the Hub, reading train only for few-shot", async () => {
    const local = await gsm8k.load({ context: localContext(), nShots: 2 });
    const read = (split: string) => localContext().local.readFile(`gsm8k/${split}.jsonl`);
    const context = createLocalDatasetContext(undefined, {
      [hubKey({ repo: "openai/gsm8k", config: "main", split: "test" })]: await read("test"),
      [hubKey({ repo: "openai/gsm8k", config: "main", split: "train" })]: await read("train"),
    });
    const hub = await gsm8k.load({ context, nShots: 2 });
    expect(hub.samples).toEqual(local.samples);
    const options = { endpointType: "completions", nShots: 2, systemPrompt: undefined, cot: false } as const;
    const [hubSample, localSample] = [hub.samples[0], local.samples[0]];
    if (!hubSample || !localSample) throw new Error("missing sample");
    expect(hub.buildPrompt(hubSample, options)).toEqual(local.buildPrompt(localSample, options));
    expect(context.hubReads).toEqual(["openai/gsm8k/main/test", "openai/gsm8k/main/train"]);
    const zeroShot = createLocalDatasetContext(undefined, {
      [hubKey({ repo: "openai/gsm8k", config: "main", split: "test" })]: await read("test"),
    });
    await gsm8k.load({ context: zeroShot, nShots: 0 });
    expect(zeroShot.hubReads).toEqual(["openai/gsm8k/main/test"]);
  });

  it("rejects --tasks and a solution without a number", async () => {
    await expect(gsm8k.load({ context: localContext(), nShots: 0, tasks: ["x"] })).rejects.toBeInstanceOf(
      ConfigError,
    );
    const dir = await mkdtemp(path.join(tmpdir(), "gsm8k-bad-"));
    await mkdir(path.join(dir, "gsm8k"));
    await writeFile(
      path.join(dir, "gsm8k", "test.jsonl"),
      `${JSON.stringify({ question: "q", answer: "#### 3" })}\n${JSON.stringify({ question: "q", answer: "none" })}\n`,
    );
    const promise = gsm8k.load({ context: createLocalDatasetContext(dir), nShots: 0 });
    await expect(promise).rejects.toBeInstanceOf(DatasetError);
    await expect(gsm8k.load({ context: createLocalDatasetContext(dir), nShots: 0 })).rejects.toThrow(
      /gsm8k\/test\.jsonl row 2: field "answer"/,
    );
  });
});

const recipe = (name: string): Recipe => {
  const found = gsm8k.recipes.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no recipe ${name}`);
  return found;
};

async function promptOf(
  recipeName: string,
  index: number,
  options: { endpointType: "chat" | "completions"; nShots: number; systemPrompt?: string },
) {
  const loaded = await gsm8k.load({
    context: localContext(),
    recipe: recipe(recipeName),
    nShots: options.nShots,
  });
  const sample = loaded.samples.find((candidate) => candidate.id === `test/${index}`);
  if (!sample) throw new Error(`no sample test/${index}`);
  return loaded.buildPrompt(sample, {
    endpointType: options.endpointType,
    nShots: options.nShots,
    systemPrompt: options.systemPrompt,
    cot: false,
  });
}

const TEST_0 =
  "Question: A baker makes 12 loaves a day and sells each for $3. How much does she earn in a day?\nAnswer:";
const TEST_3 = "Question: Tom has 7 apples and gives away 7. How many are left?\nAnswer:";
const TEST_0_ANSWER = "She earns 12 * 3 = <<12*3=36>>36 dollars.\n#### 36";
const TRAIN_0 = "Question: Sam has 1 boxes with 3 pens each. How many pens does he have?\nAnswer:";
const TRAIN_0_ANSWER = "He has 1 * 3 = <<1*3=3>>3 pens.\n#### 3";
const TRAIN_1 = "Question: Sam has 2 boxes with 4 pens each. How many pens does he have?\nAnswer:";
const TRAIN_1_ANSWER = "He has 2 * 4 = <<2*4=8>>8 pens.\n#### 8";
const TRAIN_7 = "Question: Sam has 8 boxes with 10 pens each. How many pens does he have?\nAnswer:";
const TRAIN_7_ANSWER = "He has 8 * 10 = <<8*10=80>>80 pens.\n#### 80";

describe("gsm8k: lighteval recipe (default)", () => {
  it("builds the 0-shot query, the same on both endpoints", async () => {
    expect(await promptOf("lighteval", 0, { endpointType: "completions", nShots: 0 })).toEqual({
      type: "completion",
      text: TEST_0,
    });
    expect(await promptOf("lighteval", 0, { endpointType: "chat", nShots: 0 })).toEqual({
      type: "chat",
      messages: [{ role: "user", content: TEST_0 }],
    });
  });

  it("joins shots with blank lines, keeps the gold's leading space in chat, and glues a flat system prompt on", async () => {
    expect(
      await promptOf("lighteval", 3, { endpointType: "completions", nShots: 2, systemPrompt: "Be brief." }),
    ).toEqual({
      type: "completion",
      text: `Be brief.${TRAIN_0} ${TRAIN_0_ANSWER}\n\n${TRAIN_1} ${TRAIN_1_ANSWER}\n\n${TEST_3}`,
    });
    expect(
      await promptOf("lighteval", 3, { endpointType: "chat", nShots: 1, systemPrompt: "Be brief." }),
    ).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: TRAIN_0 },
        { role: "assistant", content: ` ${TRAIN_0_ANSWER}` },
        { role: "user", content: TEST_3 },
      ],
    });
  });

  it("stops at 'Question:' on both endpoints, 256 tokens", () => {
    for (const endpointType of ["chat", "completions"] as const) {
      expect(resolveDefaultParams(gsm8k.recipes[0], endpointType)).toEqual({
        maxTokens: 256,
        stop: ["Question:"],
      });
    }
  });
});

describe("gsm8k: sglang recipe", () => {
  it("takes the shots from the first test rows, so test/0 sees itself, and sends chat as one user message", async () => {
    const flat = await promptOf("sglang", 0, { endpointType: "completions", nShots: 1 });
    expect(flat).toEqual({ type: "completion", text: `${TEST_0} ${TEST_0_ANSWER}\n\n${TEST_0}` });
    expect(await promptOf("sglang", 0, { endpointType: "chat", nShots: 1 })).toEqual({
      type: "chat",
      messages: [{ role: "user", content: `${TEST_0} ${TEST_0_ANSWER}\n\n${TEST_0}` }],
    });
  });

  it("refuses more shots than the test split has rows", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "gsm8k-short-"));
    await mkdir(path.join(dir, "gsm8k"));
    await writeFile(
      path.join(dir, "gsm8k", "test.jsonl"),
      `${JSON.stringify({ question: "q", answer: "#### 3" })}\n`,
    );
    await expect(
      gsm8k.load({ context: createLocalDatasetContext(dir), recipe: recipe("sglang"), nShots: 2 }),
    ).rejects.toThrow(/--n-shots 2 needs 2 shot rows, the data has 1/);
  });
});

describe("gsm8k: lm-eval recipes", () => {
  it("lm-eval draws each test doc's shots from train with Random(1234).sample, in test order", async () => {
    // The fixture train split has 8 rows: Python's `[random.Random(1234).sample(range(8), 2) for _ in range(4)]`
    // is [[7, 0], [0, 7], [0, 5], [1, 0]] (run with CPython 3.11.7), so test/1 gets train rows 0 and 7.
    const flat = await promptOf("lm-eval", 1, { endpointType: "completions", nShots: 2 });
    expect(flat).toEqual({
      type: "completion",
      text:
        `${TRAIN_0} ${TRAIN_0_ANSWER}\n\n${TRAIN_7} ${TRAIN_7_ANSWER}\n\n` +
        "Question: A shop sells 250 hats a week at $5 each. How much does it earn in a year of 52 weeks?\nAnswer:",
    });
    const chat = await promptOf("lm-eval", 1, { endpointType: "chat", nShots: 2, systemPrompt: "Sys" });
    expect(chat.type === "chat" && chat.messages.slice(0, 3)).toEqual([
      { role: "system", content: "Sys" },
      { role: "user", content: TRAIN_0 },
      { role: "assistant", content: TRAIN_0_ANSWER },
    ]);
  });

  it("lm-eval-cot uses the fixed exemplars with Q:/A:", async () => {
    const flat = await promptOf("lm-eval-cot", 3, { endpointType: "completions", nShots: 1 });
    expect(flat).toEqual({
      type: "completion",
      text:
        "Q: There are 15 trees in the grove. Grove workers will plant trees in the grove today. After they are " +
        "done, there will be 21 trees. How many trees did the grove workers plant today?\nA: There are 15 trees " +
        "originally. Then there were 21 trees after some more were planted. So there must have been 21 - 15 = 6. " +
        "The answer is 6.\n\nQ: Tom has 7 apples and gives away 7. How many are left?\nA:",
    });
  });
});

describe("gsm8k: qwen-math recipe", () => {
  it("leaves the shot rows out of the questions and sends the guide's system prompt unless told otherwise", async () => {
    const loaded = await gsm8k.load({ context: localContext(), recipe: recipe("qwen-math"), nShots: 1 });
    expect(loaded.samples.map((sample) => sample.id)).toEqual(
      Array.from({ length: 11 }, (_, index) => `test/${index + 1}`),
    );
    const system = "Please reason step by step, and put your final answer within \\boxed{}.";
    expect(await promptOf("qwen-math", 3, { endpointType: "chat", nShots: 1 })).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: system },
        { role: "user", content: `${TEST_0} ${TEST_0_ANSWER}\n\n${TEST_3}` },
      ],
    });
    expect(
      await promptOf("qwen-math", 3, { endpointType: "completions", nShots: 1, systemPrompt: "" }),
    ).toEqual({
      type: "completion",
      text: `${TEST_0} ${TEST_0_ANSWER}\n\n${TEST_3}`,
    });
    expect(await promptOf("qwen-math", 3, { endpointType: "completions", nShots: 0 })).toEqual({
      type: "completion",
      text: `${system}\n\n${TEST_3}`,
    });
  });
});
