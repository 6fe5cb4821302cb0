// A sample program as one engine item, on a scripted backend: every turn one request (the run's parameters,
// `--system-prompt` first), one journal record with each turn's entry, failed and cancelled turns, a throwing
// program and a definition mistake.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RecipeProgram } from "../benchmarks/types.js";
import { compileBenchmark } from "../byob/compile-benchmark.js";
import { benchmark } from "../byob/define-benchmark.js";
import { type ConversationSession, type ProgramInput, program } from "../byob/program.js";
import { ratio } from "../byob/scorer.js";
import { removeTempFolders, tempFolder } from "../byob/test-support/temp-folder.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import type { Backend, GenerationRequest, GenerationResult, GenerationStatus } from "../core/generation.js";
import type { ChatMessage } from "../core/prompt.js";
import { sampleRecordSchema } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { ApiCallError, ConfigError } from "../errors.js";
import { buildProgramWorkItem } from "./build-program-work-item.js";
import { planBenchmark } from "./plan-benchmark.js";
import { isRecipeProgram } from "./score-answer.js";

afterAll(removeTempFolders);

const ROWS = [{ question: "Capital of France?", answer: "Paris" }];

/** Turn i (0-based) is sent at 1000·(i+1), answers after 10·(i+1) ms, and took `attempts[i]` attempts. */
function scriptedBackend(
  answers: readonly string[],
  options: { failTurn?: number; failStatus?: GenerationStatus; attempts?: readonly number[] } = {},
) {
  const requests: GenerationRequest[] = [];
  const backend: Backend = {
    name: "scripted",
    async generate(request) {
      const turn = requests.length;
      requests.push(request);
      const sentMs = 1000 * (turn + 1);
      const endMs = sentMs + 10 * (turn + 1);
      const base: GenerationResult = {
        status: "ok",
        text: answers[turn] ?? "",
        reasoning: "",
        isThinkUnclosed: false,
        finishReason: "stop",
        usage: { promptTokens: 100 + turn, completionTokens: 5 + turn },
        timings: {
          sentMs,
          firstByteMs: sentMs + 2,
          firstContentMs: sentMs + 3,
          deltaTimesMs: [sentMs + 3, endMs],
          endMs,
        },
        attempts: options.attempts?.[turn] ?? 1,
      };
      if (turn !== options.failTurn) return base;
      const status = options.failStatus ?? "error";
      return {
        ...base,
        status,
        text: "",
        finishReason: "unknown",
        usage: {},
        error: {
          code: status === "error" ? "E_HTTP" : "E_TIMEOUT",
          message: `turn failed with ${status}`,
          httpStatus: 503,
        },
      };
    },
    listModels: async () => ["m"],
    close: async () => {},
  };
  return { backend, requests };
}

/** Three turns: the question, then "Are you sure?" twice, each carrying the model's earlier answers. */
const threeTurns = program(async function three_turns(sample: ProgramInput, session: ConversationSession) {
  const messages: ChatMessage[] = [{ role: "user", content: String(sample.metadata["question"]) }];
  const answers: string[] = [];
  for (let turn = 0; turn < 3; turn++) {
    if (turn > 0) messages.push({ role: "user", content: `Are you sure? (${turn})` });
    const answer = await session.send(messages);
    answers.push(answer.response);
    messages.push({ role: "assistant", content: answer.response });
  }
  const right = answers.filter((answer) => answer === sample.target).length;
  return {
    correct: answers.at(-1) === sample.target,
    steady: ratio(right, answers.length),
    reason: `answers ${answers.join(" / ")}`,
    details: { answers },
  };
});

async function planned(
  fn: Parameters<typeof benchmark>[1],
  run: { systemPrompt?: string; temperature?: number } = {},
) {
  const dir = tempFolder({ "rows.jsonl": ROWS }, "program-item-");
  const definition = benchmark(
    {
      name: `conversation ${path.basename(dir)}`,
      dataset: path.join(dir, "rows.jsonl"),
      prompt: "{question}",
      targetField: "answer",
    },
    fn,
  );
  const compiled = compileBenchmark(definition);
  const plan = await planBenchmark(
    compiled,
    parseRunOptions({ benchmarks: [compiled.name], ...run }),
    createDatasetContext({ env: {} }),
  );
  const [sample] = plan.samples;
  if (sample === undefined || !isRecipeProgram(plan.grader)) throw new Error("no program sample");
  const item = buildProgramWorkItem(plan, plan.grader, sample, { stream: true, runStartMs: 500, session: 1 });
  return { item, plan, sample };
}

const signal = new AbortController().signal;

describe("buildProgramWorkItem", () => {
  it("runs a three-turn conversation into one ok record: the last turn's prompt and timings, every turn's entry", async () => {
    const { item, plan } = await planned(threeTurns, { temperature: 0.3 });
    const { backend, requests } = scriptedBackend(["Paris", "Lyon", "Paris"], { attempts: [1, 3, 2] });
    const record = await item.execute(backend, signal);
    expect(record).toBeDefined();
    expect(sampleRecordSchema.parse(record)).toEqual(record);

    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.params).toEqual(plan.params);
      expect(request.params.temperature).toBe(0.3);
      expect(request.stream).toBe(true);
    }
    const lastMessages = [
      { role: "user", content: "Capital of France?" },
      { role: "assistant", content: "Paris" },
      { role: "user", content: "Are you sure? (1)" },
      { role: "assistant", content: "Lyon" },
      { role: "user", content: "Are you sure? (2)" },
    ];
    expect(requests[2]?.prompt).toEqual({ type: "chat", messages: lastMessages });
    expect(requests[1]?.prompt).toEqual({ type: "chat", messages: lastMessages.slice(0, 3) });

    expect(record).toMatchObject({
      id: "0",
      status: "ok",
      error: null,
      prompt: { type: "chat", messages: lastMessages },
      response: "Paris",
      correct: true,
      score: 1,
      grade_reason: "answers Paris / Lyon / Paris",
      finish_reason: "stop",
      usage: { prompt_tokens: 102, completion_tokens: 7 },
      attempts: 6,
      session: 1,
      scores: { correct: true, steady: { numerator: 2, denominator: 3 } },
      details: { answers: ["Paris", "Lyon", "Paris"] },
    });
    // The last turn: sent at 3000 (2500 after the run's start), ended 30 ms later.
    expect(record?.timings).toMatchObject({ sent_at_ms: 2500, ttfb_ms: 2, ttft_ms: 3, e2e_ms: 30 });
    expect(record?.turns).toHaveLength(3);
    expect(record?.turns?.map((turn) => turn.timings.sent_at_ms)).toEqual([500, 1500, 2500]);
    expect(record?.turns?.map((turn) => turn.timings.e2e_ms)).toEqual([10, 20, 30]);
    expect(record?.turns?.map((turn) => turn.attempts)).toEqual([1, 3, 2]);
    // Each request's size: the question, then the conversation so far and the follow-up.
    expect(record?.turns?.map((turn) => turn.messages)).toEqual([1, 3, 5]);
    expect(record?.turns?.map((turn) => turn.usage.completion_tokens)).toEqual([5, 6, 7]);
  });

  it("offers a turn's functions with the run's parameters and gives back the calls the answer made", async () => {
    const tools = [
      { type: "function" as const, function: { name: "lookup", parameters: { type: "object" } } },
    ];
    const withTools = program(async (_sample: ProgramInput, session: ConversationSession) => {
      const messages: ChatMessage[] = [{ role: "user", content: "Capital of France?" }];
      const first = await session.send(messages, { tools, toolChoice: "required" });
      const call = first.toolCalls?.[0];
      if (call === undefined) return { correct: false };
      messages.push({ role: "assistant", content: "", toolCalls: [call] });
      messages.push({ role: "tool", content: "Paris", toolCallId: call.id });
      const second = await session.send(messages, { tools });
      return { correct: second.response === "Paris", called: call.name === "lookup" };
    });
    const { item } = await planned(withTools, { temperature: 0.3 });
    const requests: GenerationRequest[] = [];
    const backend: Backend = {
      name: "calls",
      async generate(request) {
        requests.push(request);
        const isFirst = requests.length === 1;
        return {
          status: "ok",
          text: isFirst ? "" : "Paris",
          reasoning: "",
          isThinkUnclosed: false,
          ...(isFirst ? { toolCalls: [{ id: "call_0", name: "lookup", arguments: '{"q":"France"}' }] } : {}),
          finishReason: isFirst ? "tool-calls" : "stop",
          usage: {},
          timings: { sentMs: 0, deltaTimesMs: [], endMs: 1 },
          attempts: 1,
        };
      },
      listModels: async () => ["m"],
      close: async () => {},
    };
    const record = await item.execute(backend, signal);
    expect(record?.scores).toEqual({ correct: true, called: true });
    expect(requests[0]?.params).toMatchObject({ temperature: 0.3, tools, toolChoice: "required" });
    expect(requests[1]?.params.toolChoice).toBeUndefined();
    // The journal keeps the call and its result in the last turn's prompt.
    const parsed = sampleRecordSchema.parse(JSON.parse(JSON.stringify(record)));
    expect(parsed.prompt).toEqual({
      type: "chat",
      messages: [
        { role: "user", content: "Capital of France?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "call_0", name: "lookup", arguments: '{"q":"France"}' }],
        },
        { role: "tool", content: "Paris", toolCallId: "call_0" },
      ],
    });
    expect(parsed.turns?.map((turn) => turn.finish_reason)).toEqual(["tool-calls", "stop"]);
  });

  it("puts --system-prompt first in every turn, once; joined before a conversation's own system message", async () => {
    const { item } = await planned(threeTurns, { systemPrompt: "Be brief." });
    const { backend, requests } = scriptedBackend(["Paris", "Paris", "Paris"]);
    await item.execute(backend, signal);
    for (const request of requests) {
      const messages = request.prompt.type === "chat" ? request.prompt.messages : [];
      expect(messages[0]).toEqual({ role: "system", content: "Be brief." });
      expect(messages.filter((message) => message.role === "system")).toHaveLength(1);
    }

    const ownSystem = program(async (_sample: ProgramInput, session: ConversationSession) => {
      const answer = await session.send([
        { role: "system", content: "You are a geographer." },
        { role: "user", content: "Capital of France?" },
      ]);
      return { correct: answer.response === "Paris" };
    });
    const own = await planned(ownSystem, { systemPrompt: "Be brief." });
    const scripted = scriptedBackend(["Paris"]);
    const record = await own.item.execute(scripted.backend, signal);
    expect(scripted.requests[0]?.prompt).toEqual({
      type: "chat",
      messages: [
        { role: "system", content: "Be brief.\n\nYou are a geographer." },
        { role: "user", content: "Capital of France?" },
      ],
    });
    expect(record?.correct).toBe(true);
  });

  it.each(["error", "timeout"] as const)(
    "records a turn that ends in %s as the sample's failure, with the turns sent",
    async (status) => {
      const { item } = await planned(threeTurns);
      const { backend, requests } = scriptedBackend(["Paris", "Paris", "Paris"], {
        failTurn: 1,
        failStatus: status,
        attempts: [1, 3],
      });
      const record = await item.execute(backend, signal);
      expect(requests).toHaveLength(2);
      expect(sampleRecordSchema.parse(record)).toEqual(record);
      expect(record).toMatchObject({
        status,
        correct: false,
        score: 0,
        unparsed: true,
        grade_reason: `turn 2 ${status}: turn failed with ${status}`,
        error: {
          code: status === "error" ? "E_HTTP" : "E_TIMEOUT",
          message: `turn failed with ${status}`,
          http_status: 503,
        },
        attempts: 4,
        response: "",
      });
      // The failed turn's request is the record's last entry, and its prompt the record's.
      expect(record?.turns).toHaveLength(2);
      expect(record?.turns?.[1]?.attempts).toBe(3);
      expect(record?.timings.sent_at_ms).toBe(1500);
      expect(record?.prompt).toEqual(requests[1]?.prompt);
      expect(record?.scores).toBeUndefined();
    },
  );

  it("fails the sample on a failed turn even when the program catches the rejection and goes on", async () => {
    const forgiving = program(async function forgiving(_sample: ProgramInput, session: ConversationSession) {
      let answered = 0;
      for (let turn = 0; turn < 3; turn++) {
        try {
          await session.send([{ role: "user", content: `Question ${turn}` }]);
          answered++;
        } catch {
          // A program may try to carry on; the sample still fails.
        }
      }
      return { correct: answered === 3, answered };
    });
    const { item } = await planned(forgiving);
    const { backend, requests } = scriptedBackend(["a", "b", "c"], { failTurn: 1 });
    const record = await item.execute(backend, signal);
    expect(requests).toHaveLength(3);
    expect(record).toMatchObject({
      status: "error",
      correct: false,
      grade_reason: "turn 2 error: turn failed with error",
    });
    expect(record?.turns).toHaveLength(3);
  });

  it("journals nothing for a cancelled turn (resume asks the conversation again)", async () => {
    const { item } = await planned(threeTurns);
    const { backend } = scriptedBackend(["Paris", "Paris", "Paris"], { failTurn: 2, failStatus: "aborted" });
    expect(await item.execute(backend, signal)).toBeUndefined();
  });

  it("records a program that throws as the sample's E_SCORER error, with the turns it sent", async () => {
    const throwing = program(async function picky(_sample: ProgramInput, session: ConversationSession) {
      await session.send([{ role: "user", content: "Capital of France?" }]);
      throw new TypeError("cannot read the answer");
    });
    const { item } = await planned(throwing);
    const record = await item.execute(scriptedBackend(["Paris"]).backend, signal);
    expect(record).toMatchObject({
      status: "error",
      correct: false,
      response: "Paris",
      error: {
        code: "E_SCORER",
        message: expect.stringMatching(/^program picky threw: cannot read the answer$/),
      },
    });
    expect(record?.turns).toHaveLength(1);
  });

  it("stops the run on a program that returns no scores (a definition mistake)", async () => {
    const empty = program(async function empty_grade(_sample: ProgramInput, session: ConversationSession) {
      await session.send([{ role: "user", content: "Capital of France?" }]);
      return {};
    });
    const { item } = await planned(empty);
    const execution = item.execute(scriptedBackend(["Paris"]).backend, signal);
    await expect(execution).rejects.toThrow(ConfigError);
    await expect(execution).rejects.toThrow(/program empty_grade returned \{\}/);
  });
});

describe("buildProgramWorkItem: a program that scores tokens (perplexity)", () => {
  /** Scores two windows and returns their pooled perplexity over the predicted tokens. */
  const perplexityProgram: RecipeProgram = {
    name: "windows",
    kind: "program",
    async run(_sample, session) {
      let nll = 0;
      let tokens = 0;
      for (const window of [
        [1, 2, 3],
        [3, 4],
      ]) {
        const scores = await session.scorePrompt(window);
        for (const value of scores.tokenLogprobs.slice(1)) {
          nll -= value ?? 0;
          tokens++;
        }
      }
      return { perplexity: { numerator: nll, denominator: tokens, exp: true } };
    },
  };

  /** A backend that scores each id with log-probability −id/10, failing its first `failures` requests with `error`. */
  function scoringBackend(failures: number, error: () => Error) {
    const asked: number[][] = [];
    let failed = 0;
    const backend = {
      ...scriptedBackend([]).backend,
      async loglikelihood(): Promise<never> {
        throw new Error("not used");
      },
      async scorePrompt(prompt: string | readonly number[]) {
        if (failed < failures) {
          failed++;
          throw error();
        }
        const ids = [...(prompt as readonly number[])];
        asked.push(ids);
        return {
          tokens: ids.map(String),
          tokenIds: ids,
          tokenLogprobs: ids.map((id, index) => (index === 0 ? null : -id / 10)),
          topLogprobs: ids.map(() => null),
          textOffsets: ids.map((_, index) => index),
        };
      },
    };
    return { backend, asked };
  }

  it("scores each window once, retries a 503, journals each scoring request as a turn and pools the perplexity", async () => {
    const { plan, sample } = await planned(threeTurns);
    const item = buildProgramWorkItem({ ...plan }, perplexityProgram, sample, {
      stream: false,
      runStartMs: 0,
      session: 0,
      maxRetries: 2,
    });
    const { backend, asked } = scoringBackend(
      1,
      () => new ApiCallError("busy", { status: 503, isRetryable: true, code: "E_HTTP" }),
    );
    const record = await item.execute(backend, signal);
    expect(asked).toEqual([
      [1, 2, 3],
      [3, 4],
    ]);
    expect(sampleRecordSchema.parse(record)).toEqual(record);
    // Predicted tokens 2, 3 and 4: NLL 0.2 + 0.3 + 0.4 over 3 tokens.
    expect(record?.scores?.["perplexity"]).toMatchObject({ denominator: 3, exp: true });
    expect((record?.scores?.["perplexity"] as { numerator: number } | undefined)?.numerator).toBeCloseTo(
      0.9,
      12,
    );
    expect(record?.status).toBe("ok");
    expect(record?.turns?.map((turn) => [turn.usage.prompt_tokens, turn.attempts])).toEqual([
      [3, 2],
      [2, 1],
    ]);
    expect(record?.truncated).toBe(false);
  });

  it("stops the run when the server sends no prompt log-probabilities, and fails the sample on another error", async () => {
    const { plan, sample } = await planned(threeTurns);
    const itemFor = () =>
      buildProgramWorkItem(plan, perplexityProgram, sample, { stream: false, runStartMs: 0, session: 0 });
    const noLogprobs = scoringBackend(
      1,
      () => new ApiCallError("no prompt logprobs", { isRetryable: false, code: "E_NO_PROMPT_LOGPROBS" }),
    );
    await expect(itemFor().execute(noLogprobs.backend, signal)).rejects.toThrow(ConfigError);
    const broken = scoringBackend(
      1,
      () => new ApiCallError("bad gateway", { status: 502, isRetryable: false, code: "E_HTTP" }),
    );
    const record = await itemFor().execute(broken.backend, signal);
    expect(record).toMatchObject({ status: "error", error: { code: "E_HTTP", http_status: 502 } });
    expect(record?.grade_reason).toMatch(/bad gateway/);
    const { backend: cannotScore } = scriptedBackend([]);
    await expect(itemFor().execute(cannotScore, signal)).rejects.toThrow(
      /cannot score log-likelihoods, which windows \(perplexity\) needs/,
    );
  });
});
