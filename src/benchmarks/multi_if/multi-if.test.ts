// Multi-IF on conversations written in facebook/Multi-IF's CSV schema (turn_N_prompt as JSON {role, content},
// cumulative instruction lists, kwargs as a JSON list of JSON strings), English and other languages: the
// conversation a program sends, per-turn verdicts with Multi-IF's checkers, per-language tasks, the Hub loader, and
// grade of pre-generated conversations.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SampleSession } from "../../benchmarks/types.js";
import type { ChatMessage } from "../../core/prompt.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { gradeResponses } from "../../runner/grade-responses.js";
import { readPregeneratedResponses } from "../../runner/read-pregenerated-responses.js";
import { checkScorerOutput } from "../../runner/score-answer.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import { MULTI_IF_LANGUAGES, multiIf } from "./index.js";
import { multiIfProgram } from "./multi-if-program.js";
import type { MultiIfTurn } from "./multi-if-rows.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

const fixtureFile = path.join(fixturesDir("multi_if"), "multi_if", "multiIF_20241018.csv");
const loadFixtures = (tasks?: string[]) =>
  multiIf.load({
    context: createLocalDatasetContext(fixturesDir("multi_if")),
    nShots: 0,
    ...(tasks === undefined ? {} : { tasks }),
  });

/** A session answering each turn from `answers`, recording what each request carried. */
function scriptedSession(answers: readonly string[]): SampleSession & { sent: ChatMessage[][] } {
  const sent: ChatMessage[][] = [];
  return {
    sent,
    async send(messages) {
      sent.push(messages.map((message) => ({ ...message })));
      return {
        response: answers[sent.length - 1] ?? "",
        reasoning: "",
        finishReason: "stop",
        isThinkUnclosed: false,
      };
    },
    sendToUserModel() {
      throw new Error("multi_if has no simulated user");
    },
    scorePrompt: () => Promise.reject(new Error("multi_if scores no tokens")),
  };
}

async function runProgram(turns: MultiIfTurn[], answers: readonly string[]) {
  const session = scriptedSession(answers);
  const output = await multiIfProgram({ target: "", metadata: { turns } }, session);
  return { session, scored: checkScorerOutput(output, "multi_if") };
}

describe("multi_if", () => {
  it("reads each conversation's turns, its language as the task, and stops at a turn without a prompt", async () => {
    const loaded = await loadFixtures();
    expect(loaded.samples.map((sample) => [sample.id, sample.task])).toEqual([
      ["5001:1:en", "English"],
      ["5002:2:en", "English"],
      ["5003:1:zh", "Chinese"],
      ["5004:1:hi", "Hindi"],
      ["5005:1:ru", "Russian"],
      ["5006:1:th", "Thai"],
      ["5007:1:fr", "French"],
    ]);
    const thai = loaded.samples.find((sample) => sample.task === "Thai") as unknown as {
      row: { turns: MultiIfTurn[] };
      gold: string;
    };
    expect(thai.row.turns).toHaveLength(2);
    expect(thai.row.turns[1]?.instructionIds).toEqual([
      "detectable_format:json_format",
      "punctuation:no_comma",
    ]);
    expect(thai.gold).toBe("detectable_format:json_format, punctuation:no_comma");
    expect(multiIf.tasks).toEqual([...MULTI_IF_LANGUAGES]);
    expect(multiIf.endpointTypes).toEqual(["chat"]);
    const chineseAndHindi = await loadFixtures(["Chinese", "Hindi"]);
    expect(chineseAndHindi.samples.map((sample) => sample.task)).toEqual(["Chinese", "Hindi"]);
  });

  it("sends the conversation with the model's own answers, grades each turn, and is right only if every turn is", async () => {
    const loaded = await loadFixtures();
    const sample = loaded.samples[0] as unknown as { row: { turns: MultiIfTurn[] } };
    const turns = sample.row.turns;
    const story = Array.from(
      { length: 12 },
      () => "the small boats rest in the quiet water while gulls call over the old stone pier.",
    ).join(" ");
    const right = await runProgram(turns, [
      "the harbour sleeps.",
      "boats rock. the tide is turning.",
      `${story} the tide is turning.`,
    ]);
    expect(right.session.sent.map((messages) => messages.map((message) => message.role))).toEqual([
      ["user"],
      ["user", "assistant", "user"],
      ["user", "assistant", "user", "assistant", "user"],
    ]);
    expect(right.session.sent[2]?.[3]).toEqual({
      role: "assistant",
      content: "boats rock. the tide is turning.",
    });
    expect(right.scored.grade.isCorrect).toBe(true);
    expect(right.scored.scores).toMatchObject({
      correct: true,
      turn_3_prompt_level_strict_acc: true,
      turn_3_inst_level_strict_acc: { numerator: 3, denominator: 3 },
    });

    // Turn 3 too short: turns 1 and 2 still count as followed, the conversation is wrong.
    const short = await runProgram(turns, [
      "the harbour sleeps.",
      "the tide is turning.",
      "the tide is turning.",
    ]);
    expect(short.scored.grade.isCorrect).toBe(false);
    expect(short.scored.scores).toMatchObject({
      turn_1_prompt_level_strict_acc: true,
      turn_2_prompt_level_strict_acc: true,
      turn_3_prompt_level_strict_acc: false,
      turn_3_inst_level_strict_acc: { numerator: 2, denominator: 3 },
    });
    expect(short.scored.grade.reason).toBe("turn 3: not followed: length_constraints:number_words");
    expect(short.scored.details?.["per_turn"]).toHaveLength(3);
  });

  it("counts words and sentences as Multi-IF does for languages without spaces (written Chinese and Hindi turns)", async () => {
    const chinese: MultiIfTurn = {
      content: "请用少于8个词回答。",
      instructionIds: ["length_constraints:number_words"],
      kwargs: [{ relation: "less than", num_words: 8 }],
    };
    // Ten ideographs: ten words to Multi-IF (one per character); Google's \w+ would count one.
    const long = await runProgram([chinese], ["长城是中国古代的伟大建筑"]);
    expect(long.scored.scores?.["turn_1_prompt_level_strict_acc"]).toBe(false);
    const short = await runProgram([chinese], ["长城很长"]);
    expect(short.scored.scores?.["turn_1_prompt_level_strict_acc"]).toBe(true);

    const hindi: MultiIfTurn = {
      content: "कम से कम 3 वाक्यों में उत्तर दें।",
      instructionIds: ["length_constraints:number_sentences"],
      kwargs: [{ relation: "at least", num_sentences: 3 }],
    };
    // Three sentences ended by the danda (।): Multi-IF's Hindi sentence count.
    const three = await runProgram([hindi], ["दीवाली रोशनी का त्योहार है। लोग दीये जलाते हैं। बच्चे मिठाई खाते हैं।"]);
    expect(three.scored.scores?.["turn_1_prompt_level_strict_acc"]).toBe(true);
    const one = await runProgram([hindi], ["दीवाली रोशनी का त्योहार है और लोग दीये जलाते हैं।"]);
    expect(one.scored.scores?.["turn_1_prompt_level_strict_acc"]).toBe(false);
  });

  it("refuses, at load, a turn whose prompt is not the JSON {role, content} Multi-IF writes", async () => {
    const dir = tempDir("multi-if-bad-");
    const text = readFileSync(fixtureFile, "utf8").replace(
      '"{""role"": ""user"", ""content"": ""Give advice',
      '"{""content"": ""Give advice',
    );
    mkdirSync(path.join(dir, "multi_if"));
    writeFileSync(path.join(dir, "multi_if", "multiIF_20241018.csv"), text);
    await expect(multiIf.load({ context: createLocalDatasetContext(dir), nShots: 0 })).rejects.toThrow(
      /turn_1/,
    );
  });

  it("reads facebook/Multi-IF's CSV from the Hub as from a local file", async () => {
    const dir = tempDir("multi-if-hub-");
    const hub = await startFakeHub({
      datasets: {},
      files: { "facebook/Multi-IF": { "main/multiIF_20241018.csv": fixtureFile } },
    });
    try {
      const context = createDatasetContext({
        cacheDir: path.join(dir, "cache"),
        env: { HF_ENDPOINT: hub.endpoint },
      });
      const fromHub = await multiIf.load({ context, nShots: 0 });
      const local = await loadFixtures();
      expect(fromHub.samples.map((sample) => [sample.id, sample.task, sample.gold])).toEqual(
        local.samples.map((sample) => [sample.id, sample.task, sample.gold]),
      );
    } finally {
      await hub.close();
    }
  });

  it("grades pre-generated conversations (one answer per turn) with the per-turn metrics per language", async () => {
    const dir = tempDir("multi-if-grade-");
    const responses = path.join(dir, "responses.jsonl");
    writeFileSync(
      responses,
      [
        { id: "5002:2:en", responses: ["* a\n* b\n* c", "<<Marathon>>\n* pace\n* water\n* sleep"] },
        { id: "5006:1:th", responses: ['{"market": "floating"}', '{"market": "floating", "boats": 3}'] },
        { id: "5003:1:zh", responses: ["<<长城>>\n长城很长", "<<长城>>\n长城很长", "<<长城>>\n长城很长"] },
      ]
        .map((line) => JSON.stringify(line))
        .join("\n"),
    );
    const result = await gradeResponses(
      { benchmarks: ["multi_if"], dataDir: fixturesDir("multi_if"), outputDir: dir },
      readPregeneratedResponses(responses),
      { env: {} },
    );
    // The Marathon conversation follows both turns; the Thai one uses a comma in turn 2; the Chinese one has no
    // placeholders in turn 3.
    expect(result.summary.overall.correct).toBe(1);
    const metric = (name: string) => result.summary.scoreMetrics?.find((each) => each.name === name);
    expect(metric("turn_1_prompt_level_strict_acc")).toMatchObject({ count: 3, mean: 1 });
    expect(metric("turn_2_prompt_level_strict_acc")).toMatchObject({ count: 3, mean: 2 / 3 });
    expect(metric("turn_3_prompt_level_strict_acc")).toMatchObject({ count: 1, mean: 0 });
    expect(metric("turn_3_inst_level_strict_acc")).toMatchObject({ numerator: 2, denominator: 3 });
    const byLanguage = new Map(result.summary.tasks.map((row) => [row.task, row.metrics]));
    expect(
      byLanguage.get("Thai")?.find((each) => each.name === "turn_2_inst_level_strict_acc"),
    ).toMatchObject({
      numerator: 1,
      denominator: 2,
    });
    const journal = readFileSync(path.join(result.runDir, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(journal.map((record) => record.turns.length).sort()).toEqual([2, 2, 3]);

    const tooFew = path.join(dir, "too-few.jsonl");
    writeFileSync(tooFew, JSON.stringify({ id: "5001:1:en", responses: ["only one"] }));
    await expect(
      gradeResponses(
        { benchmarks: ["multi_if"], dataDir: fixturesDir("multi_if"), outputDir: dir },
        readPregeneratedResponses(tooFew),
        { env: {} },
      ),
    ).rejects.toThrow(
      /too-few.jsonl line 1: field "responses": 1 answer, but the conversation asks for turn 2/,
    );
    const single = path.join(dir, "single.jsonl");
    writeFileSync(single, JSON.stringify({ id: "5001:1:en", response: "one answer" }));
    await expect(
      gradeResponses(
        { benchmarks: ["multi_if"], dataDir: fixturesDir("multi_if"), outputDir: dir },
        readPregeneratedResponses(single),
        { env: {} },
      ),
    ).rejects.toThrow(/multi_if is multi-turn; give "responses"/);
  });
});
