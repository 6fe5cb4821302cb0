// tau_bench on τ-bench's own data (sierra-research/tau-bench@59a200c6, ../shared/data/tau_bench): every test task of
// both domains, its ground-truth actions played by an agent through the real conversation loop (calls as JSON
// arguments, the TypeScript tools on the real databases), reaches reward 1; the same play with its last data change
// left out, or without its required outputs, reaches 0; and whole runs through the oracle mock server (agent and
// user both played by it) report exactly the verdicts the oracle served.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolCall } from "../../core/prompt.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { dumpPythonJson } from "../../graders/python-json.js";
import { isSameData } from "../../graders/tau-bench/python-data.js";
import { TAU_TERMINATE_TOOLS } from "../../graders/tau-bench/tau-domain.js";
import type { TauAction } from "../../graders/tau-bench/tau-task.js";
import { callTauTool } from "../../graders/tau-bench/tau-tool.js";
import { TAU_STOP } from "../../graders/tau-bench/tau-user.js";
import type { LoadedOracleBenchmark } from "../../mock-server/oracle-types.js";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { checkScorerOutput } from "../../runner/score-answer.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import type { SampleSession, TurnAnswer } from "../types.js";
import { tauBench } from "./index.js";
import { runTauConversation } from "./tau-conversation.js";
import type { TauSample } from "./tau-sample.js";

const dataDir = sharedDataDir("tau_bench/retail_tasks_test.json");
if (dataDir === undefined) printSkipReason("tau_bench real-data suite");
const suite = dataDir === undefined ? describe.skip : describe;

const dirs: string[] = [];
const servers: MockServer[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const server of servers) await server.close();
});

const loadReal = async (recipe = "tau-bench") =>
  (
    await tauBench.load({
      context: createDatasetContext({ dataDir: dataDir ?? "", env: {} }),
      nShots: 0,
      recipe: tauBench.recipes.find((each) => each.name === recipe) ?? tauBench.recipes[0],
    })
  ).samples;

/** An agent that makes `actions`' calls one per step, then says `closing`; a user that stops at its words. */
function replaySession(actions: readonly TauAction[], closing: string): SampleSession {
  let step = 0;
  const answer = (response: string, toolCalls?: ToolCall[]): TurnAnswer => ({
    response,
    reasoning: "",
    finishReason: "stop",
    isThinkUnclosed: false,
    ...(toolCalls === undefined ? {} : { toolCalls }),
  });
  let userTurns = 0;
  return {
    async send() {
      const action = actions[step++];
      if (action === undefined) return answer(closing);
      return answer("", [
        { id: `call_${step}`, name: action.name, arguments: dumpPythonJson(action.kwargs, null) },
      ]);
    },
    async sendToUserModel() {
      userTurns++;
      return answer(userTurns === 1 ? "Hi, I need help with my account." : TAU_STOP);
    },
    scorePrompt: () => Promise.reject(new Error("tau-bench scores no tokens")),
  };
}

/** The index of the last ground-truth action that changes the data, or -1 (terminating calls excluded). */
function lastChange(sample: TauSample): number {
  const { tools } = sample.environment;
  let data = sample.environment.data;
  let last = -1;
  sample.tauTask.actions.forEach((action, index) => {
    const tool = tools.get(action.name);
    if (tool === undefined || TAU_TERMINATE_TOOLS.includes(action.name)) return;
    const next = callTauTool(tool, data, action.kwargs).data;
    if (!isSameData(next, data)) last = index;
    data = next;
  });
  return last;
}

async function play(sample: TauSample, actions: readonly TauAction[], closing: string) {
  const output = await runTauConversation(sample, replaySession(actions, closing));
  return checkScorerOutput(output, "tau_bench").grade;
}

suite("tau_bench on τ-bench's data", () => {
  it("plays every test task's ground truth to reward 1, and to 0 without its last change or its outputs", async () => {
    const samples = await loadReal();
    expect(samples.filter((sample) => sample.domain === "retail")).toHaveLength(115);
    expect(samples.filter((sample) => sample.domain === "airline")).toHaveLength(50);
    const unwrongable: string[] = [];
    for (const sample of samples) {
      const { actions, outputs } = sample.tauTask;
      const closing = `Done. ${outputs.join(", ")}`;
      const right = await play(sample, actions, closing);
      expect({ id: sample.id, reason: right.reason }).toEqual({
        id: sample.id,
        reason: expect.stringMatching(/^reward 1: /),
      });
      const change = lastChange(sample);
      if (change === -1 && outputs.length === 0) {
        unwrongable.push(sample.id);
        continue;
      }
      const wrong =
        change === -1
          ? await play(sample, actions, "Done.")
          : await play(
              sample,
              actions.filter((_, index) => index !== change),
              closing,
            );
      expect({ id: sample.id, correct: wrong.isCorrect }).toEqual({ id: sample.id, correct: false });
    }
    // Tasks whose ground truth leaves the data as it was and requires no output: any agent that ends the
    // conversation gets their reward. All but two only read; retail 12's return and 106's exchange fail in
    // τ-bench too (a payment method it refuses, a gift card balance too low).
    const readOnly = {
      retail: [10, 25, 50, 57, 65],
      airline: [12, 13, 15, 17, 18, 21, 24, 29, 35, 36, 37, 38, 39, 40, 41, 42, 47, 48, 49],
    };
    expect(unwrongable.sort()).toEqual(
      [
        ...readOnly.retail.map((index) => `retail/${index}`),
        "retail/12",
        "retail/106",
        ...readOnly.airline.map((index) => `airline/${index}`),
      ].sort(),
    );
  });

  it("reports exactly what the oracle mock server played as agent and user, over both domains", async () => {
    const samples = await loadReal();
    const oracle: LoadedOracleBenchmark = {
      benchmark: tauBench,
      recipe: tauBench.recipes[0],
      samples,
      buildLoglikelihood: undefined,
    };
    const server = await startMockServer({ oracle: { benchmarks: [oracle], accuracy: 0.6, seed: 11 } });
    servers.push(server);
    const outputDir = mkdtempSync(path.join(tmpdir(), "tau-real-"));
    dirs.push(outputDir);
    const outcome = await runBenchmarks(
      {
        benchmarks: ["tau_bench"],
        baseUrl: server.url,
        model: "mock-model",
        dataDir: dataDir ?? "",
        outputDir,
        concurrency: 8,
      },
      { env: {} },
    );
    expect(outcome.status).toBe("completed");
    const verdicts = new Map(server.oracle?.samples().map((record) => [record.id, record.isCorrect]));
    // Two retail tasks share their instruction (93 and 95, the same actions): the user's server cannot tell them
    // apart and plays both as the first.
    expect(verdicts.has("retail/95")).toBe(false);
    const expected = samples.filter((sample) =>
      verdicts.get(sample.id === "retail/95" ? "retail/93" : sample.id),
    ).length;
    const summary = outcome.benchmarks[0]?.summary;
    expect(summary?.overall.correct).toBe(expected);
    expect(summary?.overall.total).toBe(165);
    expect(expected).toBeGreaterThan(60);
    expect(expected).toBeLessThan(140);
  });
});
