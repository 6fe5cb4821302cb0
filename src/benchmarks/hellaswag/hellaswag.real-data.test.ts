// HellaSwag on the shared derived text (skipped when absent): parsing, golden prompts, gold acceptance.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exactMatch } from "../../graders/exact-match.js";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { hellaswag } from "./index.js";

const dataDir = sharedDataDir("hellaswag/hellaswag_val_full.txt");
if (dataDir === undefined) printSkipReason("hellaswag real-data tests");

const options = { endpointType: "completions" as const, nShots: 0, systemPrompt: undefined, cot: false };

describe.skipIf(dataDir === undefined)("hellaswag on the shared data", () => {
  const context = () => createLocalDatasetContext(dataDir);

  it("parses 10,042 items with labels 0–3 and four endings", async () => {
    const loaded = await hellaswag.load({ context: context(), nShots: 0 });
    expect(loaded.samples).toHaveLength(10_042);
    expect(loaded.samples.every((sample) => sample.endings.length === 4)).toBe(true);
    const golds = new Set(loaded.samples.map((sample) => sample.gold));
    expect([...golds].sort()).toEqual(["A", "B", "C", "D"]);
    expect(new Set(loaded.samples.map((sample) => sample.task)).size).toBe(192);
  });

  it("builds the hand-checked 0-shot DeepEval prompt and the loglikelihood request of item 0", async () => {
    const loaded = await hellaswag.load({ context: context(), nShots: 0 });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    expect(sample).toMatchObject({ id: "0", task: "Roof shingle removal", gold: "D" });
    expect(loaded.buildPrompt(sample, options)).toEqual({
      type: "completion",
      text:
        "The following are multiple choice questions (with answers) are sentence completion problems about Roof shingle removal.\n\n" +
        "A man is sitting on a roof. he\nA. is using wrap to wrap a pair of skis.\nB. is ripping level tiles off.\n" +
        "C. is holding a rubik's cube.\nD. starts pulling up roofing on a roof.\nAnswer:\n\n" +
        "Output 'A', 'B', 'C', or 'D'. Full answer not needed.",
    });
    expect(loaded.buildLoglikelihood?.(sample, options)).toEqual({
      context: "Roof shingle removal: A man is sitting on a roof. he",
      continuations: [
        " is using wrap to wrap a pair of skis.",
        " is ripping level tiles off.",
        " is holding a rubik's cube.",
        " starts pulling up roofing on a roof.",
      ],
      goldIndex: 3,
    });
  });

  // Goldens derived by hand from DeepEval's template.py + aiperf's hellaswag.py@68e913b (which appends
  // "\n\n" + DeepEval's confinement line — the issue expected none, aiperf at this commit sends it) and from
  // lm-eval's hellaswag utils.py/yaml@4e7e0d4, on item 0 of the shared file.
  it("aiperf: one user message in chat, the system prompt as a system message or in front, max_tokens 5", async () => {
    const recipe = hellaswag.recipes[0];
    const loaded = await hellaswag.load({ context: context(), nShots: 0, recipe });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    const text =
      "The following are multiple choice questions (with answers) are sentence completion problems about Roof shingle removal.\n\n" +
      "A man is sitting on a roof. he\nA. is using wrap to wrap a pair of skis.\nB. is ripping level tiles off.\n" +
      "C. is holding a rubik's cube.\nD. starts pulling up roofing on a roof.\nAnswer:\n\n" +
      "Output 'A', 'B', 'C', or 'D'. Full answer not needed.";
    expect(loaded.buildPrompt(sample, { ...options, endpointType: "chat" })).toEqual({
      type: "chat",
      messages: [{ role: "user", content: text }],
    });
    expect(loaded.buildPrompt(sample, { ...options, endpointType: "chat", systemPrompt: "SYS" })).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "SYS" },
        { role: "user", content: text },
      ],
    });
    expect(loaded.buildPrompt(sample, { ...options, systemPrompt: "SYS" })).toEqual({
      type: "completion",
      text: `SYS\n\n${text}`,
    });
    expect(resolveDefaultParams(recipe, "chat")).toEqual({ maxTokens: 5 });
    expect(recipe.defaultNShots).toBe(10);
  });

  it("lm-eval: loglikelihood context and ' ' + ending, 0-shot; its generative form lists the endings", async () => {
    const recipe = hellaswag.recipes.find((candidate) => candidate.name === "lm-eval");
    if (recipe === undefined) throw new Error("no lm-eval recipe");
    expect(recipe.defaultNShots).toBe(0);
    const loaded = await hellaswag.load({ context: context(), nShots: 0, recipe });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    const question =
      "Roof shingle removal: A man is sitting on a roof. he\nA. is using wrap to wrap a pair of skis.\n" +
      "B. is ripping level tiles off.\nC. is holding a rubik's cube.\nD. starts pulling up roofing on a roof.\nAnswer:";
    expect(loaded.buildPrompt(sample, options)).toEqual({ type: "completion", text: question });
    expect(loaded.buildPrompt(sample, { ...options, endpointType: "chat" })).toEqual({
      type: "chat",
      messages: [{ role: "user", content: question }],
    });
  });

  it("reads the original rows when hellaswag_val.jsonl is there: aiperf's raw ctx, lm-eval's capitalised ctx_b", async () => {
    // Item 0 of the shared file as the original jsonl holds it (ctx_a / ctx_b split, raw ctx).
    const directory = mkdtempSync(path.join(os.tmpdir(), "hellaswag-original-"));
    try {
      mkdirSync(path.join(directory, "hellaswag"));
      const row = {
        ind: 24,
        activity_label: "Roof shingle removal",
        ctx_a: "A man is sitting on a roof.",
        ctx_b: "he",
        ctx: "A man is sitting on a roof. he",
        split: "val",
        split_type: "indomain",
        label: 3,
        endings: [
          "is using wrap to wrap a pair of skis.",
          "is ripping level tiles off.",
          "is holding a rubik's cube.",
          "starts pulling up roofing on a roof.",
        ],
        source_id: "activitynet~v_-JhWjGDPHMY",
      };
      writeFileSync(path.join(directory, "hellaswag/hellaswag_val.jsonl"), `${JSON.stringify(row)}\n`);
      const recipe = hellaswag.recipes.find((candidate) => candidate.name === "lm-eval");
      if (recipe === undefined) throw new Error("no lm-eval recipe");
      const loaded = await hellaswag.load({
        context: createLocalDatasetContext(directory),
        nShots: 0,
        recipe,
      });
      const sample = loaded.samples[0];
      if (!sample) throw new Error("missing sample");
      expect(sample.ctx).toBe("A man is sitting on a roof. he");
      expect(loaded.buildLoglikelihood?.(sample, options)).toEqual({
        context: "Roof shingle removal: A man is sitting on a roof. He",
        continuations: [
          " is using wrap to wrap a pair of skis.",
          " is ripping level tiles off.",
          " is holding a rubik's cube.",
          " starts pulling up roofing on a roof.",
        ],
        goldIndex: 3,
      });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("explains that few-shot prompts need the train split", async () => {
    await expect(hellaswag.load({ context: context(), nShots: 10 })).rejects.toThrow(
      /hellaswag_train\.jsonl/,
    );
  });

  it("accepts every gold letter with exact_match", async () => {
    const loaded = await hellaswag.load({ context: context(), nShots: 0 });
    const accepted = loaded.samples.filter(
      (sample) => exactMatch({ response: sample.gold, gold: sample.gold }).isCorrect,
    );
    process.stderr.write(
      `hellaswag: exact_match accepts ${accepted.length}/${loaded.samples.length} gold letters\n`,
    );
    expect(accepted).toHaveLength(loaded.samples.length);
  });
});
