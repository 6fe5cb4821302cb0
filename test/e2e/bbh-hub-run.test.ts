// `llm-bench run bbh` with no --data-dir: rows from a fake Hub, the 3-shot prompt files downloaded once from a
// local mirror of BIG-Bench-Hard's cot-prompts (LLM_BENCH_BBH_PROMPTS_URL), then reused offline from the cache.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BbhPromptServer,
  startBbhPromptServer,
} from "../../src/benchmarks/bigbench/test-support/start-bbh-prompt-server.js";
import { writeBbhParquet } from "../../src/benchmarks/bigbench/test-support/write-bbh-parquet.js";
import { type FakeHub, startFakeHub } from "../../src/datasets/test-support/fake-hub-server.js";
import { type MockServerProcess, runCli, sharedData, startMockServerProcess } from "./support/cli.js";
import { runDirNames } from "./support/run-dir.js";

const TASK = "boolean_expressions";
const hasBbh =
  existsSync(join(sharedData, "bbh/bbh", `${TASK}.json`)) &&
  existsSync(join(sharedData, "bbh/cot-prompts", `${TASK}.txt`));
if (!hasBbh) console.log(`[e2e] no BBH files under ${sharedData}: the bbh Hub run test is skipped.`);

interface JournalLine {
  id: string;
  prompt: { type: string; text?: string; messages?: { role: string; content: string }[] };
  is_correct: boolean | null;
}

describe.skipIf(!hasBbh)("run bbh without --data-dir", () => {
  let hub: FakeHub;
  let prompts: BbhPromptServer;
  let server: MockServerProcess;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "bbh-hub-files-"));
    hub = await startFakeHub({
      datasets: {
        "lukaemon/bbh": {
          [TASK]: { test: [writeBbhParquet(join(sharedData, "bbh/bbh", `${TASK}.json`), dir)] },
        },
      },
    });
    prompts = await startBbhPromptServer({ directory: join(sharedData, "bbh/cot-prompts") });
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.5",
      "--oracle-benchmarks",
      "bigbench",
      "--data-dir",
      sharedData,
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    await hub?.close();
    await prompts?.close();
  });

  it("downloads the prompt file once, sends 3-shot prompts, reports the oracle's accuracy, then runs offline", async () => {
    const cache = mkdtempSync(join(tmpdir(), "bbh-cache-"));
    const outputDir = mkdtempSync(join(tmpdir(), "bbh-run-"));
    const env = {
      HF_ENDPOINT: hub.endpoint,
      HF_HUB_OFFLINE: "",
      LLM_BENCH_CACHE: cache,
      LLM_BENCH_BBH_PROMPTS_URL: prompts.url,
    };
    const args = ["run", "bbh", "--tasks", TASK, "--limit", "5", "--base-url", server.url];
    const online = await runCli([...args, "--output-dir", outputDir], { env });
    expect(online.stderr).not.toMatch(/internal error/);
    expect(online.code).toBe(0);
    expect(prompts.requests).toEqual([`/cot-prompts/${TASK}.txt`]);

    const [runDir] = runDirNames(outputDir);
    const journal = readFileSync(join(outputDir, runDir ?? "", "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as JournalLine);
    expect(journal).toHaveLength(5);
    for (const line of journal) {
      const text =
        line.prompt.text ?? line.prompt.messages?.map((message) => message.content).join("\n") ?? "";
      expect(text).toMatch(/^Task description: Evaluate the result of a random Boolean expression\.\n\n/);
      // The default recipe (deepeval, CoT): three worked exemplars, the question, DeepEval's confinement line.
      expect(text.match(/^Q: /gm)).toHaveLength(4);
      expect(text.match(/^A: Let's think step by step\./gm)).toHaveLength(3);
      expect(text).toMatch(/\nA: \n\nOutput 'True' or 'False'\. Full answer not needed\.$/);
    }
    const stats = await server.stats();
    const served = stats.benchmarks["bigbench"];
    expect(served?.served).toBe(5);
    const result = JSON.parse(readFileSync(join(outputDir, runDir ?? "", "bigbench.json"), "utf8")) as {
      num_samples: number;
      num_correct: number;
      accuracy: number;
    };
    expect(result.num_samples).toBe(5);
    expect(result.num_correct).toBe(served?.correct);
    expect(result.accuracy).toBeCloseTo((served?.correct ?? -1) / 5, 9);

    const offline = await runCli([...args, "--output-dir", outputDir], {
      env: { ...env, HF_HUB_OFFLINE: "1", LLM_BENCH_BBH_PROMPTS_URL: "http://127.0.0.1:9/cot-prompts" },
    });
    expect(offline.stderr).not.toMatch(/internal error/);
    expect(offline.code).toBe(0);
    expect(prompts.requests).toHaveLength(1);
  });

  it("offline with an empty cache names the missing prompt file and the two ways out", async () => {
    const cache = mkdtempSync(join(tmpdir(), "bbh-empty-cache-"));
    const result = await runCli(["run", "bbh", "--tasks", TASK, "--base-url", server.url], {
      env: { HF_ENDPOINT: hub.endpoint, HF_HUB_OFFLINE: "1", LLM_BENCH_CACHE: cache },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cot-prompts\/boolean_expressions\.txt/);
    expect(result.stderr).toMatch(/Run once online/);
    expect(result.stderr).toMatch(/--data-dir/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
