// bigbench.load without --data-dir: rows from a fake Hub, few-shot prompt files fetched from a local mirror.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { type FakeHub, startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { fixturesDir, printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { bigbench } from "./index.js";
import { type BbhPromptServer, startBbhPromptServer } from "./test-support/start-bbh-prompt-server.js";
import { writeBbhParquet } from "./test-support/write-bbh-parquet.js";

const dataDir = sharedDataDir("bbh/cot-prompts/boolean_expressions.txt");
if (dataDir === undefined) printSkipReason("bigbench Hub load tests");

let workDir: string;
let hub: FakeHub | undefined;
let prompts: BbhPromptServer | undefined;

beforeEach(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "llm-bench-bbh-hub-"));
});
afterEach(async () => {
  await hub?.close();
  await prompts?.close();
  hub = undefined;
  prompts = undefined;
  await rm(workDir, { recursive: true, force: true });
});

async function start(): Promise<ReturnType<typeof createDatasetContext>> {
  const fixtures = path.join(fixturesDir("bigbench"), "bbh/bbh");
  const parquet = (task: string) => [writeBbhParquet(path.join(fixtures, `${task}.json`), workDir)];
  hub = await startFakeHub({
    datasets: {
      "lukaemon/bbh": {
        boolean_expressions: { test: parquet("boolean_expressions") },
        snarks: { test: parquet("snarks") },
      },
    },
  });
  prompts = await startBbhPromptServer({ directory: path.join(dataDir ?? "", "bbh/cot-prompts") });
  const env = {
    HF_ENDPOINT: hub.endpoint,
    HF_HUB_OFFLINE: "",
    LLM_BENCH_CACHE: path.join(workDir, "cache"),
    LLM_BENCH_BBH_PROMPTS_URL: prompts.url,
  };
  // The prompt files follow the context's environment and cache, like the Hub rows.
  return createDatasetContext({ env });
}

describe.skipIf(dataDir === undefined)("bigbench from the Hub", () => {
  it("fetches the prompt files of the selected tasks only and builds the 3-shot prompt", async () => {
    const context = await start();
    const loaded = await bigbench.load({ context, nShots: 3, tasks: ["snarks", "boolean_expressions"] });
    expect(loaded.samples.map((sample) => sample.id)).toEqual([
      "boolean_expressions/0",
      "boolean_expressions/1",
      "boolean_expressions/2",
      "snarks/0",
      "snarks/1",
    ]);
    expect([...(prompts?.requests ?? [])].sort()).toEqual([
      "/cot-prompts/boolean_expressions.txt",
      "/cot-prompts/snarks.txt",
    ]);
    const sample = loaded.samples[0];
    if (sample === undefined) throw new Error("no sample");
    const prompt = loaded.buildPrompt(sample, {
      endpointType: "completions",
      nShots: 3,
      systemPrompt: undefined,
      cot: false,
    });
    const text = prompt.type === "completion" ? prompt.text : "";
    expect(text.startsWith("Task description: Evaluate the result of a random Boolean expression.\n\n")).toBe(
      true,
    );
    expect(text.match(/^Q: /gm)).toHaveLength(4);
    expect(
      text.endsWith(`Q: ${sample.input}\nA: \n\nOutput 'True' or 'False'. Full answer not needed.`),
    ).toBe(true);
  });

  it("fetches the prompt file at 0 shots too: the task description opens every prompt", async () => {
    const context = await start();
    const loaded = await bigbench.load({ context, nShots: 0, tasks: ["boolean_expressions"] });
    expect(loaded.samples).toHaveLength(3);
    expect(prompts?.requests).toEqual(["/cot-prompts/boolean_expressions.txt"]);
    const sample = loaded.samples[0];
    if (sample === undefined) throw new Error("no sample");
    const prompt = loaded.buildPrompt(sample, {
      endpointType: "completions",
      nShots: 0,
      systemPrompt: undefined,
      cot: false,
    });
    expect(prompt.type === "completion" && prompt.text).toBe(
      `Task description: Evaluate the result of a random Boolean expression.\n\nQ: ${sample.input}\nA: \n\n` +
        "Output 'True' or 'False'. Full answer not needed.",
    );
  });
});
