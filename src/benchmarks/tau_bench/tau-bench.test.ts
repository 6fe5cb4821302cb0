// tau_bench on synthetic data in τ-bench's schema (fixtures/): loading, the real conversation loop and its reward
// against scripted agents and users, the spec's simulated mode, and whole runs through the oracle mock server
// (both agent and user played by it, a user model on a server of its own, pass^k over trials).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ChatMessage, ToolCall } from "../../core/prompt.js";
import { sampleRecordSchema } from "../../core/sample-record.js";
import { ConfigError } from "../../errors.js";
import { TAU_STOP, TAU_USER_OPENING } from "../../graders/tau-bench/tau-user.js";
import type { LoadedOracleBenchmark } from "../../mock-server/oracle-types.js";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { gradeResponses } from "../../runner/grade-responses.js";
import { readPregeneratedResponses } from "../../runner/read-pregenerated-responses.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { checkScorerOutput } from "../../runner/score-answer.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { SampleSession, TurnAnswer } from "../types.js";
import { tauBench } from "./index.js";
import { runTauConversation, TAU_MAX_STEPS } from "./tau-conversation.js";
import type { TauSample } from "./tau-sample.js";
import { runSimulatedTau, simulatedToolResult } from "./tau-simulated.js";

const dirs: string[] = [];
const servers: MockServer[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const server of servers) await server.close();
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

const FIXTURES = fixturesDir("tau_bench");
const recipeNamed = (name: string) => {
  const recipe = tauBench.recipes.find((each) => each.name === name);
  if (recipe === undefined) throw new Error(name);
  return recipe;
};
const loadFixtures = async (recipe = "tau-bench", tasks?: string[]) =>
  tauBench.load({
    context: createLocalDatasetContext(FIXTURES),
    nShots: 0,
    recipe: recipeNamed(recipe),
    ...(tasks === undefined ? {} : { tasks }),
  });
const sampleById = async (id: string): Promise<TauSample> => {
  const sample = (await loadFixtures()).samples.find((each) => each.id === id);
  if (sample === undefined) throw new Error(id);
  return sample;
};

/** One scripted agent turn: a call (name, JSON arguments) or a message to the user. */
type AgentTurn = { call: string; arguments: string } | { say: string };

/** A session whose agent and user answer from scripts, recording what each side was sent. */
function scriptedSession(agent: readonly AgentTurn[], user: readonly string[]) {
  const agentSent: ChatMessage[][] = [];
  const userSent: ChatMessage[][] = [];
  const answer = (response: string, toolCalls?: ToolCall[]): TurnAnswer => ({
    response,
    reasoning: "",
    finishReason: toolCalls === undefined ? "stop" : "tool-calls",
    isThinkUnclosed: false,
    ...(toolCalls === undefined ? {} : { toolCalls }),
  });
  const session: SampleSession = {
    async send(messages) {
      agentSent.push(messages.map((message) => ({ ...message })));
      const turn = agent[agentSent.length - 1] ?? { say: "Anything else?" };
      if ("say" in turn) return answer(turn.say);
      return answer("", [{ id: `call_${agentSent.length}`, name: turn.call, arguments: turn.arguments }]);
    },
    async sendToUserModel(messages) {
      userSent.push(messages.map((message) => ({ ...message })));
      return answer(user[userSent.length - 1] ?? TAU_STOP);
    },
    scorePrompt: () => Promise.reject(new Error("tau-bench scores no tokens")),
  };
  return { session, agentSent, userSent };
}

const CANCEL_ORDER: AgentTurn[] = [
  {
    call: "find_user_id_by_name_zip",
    arguments: '{"first_name": "Ada", "last_name": "Moss", "zip": "62701"}',
  },
  { call: "get_order_details", arguments: '{"order_id": "#W1000001"}' },
  { call: "cancel_pending_order", arguments: '{"order_id": "#W1000001", "reason": "no longer needed"}' },
  { say: "Your order #W1000001 is cancelled." },
];

async function converse(
  id: string,
  agent: readonly AgentTurn[],
  user: readonly string[] = ["Hi, cancel my order."],
) {
  const sample = await sampleById(id);
  const scripted = scriptedSession(agent, user);
  const output = await runTauConversation(sample, scripted.session);
  return { ...scripted, output, scored: checkScorerOutput(output, "tau_bench") };
}

describe("tau_bench: loading", () => {
  it("reads each domain's test tasks in τ-bench's order, the domain as the task, and offers the domain's tools", async () => {
    const loaded = await loadFixtures();
    expect(loaded.samples.map((sample) => [sample.id, sample.task])).toEqual([
      ["retail/0", "retail"],
      ["retail/1", "retail"],
      ["airline/0", "airline"],
      ["airline/1", "airline"],
    ]);
    const [first] = loaded.samples;
    expect(first?.gold).toBe("actions: find_user_id_by_name_zip, get_order_details, cancel_pending_order");
    expect(loaded.samples[1]?.gold).toBe(
      'actions: find_user_id_by_email, get_order_details; outputs: "12.0"',
    );
    expect(loaded.tools?.(first as TauSample)?.map((tool) => tool.function.name)).toContain(
      "cancel_pending_order",
    );
    const prompt = loaded.buildPrompt(first as TauSample, {
      endpointType: "chat",
      nShots: 0,
      systemPrompt: undefined,
      cot: false,
    });
    expect(prompt).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: readFileSync(path.join(FIXTURES, "tau_bench", "retail_wiki.md"), "utf8") },
        { role: "user", content: first?.tauTask.instruction },
      ],
    });
    expect((await loadFixtures("tau-bench", ["airline"])).samples.map((sample) => sample.id)).toEqual([
      "airline/0",
      "airline/1",
    ]);
  });

  it("refuses a tool schema the run cannot execute, and a task that is not τ-bench's shape", async () => {
    const dir = tempDir("tau-bad-");
    const { cpSync, writeFileSync } = await import("node:fs");
    cpSync(FIXTURES, dir, { recursive: true });
    const tools = path.join(dir, "tau_bench", "retail_tools.json");
    const schemas = JSON.parse(readFileSync(tools, "utf8")) as { function: { name: string } }[];
    writeFileSync(
      tools,
      JSON.stringify([...schemas, { type: "function", function: { name: "refund_everything" } }]),
    );
    const load = () =>
      tauBench.load({ context: createLocalDatasetContext(dir), nShots: 0, tasks: ["retail"] });
    await expect(load()).rejects.toThrow(
      /retail_tools\.json: offers refund_everything, which is not a retail tool/,
    );
    writeFileSync(tools, JSON.stringify(schemas));
    writeFileSync(
      path.join(dir, "tau_bench", "retail_tasks_test.json"),
      '[{"user_id": "x", "instruction": 3}]',
    );
    await expect(load()).rejects.toThrow(/retail_tasks_test\.json: task 0: "instruction" must be a string/);
  });
});

describe("tau_bench: one real conversation", () => {
  it("gives reward 1 to the ground-truth actions and the user's stop, with the conversation in details", async () => {
    const { output, scored, agentSent, userSent } = await converse("retail/0", CANCEL_ORDER);
    expect(scored.grade.isCorrect).toBe(true);
    expect(scored.grade.reason).toBe(
      "reward 1: the user ended the conversation; the database and the outputs are as the task's",
    );
    // The user model saw τ-bench's prompt and opening, then the agent's words as "user" messages.
    expect(userSent[0]?.map((message) => message.role)).toEqual(["system", "user"]);
    expect(userSent[0]?.[1]?.content).toBe(TAU_USER_OPENING);
    expect(userSent[1]?.at(-1)).toEqual({ role: "user", content: "Your order #W1000001 is cancelled." });
    // The agent: the policy, the user's first line, then each call and its result as a tool message.
    const last = agentSent.at(-1) ?? [];
    expect(last.slice(0, 2).map((message) => message.role)).toEqual(["system", "user"]);
    expect(last[1]?.content).toBe("Hi, cancel my order.");
    expect(last.filter((message) => message.role === "tool").map((message) => message.toolCallId)).toEqual([
      "call_1",
      "call_2",
      "call_3",
    ]);
    const details = output["details"] as Record<string, unknown>;
    expect(details["ended_by"]).toBe("user_stop");
    expect(details["database_correct"]).toBe(true);
    expect((details["calls"] as { name: string }[]).map((call) => call.name)).toEqual([
      "find_user_id_by_name_zip",
      "get_order_details",
      "cancel_pending_order",
    ]);
    expect((details["conversation"] as ChatMessage[]).at(-1)).toEqual({ role: "user", content: TAU_STOP });
  });

  it("gives reward 0 to a wrong action (another cancel reason) and to a missing output", async () => {
    const wrong = CANCEL_ORDER.map((turn) =>
      "call" in turn && turn.call === "cancel_pending_order"
        ? { call: turn.call, arguments: '{"order_id": "#W1000001", "reason": "ordered by mistake"}' }
        : turn,
    );
    const { scored } = await converse("retail/0", wrong);
    expect(scored.grade.isCorrect).toBe(false);
    expect(scored.grade.reason).toBe(
      "reward 0: the user ended the conversation; the database differs from the ground truth's",
    );
    const silent = await converse("retail/1", [{ say: "You paid for it with a gift card." }]);
    expect(silent.scored.grade.reason).toBe('reward 0: the user ended the conversation; never said "12.0"');
    // Said, in any case and with thousands commas removed as τ-bench does: right (no data change asked).
    const said = await converse("retail/1", [{ say: "The mug cost $12.0 in total." }]);
    expect(said.scored.grade.isCorrect).toBe(true);
  });

  it("runs only the first call of an answer, answers an unknown tool, and ends on a transfer to a human", async () => {
    const { output, scored } = await converse("retail/0", [
      { call: "refund_everything", arguments: "{}" },
      { call: "transfer_to_human_agents", arguments: '{"summary": "wants a refund"}' },
    ]);
    const details = output["details"] as { calls: { name: string; output: string }[]; ended_by: string };
    expect(details.calls[0]?.output).toBe("Unknown action refund_everything");
    expect(details.ended_by).toBe("terminate_tool");
    expect(scored.grade.reason).toMatch(/^reward 0: transferred to a human agent; the database differs/);
  });

  it("scores 0 a conversation still going after 30 agent steps, and one whose call arguments are not JSON", async () => {
    const looping = Array.from({ length: TAU_MAX_STEPS + 5 }, () => ({
      call: "get_order_details",
      arguments: '{"order_id": "#W1000001"}',
    }));
    const long = await converse("retail/0", looping);
    expect(long.agentSent).toHaveLength(TAU_MAX_STEPS);
    expect(long.scored.grade.reason).toBe("reward 0: the conversation did not end within 30 agent steps");
    const broken = await converse("retail/0", [{ call: "get_order_details", arguments: '{"order_id": ' }]);
    expect(broken.scored.grade.reason).toMatch(/^reward 0: the arguments of get_order_details are not JSON/);
  });

  it("shows a failed tool call to the agent as τ-bench's `Error: …` and goes on", async () => {
    const { output } = await converse("retail/0", [
      { call: "get_order_details", arguments: '{"order_id": "#W9"}' },
      { call: "get_order_details", arguments: "{}" },
    ]);
    const calls = (output["details"] as { calls: { output: string }[] }).calls;
    expect(calls.map((call) => call.output)).toEqual([
      "Error: order not found",
      "Error: GetOrderDetails.invoke() missing 1 required positional argument: 'order_id'",
    ]);
  });
});

describe("tau_bench: the spec's simulated mode", () => {
  it("answers every call `Executed <name>` and is right when the names called are the actions', in order", async () => {
    const [sample] = (await loadFixtures("spec")).samples;
    if (sample === undefined) throw new Error("no sample");
    const scripted = scriptedSession(CANCEL_ORDER, []);
    const output = await runSimulatedTau(sample, scripted.session);
    expect(checkScorerOutput(output, "spec").grade.isCorrect).toBe(true);
    expect(scripted.agentSent[0]?.[1]).toEqual({ role: "user", content: sample.tauTask.instruction });
    expect(scripted.agentSent[1]?.at(-1)?.content).toBe(
      '{"status": "success", "result": "Executed find_user_id_by_name_zip"}',
    );
    expect(simulatedToolResult("x")).toBe('{"status": "success", "result": "Executed x"}');
    const skipped = scriptedSession([CANCEL_ORDER[0] as AgentTurn, CANCEL_ORDER[2] as AgentTurn], []);
    const wrong = checkScorerOutput(await runSimulatedTau(sample, skipped.session), "spec");
    expect(wrong.grade.reason).toBe("call 2 was cancel_pending_order, expected get_order_details");
  });
});

describe("tau_bench: grade of saved conversations", () => {
  it("replays every request of a conversation, the user's and the agent's calls, in order", async () => {
    const dir = tempDir("tau-grade-");
    const responses = path.join(dir, "responses.jsonl");
    const call = (name: string, args: Record<string, string>) => ({
      tool_calls: [{ name, arguments: args }],
    });
    writeFileSync(
      responses,
      [
        {
          id: "retail/0",
          responses: [
            "Hi, I want to cancel an order.",
            call("find_user_id_by_name_zip", { first_name: "Ada", last_name: "Moss", zip: "62701" }),
            call("get_order_details", { order_id: "#W1000001" }),
            call("cancel_pending_order", { order_id: "#W1000001", reason: "no longer needed" }),
            "It is cancelled.",
            TAU_STOP,
          ],
        },
        { id: "retail/1", responses: ["How much was my mug?", "I cannot tell.", TAU_STOP] },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    );
    const result = await gradeResponses(
      { benchmarks: ["tau_bench"], dataDir: FIXTURES, outputDir: dir },
      readPregeneratedResponses(responses),
      { env: {} },
    );
    expect(result.summary.overall).toMatchObject({ correct: 1, total: 2 });
    const journal = readFileSync(path.join(result.runDir, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(journal.map((record) => [record.id, record.grade_reason])).toEqual([
      [
        "retail/0",
        "reward 1: the user ended the conversation; the database and the outputs are as the task's",
      ],
      ["retail/1", 'reward 0: the user ended the conversation; never said "12.0"'],
    ]);
  });
});

describe("tau_bench: runs through the oracle mock server", () => {
  async function oracleServer(recipe: string, accuracy: number, model?: string): Promise<MockServer> {
    const loaded = await loadFixtures(recipe);
    const oracle: LoadedOracleBenchmark = {
      benchmark: tauBench,
      recipe: recipeNamed(recipe),
      samples: loaded.samples,
      buildLoglikelihood: undefined,
    };
    const server = await startMockServer({
      oracle: { benchmarks: [oracle], accuracy, seed: 7 },
      ...(model === undefined ? {} : { model }),
    });
    servers.push(server);
    return server;
  }

  const run = (server: MockServer, extra: Record<string, unknown> = {}) =>
    runBenchmarks(
      {
        benchmarks: ["tau_bench"],
        baseUrl: server.url,
        model: "mock-model",
        dataDir: FIXTURES,
        outputDir: tempDir("tau-run-"),
        concurrency: 2,
        ...extra,
      },
      { env: {} },
    );

  it("reports exactly the verdicts the oracle played (agent and user), each turn journalled by party", async () => {
    const server = await oracleServer("tau-bench", 0.5);
    const outcome = await run(server);
    const served = server.oracle?.stats().benchmarks["tau_bench"];
    expect(outcome.status).toBe("completed");
    expect(served?.uniqueSamples).toBe(4);
    expect(outcome.benchmarks[0]?.summary.overall.correct).toBe(served?.uniqueCorrect);
    expect(served?.uniqueCorrect).toBeGreaterThan(0);
    expect(served?.uniqueCorrect).toBeLessThan(4);
    const records = readFileSync(path.join(outcome.runDir, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => sampleRecordSchema.parse(JSON.parse(line)));
    for (const record of records) {
      const parties = record.turns?.map((turn) => turn.party ?? "model") ?? [];
      // The user opens and closes; the agent's calls and last words between.
      expect(parties[0]).toBe("user_model");
      expect(parties.at(-1)).toBe("user_model");
      expect(parties.filter((party) => party === "model").length).toBeGreaterThan(1);
      // Each request is a prefix of the saved conversation (the agent's) or of the user's side.
      const conversation = record.details?.["conversation"] as ChatMessage[];
      const userSide = record.details?.["user_conversation"] as ChatMessage[];
      for (const turn of record.turns ?? []) {
        const side = turn.party === "user_model" ? userSide : conversation;
        expect(turn.messages).toBeLessThan(side.length);
      }
      const lastAgentTurn = record.turns?.filter((turn) => turn.party === undefined).at(-1);
      expect(record.prompt).toEqual({
        type: "chat",
        messages: conversation.slice(0, lastAgentTurn?.messages),
      });
    }
  });

  it("plays the user on a server of its own with --user-model/--user-base-url, and reports pass^k over --num-trials", async () => {
    const agent = await oracleServer("tau-bench", 1);
    const user = await oracleServer("tau-bench", 1, "user-mock");
    // A model the user's server does not serve is refused before anything is sent.
    await expect(run(agent, { userModel: "gpt-4o", userBaseUrl: user.url })).rejects.toThrow(/gpt-4o/);
    const outcome = await run(agent, {
      userModel: "user-mock",
      userBaseUrl: user.url,
      samplesPerTask: 3,
      tasks: ["retail"],
    });
    expect(outcome.benchmarks[0]?.summary.overall.correct).toBe(6);
    // Each conversation: the user's two lines on its server, the agent's four and three requests on the other.
    expect(user.oracle?.stats().benchmarks["tau_bench"]?.served).toBe(2 * 2 * 3);
    expect(agent.oracle?.stats().benchmarks["tau_bench"]?.served).toBe((4 + 3) * 3);
    const result = JSON.parse(readFileSync(path.join(outcome.runDir, "tau_bench.json"), "utf8"));
    expect(result.pass_at_k.pass_hat_k["pass^3"].mean).toBe(1);
    expect(result.config.user_model).toEqual({ model: "user-mock", base_url: user.url, temperature: null });
  });

  it("--tau-mode simulated runs the spec's recipe: its oracle answers every call by name", async () => {
    const server = await oracleServer("spec", 0.5);
    const outcome = await run(server, { tauMode: "simulated" });
    const served = server.oracle?.stats().benchmarks["tau_bench"];
    expect(outcome.benchmarks[0]?.summary.overall.correct).toBe(served?.uniqueCorrect);
    const result = JSON.parse(readFileSync(path.join(outcome.runDir, "tau_bench.json"), "utf8"));
    expect(result.recipe ?? result.config.recipe).toBeDefined();
  });

  it("refuses --tau-mode beside a --recipe for tau_bench, and --user-model where no benchmark has a user", async () => {
    const server = await oracleServer("tau-bench", 1);
    await expect(run(server, { tauMode: "simulated", recipe: ["tau_bench=tau-bench"] })).rejects.toThrow(
      /--tau-mode simulated and --recipe tau_bench=tau-bench both pick tau_bench's recipe/,
    );
    await expect(run(server, { tauMode: "simulated", userModel: "x" })).rejects.toThrow(ConfigError);
  });
});
