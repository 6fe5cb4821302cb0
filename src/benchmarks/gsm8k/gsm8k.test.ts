// Tests of the GSM8K benchmark on its fixtures: golds, ids, prompt bytes, few-shot, Hub vs local, errors.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DatasetError } from "../../errors.js";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext, hubKey } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import { gsm8k } from "./index.js";
import { gsm8kGold } from "./read-gsm8k-rows.js";

const localContext = () => createLocalDatasetContext(fixturesDir("gsm8k"));

describe("gsm8k: samples", () => {
  it("reads golds after ####, commas removed, with ids test/{index}", async () => {
    const loaded = await gsm8k.load({ context: localContext(), nShots: 0 });
    expect(loaded.samples.map((sample) => [sample.id, sample.task, sample.gold])).toEqual([
      ["test/0", "gsm8k", "36"],
      ["test/1", "gsm8k", "65000"],
      ["test/2", "gsm8k", "-5"],
      ["test/3", "gsm8k", "0"],
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

describe("gsm8k: prompts", () => {
  it("builds the 0-shot prompt of lighteval's gsm8k", async () => {
    const loaded = await gsm8k.load({ context: localContext(), nShots: 0 });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    const query =
      "Question: A baker makes 12 loaves a day and sells each for $3. How much does she earn in a day?\nAnswer:";
    const options = { nShots: 0, systemPrompt: undefined, cot: false } as const;
    expect(loaded.buildPrompt(sample, { ...options, endpointType: "completions" })).toEqual({
      type: "completion",
      text: query,
    });
    expect(loaded.buildPrompt(sample, { ...options, endpointType: "chat" })).toEqual({
      type: "chat",
      messages: [{ role: "user", content: query }],
    });
  });

  it("prepends the first K train examples as SGLang's bench_sglang.py does", async () => {
    const loaded = await gsm8k.load({ context: localContext(), nShots: 2 });
    const sample = loaded.samples[3];
    if (!sample) throw new Error("missing sample");
    const prompt = loaded.buildPrompt(sample, {
      endpointType: "completions",
      nShots: 2,
      systemPrompt: "",
      cot: false,
    });
    expect(prompt).toEqual({
      type: "completion",
      text:
        "Question: Sam has 1 boxes with 3 pens each. How many pens does he have?\n" +
        "Answer: He has 1 * 3 = <<1*3=3>>3 pens.\n#### 3\n\n" +
        "Question: Sam has 2 boxes with 4 pens each. How many pens does he have?\n" +
        "Answer: He has 2 * 4 = <<2*4=8>>8 pens.\n#### 8\n\n" +
        "Question: Tom has 7 apples and gives away 7. How many are left?\nAnswer:",
    });
    const chat = loaded.buildPrompt(sample, {
      endpointType: "chat",
      nShots: 1,
      systemPrompt: undefined,
      cot: false,
    });
    expect(chat).toEqual({
      type: "chat",
      messages: [
        {
          role: "user",
          content: "Question: Sam has 1 boxes with 3 pens each. How many pens does he have?\nAnswer:",
        },
        { role: "assistant", content: "He has 1 * 3 = <<1*3=3>>3 pens.\n#### 3" },
        { role: "user", content: "Question: Tom has 7 apples and gives away 7. How many are left?\nAnswer:" },
      ],
    });
  });

  it("stops completions at 'Question:' only", () => {
    expect(resolveDefaultParams(gsm8k.recipes[0], "completions")).toEqual({
      maxTokens: 256,
      stop: ["Question:"],
    });
    expect(resolveDefaultParams(gsm8k.recipes[0], "chat")).toEqual({ maxTokens: 256 });
  });
});
