// MMLU-Pro on the shared parquet files (skipped when absent): counts, golden prompts of both recipes, gold acceptance.
import { describe, expect, it } from "vitest";
import { mmluProApiExtract, mmluProExtract } from "../../graders/mmlu-pro-extract.js";
import { resolveDefaultParams } from "../resolve-default-params.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { MMLU_PRO_CATEGORIES, mmluPro } from "./index.js";
import { readMmluProRows } from "./read-mmlu-pro-rows.js";

const dataDir = sharedDataDir("mmlu_pro/validation.parquet");
if (dataDir === undefined) printSkipReason("mmlu_pro real-data tests");

describe.skipIf(dataDir === undefined)("mmlu_pro on the shared data", () => {
  const context = () => createLocalDatasetContext(dataDir);

  it("loads 12,032 test questions in 14 categories and 5 CoT exemplars per category", async () => {
    const loaded = await mmluPro.load({ context: context(), nShots: 5 });
    expect(loaded.samples).toHaveLength(12_032);
    expect(new Set(loaded.samples.map((sample) => sample.task))).toEqual(new Set(MMLU_PRO_CATEGORIES));
    expect(Math.max(...loaded.samples.map((sample) => sample.choices.length))).toBe(10);
    const validation = await readMmluProRows(context(), "validation");
    expect(validation).toHaveLength(70);
    expect(validation.some((row) => row.options.includes("N/A"))).toBe(false);
    for (const category of MMLU_PRO_CATEGORIES) {
      expect(validation.filter((row) => row.category === category)).toHaveLength(5);
    }
  });

  // Goldens: evaluate_from_local.py's `generate_cot_prompt` and evaluate_from_api.py's `format_example` run in
  // Python 3 at TIGER-AI-Lab/MMLU-Pro@f418b116db00b065c2aea046518d8fcf74d39872 on these rows (168 prompts — two
  // questions per category, 0, 1 and 5 shots, both scripts — all matched when this was written).
  it("tiger: initial_prompt.txt + the script's newline (four in all), the question ends 'Answer: Let's think step by step.'", async () => {
    const recipe = mmluPro.recipes[0];
    expect(recipe.name).toBe("tiger");
    const loaded = await mmluPro.load({ context: context(), nShots: 1, tasks: ["business"], recipe });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    expect(sample).toMatchObject({ id: "70", gold: "I" });
    const text =
      'The following are multiple choice questions (with answers) about business. Think step by step and then finish your answer with "the answer is (X)" where X is the correct letter choice.\n\n\n\n' +
      "Question:\nIn contrast to _______, _______ aim to reward favourable behaviour by companies. The success of such campaigns have been heightened through the use of ___________, which allow campaigns to facilitate the company in achieving _________ .\n" +
      "Options:\nA. Boycotts, Buyalls, Blockchain technology, Increased Sales\nB. Buycotts, Boycotts, Digital technology, Decreased Sales\n" +
      "C. Boycotts, Buycotts, Digital technology, Decreased Sales\nD. Buycotts, Boycotts, Blockchain technology, Charitable donations\n" +
      "E. Boycotts, Buyalls, Blockchain technology, Charitable donations\nF. Boycotts, Buycotts, Digital technology, Increased Sales\n" +
      "G. Buycotts, Boycotts, Digital technology, Increased Sales\nH. Boycotts, Buycotts, Physical technology, Increased Sales\n" +
      "I. Buycotts, Buyalls, Blockchain technology, Charitable donations\nJ. Boycotts, Buycotts, Blockchain technology, Decreased Sales\n" +
      "Answer: Let's think step by step. We refer to Wikipedia articles on business ethics for help. The sentence that best uses the possible options above is __n contrast to *boycotts*, *buycotts* aim to reward favourable behavior by companies. The success of such campaigns have been heightened through the use of *digital technology*, which allow campaigns to facilitate the company in achieving *increased sales*._ The answer is (F).\n\n" +
      "Question:\nTypical advertising regulatory bodies suggest, for example that adverts must not: encourage _________, cause unnecessary ________ or _____, and must not cause _______ offence.\n" +
      "Options:\nA. Safe practices, Fear, Jealousy, Trivial\nB. Unsafe practices, Distress, Joy, Trivial\nC. Safe practices, Wants, Jealousy, Trivial\n" +
      "D. Safe practices, Distress, Fear, Trivial\nE. Unsafe practices, Wants, Jealousy, Serious\nF. Safe practices, Distress, Jealousy, Serious\n" +
      "G. Safe practices, Wants, Fear, Serious\nH. Unsafe practices, Wants, Fear, Trivial\nI. Unsafe practices, Distress, Fear, Serious\n" +
      "Answer: Let's think step by step.";
    const options = { nShots: 1, systemPrompt: undefined, cot: true };
    expect(loaded.buildPrompt(sample, { ...options, endpointType: "completions" })).toEqual({
      type: "completion",
      text,
    });
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
    for (const endpoint of ["chat", "completions"] as const) {
      expect(resolveDefaultParams(recipe, endpoint)).toEqual({ maxTokens: 2048, stop: ["Question:"] });
    }
    expect(recipe.grader).toBe("mmlu_pro_extract");
  });

  it("tiger-api: its instruction, 'Question: ' and 'Options: A. …' on one line, '\\n\\n' after the question", async () => {
    const recipe = mmluPro.recipes.find((candidate) => candidate.name === "tiger-api");
    if (recipe === undefined) throw new Error("no tiger-api recipe");
    const loaded = await mmluPro.load({ context: context(), nShots: 5, tasks: ["business"], recipe });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    const text =
      'The following are multiple choice questions (with answers) about business. Think step by step and then output the answer in the format of "The answer is (X)" at the end.\n\n' +
      "Question: In contrast to _______, _______ aim to reward favourable behaviour by companies. The success of such campaigns have been heightened through the use of ___________, which allow campaigns to facilitate the company in achieving _________ .\n" +
      "Options: A. Boycotts, Buyalls, Blockchain technology, Increased Sales\nB. Buycotts, Boycotts, Digital technology, Decreased Sales\n" +
      "C. Boycotts, Buycotts, Digital technology, Decreased Sales\nD. Buycotts, Boycotts, Blockchain technology, Charitable donations\n" +
      "E. Boycotts, Buyalls, Blockchain technology, Charitable donations\nF. Boycotts, Buycotts, Digital technology, Increased Sales\n" +
      "G. Buycotts, Boycotts, Digital technology, Increased Sales\nH. Boycotts, Buycotts, Physical technology, Increased Sales\n" +
      "I. Buycotts, Buyalls, Blockchain technology, Charitable donations\nJ. Boycotts, Buycotts, Blockchain technology, Decreased Sales\n" +
      "Answer: Let's think step by step. We refer to Wikipedia articles on business ethics for help. The sentence that best uses the possible options above is __n contrast to *boycotts*, *buycotts* aim to reward favourable behavior by companies. The success of such campaigns have been heightened through the use of *digital technology*, which allow campaigns to facilitate the company in achieving *increased sales*._ The answer is (F).\n\n" +
      "Question: Typical advertising regulatory bodies suggest, for example that adverts must not: encourage _________, cause unnecessary ________ or _____, and must not cause _______ offence.\n" +
      "Options: A. Safe practices, Fear, Jealousy, Trivial\nB. Unsafe practices, Distress, Joy, Trivial\nC. Safe practices, Wants, Jealousy, Trivial\n" +
      "D. Safe practices, Distress, Fear, Trivial\nE. Unsafe practices, Wants, Jealousy, Serious\nF. Safe practices, Distress, Jealousy, Serious\n" +
      "G. Safe practices, Wants, Fear, Serious\nH. Unsafe practices, Wants, Fear, Trivial\nI. Unsafe practices, Distress, Fear, Serious\n" +
      "Answer: Let's think step by step.\n\n";
    const options = { nShots: 1, systemPrompt: undefined, cot: true };
    expect(loaded.buildPrompt(sample, { ...options, endpointType: "chat" })).toEqual({
      type: "chat",
      messages: [{ role: "user", content: text }],
    });
    expect(
      loaded.buildPrompt(sample, { ...options, endpointType: "completions", systemPrompt: "SYS" }),
    ).toEqual({
      type: "completion",
      text: `SYS\n\n${text}`,
    });
    const five = loaded.buildPrompt(sample, { ...options, nShots: 5, endpointType: "completions" });
    expect(five.type === "completion" && five.text.match(/^Question: /gm)).toHaveLength(6);
    expect(resolveDefaultParams(recipe, "chat")).toEqual({
      maxTokens: 4000,
      extraBody: { top_p: 1, frequency_penalty: 0, presence_penalty: 0 },
    });
    expect(recipe.grader).toBe("mmlu_pro_api_extract");
  });

  it("accepts every gold letter in the official 'The answer is (X)' phrasing (A–J), with both extraction chains", async () => {
    const loaded = await mmluPro.load({ context: context(), nShots: 0 });
    let accepted = 0;
    for (const sample of loaded.samples) {
      const response = `Reasoning. The answer is (${sample.gold}).`;
      const local = mmluProExtract({ gold: sample.gold, response });
      const api = mmluProApiExtract({ gold: sample.gold, response: `**${response}**` });
      const bare = mmluProExtract({ gold: sample.gold, response: sample.gold });
      if (local.isCorrect && api.isCorrect && bare.isCorrect) accepted++;
    }
    process.stderr.write(
      `mmlu_pro: mmlu_pro_extract accepts ${accepted}/${loaded.samples.length} gold answers\n`,
    );
    expect(accepted).toBe(loaded.samples.length);
  });
});
