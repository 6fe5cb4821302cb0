// MMLU-Pro's `tiger` prompt token budget on the real data with a real tokenizer: the in-process llama.cpp model
// (Llama-2's 32k SentencePiece vocabulary, random weights) counts the tokens, and `run` sends each history question
// with the most shots whose prompt stays under 2,048 tokens, as evaluate_from_local.py's `eval_cot` does.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createLocalLlamaBackend,
  type LocalLlamaBackend,
} from "../backends/local-llama/create-local-llama-backend.js";
import { NO_TEMPLATE_MODEL, sharedModelPath } from "../backends/local-llama/test-support/shared-models.js";
import { mmluPro } from "../benchmarks/mmlu_pro/index.js";
import { createLocalDatasetContext } from "../benchmarks/test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../benchmarks/test-support/shared-data-dir.js";
import { runBenchmarks } from "./run-benchmarks.js";

const modelPath = sharedModelPath(NO_TEMPLATE_MODEL, "mmlu_pro shot budget on a real tokenizer");
const dataDir = sharedDataDir("mmlu_pro/validation.parquet");
if (dataDir === undefined) printSkipReason("mmlu_pro shot budget on a real tokenizer");

/** `Question:` opens every shot and the question: the prompt's shot count is one fewer. */
const shotsIn = (text: string) => text.split("Question:\n").length - 2;

describe.skipIf(modelPath === undefined || dataDir === undefined)("run mmlu_pro --recipe tiger", () => {
  let backend: LocalLlamaBackend;
  beforeAll(async () => {
    backend = createLocalLlamaBackend({ modelPath, parallel: 1, contextSize: 4096, threads: 1 });
    await backend.load();
  });
  afterAll(async () => {
    await backend?.close();
  });

  it("sends each prompt with the most shots that keep it under 2,048 tokens, and records how many were cut", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "shot-budget-"));
    const outcome = await runBenchmarks(
      {
        benchmarks: ["mmlu_pro"],
        recipe: ["tiger"],
        tasks: ["history", "math"],
        limit: 6,
        maxTokens: 1,
        endpointType: "completions",
        model: "llama-2-tiny-random",
        dataDir,
        outputDir,
        concurrency: 1,
      },
      { backend, env: {} },
    );
    expect(outcome.status).toBe("completed");
    const runDir = outcome.runDir;
    const manifest = JSON.parse(readFileSync(join(runDir, "run.json"), "utf8")) as {
      benchmarks: { shot_budget?: { is_applied: boolean; samples_with_fewer_shots: number } }[];
    };
    const records = readFileSync(join(runDir, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; task: string; prompt: { text: string } });
    expect(records).toHaveLength(6);

    const count = async (text: string) => {
      const tokens = await backend.tokenize?.(text, { addSpecialTokens: true });
      if (tokens === undefined) throw new Error("the local backend must tokenize");
      return tokens.length;
    };
    const loaded = await mmluPro.load({
      context: createLocalDatasetContext(dataDir),
      nShots: 5,
      recipe: mmluPro.recipes[0],
    });
    let cut = 0;
    for (const record of records) {
      const shown = shotsIn(record.prompt.text);
      expect(await count(record.prompt.text)).toBeLessThanOrEqual(2047);
      if (shown === 5) continue;
      cut++;
      // One shot more would not have fitted.
      const sample = loaded.samples.find((candidate) => candidate.id === record.id);
      if (sample === undefined) throw new Error(`no sample ${record.id}`);
      const options = {
        endpointType: "completions",
        nShots: shown + 1,
        systemPrompt: undefined,
        cot: false,
      } as const;
      const longer = loaded.buildPrompt(sample, options);
      expect(await count(longer.type === "completion" ? longer.text : "")).toBeGreaterThan(2047);
    }
    // History's chain-of-thought shots are long: its questions lose shots; math's short ones keep all five.
    expect(
      records
        .filter((record) => record.task === "history")
        .every((record) => shotsIn(record.prompt.text) < 5),
    ).toBe(true);
    expect(
      records.filter((record) => record.task === "math").every((record) => shotsIn(record.prompt.text) === 5),
    ).toBe(true);
    expect(manifest.benchmarks[0]?.shot_budget).toEqual({
      max_prompt_tokens: 2047,
      is_applied: true,
      samples_with_fewer_shots: cut,
    });
  });
});
