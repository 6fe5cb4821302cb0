// LongBench v2 on its fixture rows: data.json read by place (locally and from the Hub's file), pred.py's placeholder
// filling, the middle cut, the two-pass chain of thought, grading and the oracle.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Prompt } from "../../core/prompt.js";
import type { TextTokenizer } from "../../core/tokenizer.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { longbenchV2 as grade } from "../../graders/longbench-v2.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { PromptOptions, SampleSession, TurnAnswer, TurnOptions } from "../types.js";
import { longbenchV2 } from "./index.js";
import { ORACLE_REASONING } from "./longbench-v2-oracle.js";
import { longbenchV2Verdict } from "./longbench-v2-program.js";
import { fillLongbenchV2Template, LONGBENCH_V2_TEMPLATES } from "./longbench-v2-prompt.js";
import type { LongbenchV2Sample } from "./longbench-v2-sample.js";
import { LONGBENCH_V2_HUB_REPO } from "./read-longbench-v2-rows.js";
import { type ByteRange, scanJsonArray } from "./scan-json-array.js";
import { middleCutIds, truncateMiddle } from "./truncate-middle.js";

const dataDir = fixturesDir("longbench_v2");
const context = createLocalDatasetContext(dataDir);
const CHAT: PromptOptions = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false };
const [longbench, noContext] = longbenchV2.recipes;
const scratch = mkdtempSync(path.join(tmpdir(), "longbench-v2-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What a sample holds besides its two functions (for comparing loads). */
function plain(sample: LongbenchV2Sample) {
  const { context: _reader, fitToBudget: _fit, ...rest } = sample;
  return rest;
}

function userText(prompt: Prompt | undefined): string {
  return prompt?.type === "chat" ? (prompt.messages.at(-1)?.content ?? "") : "";
}

async function loadFixture(recipe = longbench) {
  return longbenchV2.load({ context, nShots: 0, ...(recipe === undefined ? {} : { recipe }) });
}

describe("scanJsonArray", () => {
  const write = (name: string, text: string) => {
    const file = path.join(scratch, name);
    writeFileSync(file, text);
    return file;
  };

  it("finds each object's bytes whatever the chunk size, strings with brackets, quotes and escapes included", async () => {
    const rows = [{ a: 'x]}{[\\"', b: [1, { c: "é’" }] }, { d: "" }, {}];
    const file = write("rows.json", ` \n[ ${rows.map((row) => JSON.stringify(row)).join(" ,\n")} ]\n`);
    const whole = readFileSync(file);
    for (const chunkBytes of [1, 3, 7, 64, 1 << 20]) {
      const found: { value: unknown; range: ByteRange }[] = [];
      await scanJsonArray(
        file,
        "rows.json",
        (bytes, range) => found.push({ value: JSON.parse(bytes.toString()), range }),
        {
          chunkBytes,
        },
      );
      expect(found.map((each) => each.value)).toEqual(rows);
      for (const { value, range } of found) {
        expect(JSON.parse(whole.subarray(range.offset, range.offset + range.byteLength).toString())).toEqual(
          value,
        );
      }
    }
  });

  it("refuses what is not one array of objects, saying where", async () => {
    const cases: [string, RegExp][] = [
      ['{"a": 1}', /byte 0: the file is not an array/],
      ['[{"a": 1}, 2]', /byte 11: a value that is not an object/],
      ['[{"a": 1}, "s"]', /byte 11: a value that is not an object/],
      ['[{"a": 1}', /ends before its array does/],
      ['[{"a": 1}] []', /more after the array/],
      ['[{"a": 1}]]', /unmatched closing bracket/],
    ];
    for (const [text, message] of cases) {
      await expect(scanJsonArray(write("bad.json", text), "bad.json", () => {})).rejects.toThrow(message);
    }
  });
});

describe("longbench_v2 loading", () => {
  it("keeps each row's fields but its context, with facets, the domain as task and the answer as gold", async () => {
    const { samples } = await loadFixture();
    expect(samples.map((sample) => [sample.id, sample.task, sample.gold, sample.facets])).toEqual([
      ["fixture-sdqa-1", "Single-Document QA", "C", { difficulty: "easy", length: "short" }],
      ["fixture-mdqa-1", "Multi-Document QA", "B", { difficulty: "hard", length: "medium" }],
      ["fixture-code-1", "Code Repository Understanding", "A", { difficulty: "hard", length: "long" }],
      [
        "fixture-dialogue-1",
        "Long-dialogue History Understanding",
        "D",
        { difficulty: "easy", length: "short" },
      ],
    ]);
    const [first] = samples;
    expect(first?.choices).toEqual(["Bergen", "Hull", "Leith", "Cork"]);
    expect(Object.keys(first ?? {})).not.toContain("sub_domain");
    // The context is read back from the file, as written.
    const rows = JSON.parse(readFileSync(path.join(dataDir, "longbench_v2", "data.json"), "utf8"));
    for (const [index, sample] of samples.entries()) {
      expect(await sample.context.read()).toBe(rows[index].context);
      expect(sample.context.readSync()).toBe(rows[index].context);
    }
  });

  it("keeps the domains --tasks names, and refuses an unknown one with the list", async () => {
    const loaded = await longbenchV2.load({ context, nShots: 0, tasks: ["Multi-Document QA"] });
    expect(loaded.samples.map((sample) => sample.id)).toEqual(["fixture-mdqa-1"]);
    await expect(longbenchV2.load({ context, nShots: 0, tasks: ["Poetry"] })).rejects.toThrow(
      /no domain "Poetry"; its domains: Single-Document QA, Multi-Document QA/,
    );
  });

  it("names the missing file and a row that breaks the schema", async () => {
    const empty = createLocalDatasetContext(scratch);
    await expect(longbenchV2.load({ context: empty, nShots: 0 })).rejects.toThrow(
      /Dataset file not found: .*longbench_v2\/data\.json .*data dir/,
    );
    const bad = path.join(scratch, "bad-dir");
    const rows = JSON.parse(readFileSync(path.join(dataDir, "longbench_v2", "data.json"), "utf8"));
    rows[1].answer = "E";
    const { mkdirSync } = await import("node:fs");
    mkdirSync(path.join(bad, "longbench_v2"), { recursive: true });
    writeFileSync(path.join(bad, "longbench_v2", "data.json"), JSON.stringify(rows));
    await expect(longbenchV2.load({ context: createLocalDatasetContext(bad), nShots: 0 })).rejects.toThrow(
      /longbench_v2\/data\.json row 1: field answer/,
    );
  });

  it("reads a context whatever its text and place in the row, the other fields decoded without it", async () => {
    const dir = path.join(scratch, "odd-rows");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(path.join(dir, "longbench_v2"), { recursive: true });
    const rows = JSON.parse(readFileSync(path.join(dataDir, "longbench_v2", "data.json"), "utf8"));
    // The context first, holding the key's spelling (escaped quotes and backslashes); a question that looks like the
    // key; another key that starts like it; the second row pretty-printed.
    const odd = 'a "context": "b" \\ \\"context\\": \u00e9';
    const { context: _context, ...rest } = rows[0];
    const first = { context: odd, ...rest, question: '"context": "q"', context_note: 1 };
    const text = `[${JSON.stringify(first)}, ${JSON.stringify(rows[1], null, 2)}]`;
    writeFileSync(path.join(dir, "longbench_v2", "data.json"), text);
    const { samples } = await longbenchV2.load({ context: createLocalDatasetContext(dir), nShots: 0 });
    expect(samples[0]?.question).toBe('"context": "q"');
    expect(await samples[0]?.context.read()).toBe(odd);
    expect(await samples[1]?.context.read()).toBe(rows[1].context);
  });

  it("reads the Hub dataset's own data.json (resolve/main/data.json) into the same samples", async () => {
    const hub = await startFakeHub({
      datasets: {},
      files: {
        [LONGBENCH_V2_HUB_REPO]: { "main/data.json": path.join(dataDir, "longbench_v2", "data.json") },
      },
    });
    try {
      const hubContext = createDatasetContext({
        cacheDir: path.join(scratch, "cache"),
        env: { HF_ENDPOINT: hub.endpoint },
      });
      const fromHub = await longbenchV2.load({ context: hubContext, nShots: 0 });
      const local = await loadFixture();
      expect(fromHub.samples.map(plain)).toEqual(local.samples.map(plain));
      expect(hub.requests.map((request) => request.path)).toContain(
        "/datasets/THUDM/LongBench-v2/resolve/main/data.json",
      );
      const [sample] = fromHub.samples;
      if (sample === undefined) throw new Error("no sample");
      expect(fromHub.buildPrompt(sample, CHAT)).toEqual((await loadFixture()).buildPrompt(sample, CHAT));
    } finally {
      await hub.close();
    }
  });
});

describe("longbench_v2 prompts", () => {
  it("fills the template as pred.py: stripped fields, every occurrence, in order, `$` patterns kept literal", () => {
    const fields = {
      context: " doc with $Q$ inside ",
      question: "\tq1 $C_A$\n",
      choice_A: "a $& b",
      choice_B: "$$",
      choice_C: "c",
      choice_D: "d",
    };
    expect(
      fillLongbenchV2Template("[$DOC$] [$Q$] [$C_A$ $C_B$ $C_C$ $C_D$] [$COT$]", fields, "why $Q$"),
    ).toBe(
      // $DOC$ first: the context's $Q$ becomes the question, whose $C_A$ becomes choice A; $COT$ last stays as given.
      "[doc with q1 a $& b inside] [q1 a $& b] [a $& b $$ c d] [why $Q$]",
    );
  });

  it("sends one user message: the 0-shot template, --cot's first request, the no-context template (golden)", async () => {
    const loaded = await loadFixture();
    const sample = loaded.samples[0];
    if (sample === undefined) throw new Error("no sample");
    const prompt = loaded.buildPrompt(sample, CHAT);
    expect(prompt).toEqual({
      type: "chat",
      messages: [
        {
          role: "user",
          content:
            "Please read the following text and answer the question below.\n\n<text>\nThe survey ship Petrel left Leith on a grey morning in 1889, bound for the northern fisheries. Her captain kept a careful log.\n</text>\n\n" +
            "What is the correct answer to this question: Which harbour did the survey ship leave from?\nChoices:\n(A) Bergen\n(B) Hull\n(C) Leith\n(D) Cork\n\n" +
            'Format your response as follows: "The correct answer is (insert answer here)".',
        },
      ],
    });
    const cot = userText(loaded.buildPrompt(sample, { ...CHAT, cot: true }));
    expect(
      cot.startsWith("Please read the following text and answer the questions below.\n\n<text>\nThe survey"),
    ).toBe(true);
    expect(cot.endsWith("(D) Cork\n\nLet\u2019s think step by step:")).toBe(true);
    const bare = (await loadFixture(noContext)).buildPrompt(sample, CHAT);
    expect(userText(bare)).toBe(
      "What is the correct answer to this question: Which harbour did the survey ship leave from?\nChoices:\n(A) Bergen\n(B) Hull\n(C) Leith\n(D) Cork\n\n" +
        'What is the single, most likely answer choice? Format your response as follows: "The correct answer is (insert answer here)".',
    );
    // --system-prompt goes first, as its own message; shots are refused.
    expect(loaded.buildPrompt(sample, { ...CHAT, systemPrompt: "Be brief." })).toMatchObject({
      messages: [{ role: "system", content: "Be brief." }, { role: "user" }],
    });
    expect(() => loaded.buildPrompt(sample, { ...CHAT, nShots: 1 })).toThrow(/n-shots/);
  });

  it("prepares the same prompt when it fits the budget, without asking for a tokenizer", async () => {
    const loaded = await loadFixture();
    for (const sample of loaded.samples) {
      for (const cot of [false, true]) {
        const options = { ...CHAT, cot };
        expect(await loaded.preparePrompt?.(sample, options)).toEqual(loaded.buildPrompt(sample, options));
      }
    }
  });
});

/** A tokenizer of one id per character (special id 0 added first), to check the cut's arithmetic and options. */
function characterTokenizer(calls: string[]): TextTokenizer {
  return {
    record: { spec: "chars", kind: "file", source: "test", implementation: "test" },
    async encode(text, options) {
      calls.push(`encode addSpecialTokens=${options?.addSpecialTokens}`);
      return [
        ...(options?.addSpecialTokens ? [0] : []),
        ...[...text].map((char) => char.codePointAt(0) ?? 0),
      ];
    },
    async decode(ids, options) {
      calls.push(`decode skipSpecialTokens=${options?.skipSpecialTokens}`);
      return String.fromCodePoint(
        ...ids.filter((id) => !(options?.skipSpecialTokens && id === 0)).map((id) => id || 0x2400),
      );
    },
  };
}

describe("the middle cut", () => {
  it("keeps ids[:n//2] + ids[-n//2:] as Python slices them: the tail has the larger half when n is odd", () => {
    const ids = Array.from({ length: 10 }, (_, index) => index);
    expect(middleCutIds(ids, 4)).toEqual([0, 1, 8, 9]);
    expect(middleCutIds(ids, 5)).toEqual([0, 1, 7, 8, 9]);
    expect(middleCutIds(ids, 10)).toEqual(ids);
    expect(middleCutIds(ids, 11)).toEqual(ids);
  });

  it("encodes with special tokens, decodes the kept ids without them, and leaves a prompt within budget as it is", async () => {
    const calls: string[] = [];
    const tokenizer = characterTokenizer(calls);
    const text = "abcdefghij".repeat(10);
    // BOS + 100 characters: the first 20 ids (BOS and 19 characters), the last 21.
    expect(await truncateMiddle(text, 41, async () => tokenizer)).toBe(text.slice(0, 19) + text.slice(-21));
    expect(calls).toEqual(["encode addSpecialTokens=true", "decode skipSpecialTokens=true"]);
    // 100 characters + BOS = 101 tokens: within 101, the text itself (not decoded back).
    calls.length = 0;
    expect(await truncateMiddle(text, 101, async () => tokenizer)).toBe(text);
    expect(calls).toEqual(["encode addSpecialTokens=true"]);
    // Far within the budget: no tokenizer is asked for.
    expect(await truncateMiddle(text, 1000, undefined)).toBe(text);
    await expect(truncateMiddle(text, 60, undefined)).rejects.toThrow(/--max-context-tokens.*--tokenizer/);
  });

  it("cuts prepared prompts to --max-context-tokens with the run's tokenizer", async () => {
    const calls: string[] = [];
    const loaded = await longbenchV2.load({
      context,
      nShots: 0,
      longContext: { maxContextTokens: 401 },
      tokenizer: async () => characterTokenizer(calls),
    });
    const sample = loaded.samples[0];
    if (sample === undefined) throw new Error("no sample");
    const whole = userText(loaded.buildPrompt(sample, CHAT));
    const cut = userText(await loaded.preparePrompt?.(sample, CHAT));
    // BOS + 424 characters → the first 200 ids (BOS, dropped when decoded, and 199 characters) and the last 201.
    expect(whole.length).toBe(424);
    expect(cut).toBe(whole.slice(0, 199) + whole.slice(-201));
  });
});

describe("longbench_v2 grading", () => {
  it("reads the answer as pred.py's extract_answer and judges it against the gold letter", () => {
    const cases: [string, string, boolean, string | null][] = [
      ["The correct answer is (C)", "C", true, "C"],
      ["**The correct answer is (C)**", "C", true, "C"],
      ["The correct answer is C, since …", "C", true, "C"],
      ["The correct answer is (B). Earlier I thought The correct answer is (C)", "C", false, "B"],
      ["the correct answer is (C)", "C", false, null],
      ["The correct answer is (E)", "C", false, null],
      ["Answer: C", "C", false, null],
    ];
    for (const [response, gold, isCorrect, extracted] of cases) {
      expect(grade({ response, gold })).toMatchObject({
        isCorrect,
        extracted,
        isUnparsed: extracted === null,
      });
    }
  });

  it("scores result.py's compensated accuracy: a None prediction counts 0.25", () => {
    expect(longbenchV2Verdict("The correct answer is (A)", "A")).toMatchObject({
      correct: true,
      compensated: 1,
    });
    expect(longbenchV2Verdict("The correct answer is (B)", "A")).toMatchObject({
      correct: false,
      compensated: 0,
    });
    expect(longbenchV2Verdict("I cannot tell.", "A")).toMatchObject({ correct: false, compensated: 0.25 });
  });
});

describe("the two-pass chain of thought", () => {
  /** A session answering from `replies` in order, recording each request. */
  function session(replies: string[]) {
    const sent: { content: string; options: TurnOptions | undefined }[] = [];
    const answer = (response: string): TurnAnswer => ({
      response,
      reasoning: "",
      finishReason: "stop",
      isThinkUnclosed: false,
    });
    const value: SampleSession = {
      async send(messages, options) {
        expect(messages).toHaveLength(1);
        expect(messages[0]?.role).toBe("user");
        sent.push({ content: messages[0]?.content ?? "", options });
        return answer(replies.shift() ?? "");
      },
      sendToUserModel() {
        throw new Error("no user model");
      },
      scorePrompt: () => Promise.reject(new Error("no scoring")),
    };
    return { sent, value };
  }

  it("asks with the CoT template, then with the answer template carrying the stripped reasoning and 128 tokens", async () => {
    const grader = longbench?.byCot?.cot?.grader;
    if (typeof grader !== "object") throw new Error("the CoT form is a program");
    const loaded = await loadFixture();
    const sample = loaded.samples[1];
    if (sample === undefined) throw new Error("no sample");
    const { sent, value } = session(["\n  Report 2 says 55 tonnes.  \n", "The correct answer is (B)"]);
    expect(await grader.run(sample, value, {})).toMatchObject({
      correct: true,
      compensated: 1,
      extracted: "B",
    });
    expect(sent[0]?.content).toBe(userText(loaded.buildPrompt(sample, { ...CHAT, cot: true })));
    expect(sent[0]?.options).toBeUndefined();
    expect(sent[1]?.content).toBe(
      fillLongbenchV2Template(
        LONGBENCH_V2_TEMPLATES["0shot_cot_ans"],
        { ...sample, context: "" },
        "Report 2 says 55 tonnes.",
      ),
    );
    expect(sent[1]?.content).toContain(
      "Let\u2019s think step by step: Report 2 says 55 tonnes.\n\nBased on the above",
    );
    expect(sent[1]?.options).toEqual({ maxTokens: 128 });
    expect(longbench?.byCot?.cot?.defaultParams).toEqual({ maxTokens: 1024, temperature: 0.1 });
    expect(longbench?.defaultParams).toEqual({ maxTokens: 128, temperature: 0.1 });
  });

  it("with --no_context starts from the no-context template; an empty response ends the sample wrong", async () => {
    const grader = noContext?.byCot?.cot?.grader;
    if (typeof grader !== "object") throw new Error("the CoT form is a program");
    const loaded = await loadFixture(noContext);
    const sample = loaded.samples[0];
    if (sample === undefined) throw new Error("no sample");
    const asked = session(["maybe C", "The correct answer is (A)"]);
    expect(await grader.run(sample, asked.value, {})).toMatchObject({ correct: false, extracted: "A" });
    expect(asked.sent[0]?.content).toBe(userText(loaded.buildPrompt(sample, CHAT)));
    const silent = session([""]);
    expect(await grader.run(sample, silent.value, {})).toMatchObject({
      correct: false,
      reason: /first .* empty/,
    });
    expect(silent.sent).toHaveLength(1);
  });

  it("is answered by the oracle: reasoning for the first request, the letter for the second", async () => {
    const loaded = await loadFixture();
    const sample = loaded.samples[0];
    if (sample === undefined || longbench === undefined) throw new Error("no sample");
    const suffixes = longbenchV2.oracle.otherPromptSuffixes?.(sample, longbench) ?? [];
    const first = suffixes[0] ?? "";
    expect(userText(loaded.buildPrompt(sample, { ...CHAT, cot: true })).endsWith(first)).toBe(true);
    expect(longbenchV2.oracle.answer(sample, true, 0, longbench, first)).toBe(ORACLE_REASONING);
    expect(suffixes[1]).toContain(`step by step: ${ORACLE_REASONING}\n\nBased on the above`);
    expect(longbenchV2.oracle.answer(sample, true, 0, longbench, suffixes[1])).toBe(
      "The correct answer is (C)",
    );
    expect(longbenchV2.oracle.answer(sample, false, 4, longbench, suffixes[1])).toBe(
      "**The correct answer is (A)**",
    );
  });
});

describe("longbench_v2 metadata", () => {
  it("orders lengths and difficulties as result.py reports them, and sends chat only", () => {
    expect(longbenchV2.facetOrder).toEqual({
      length: ["short", "medium", "long"],
      difficulty: ["easy", "hard"],
    });
    expect(longbenchV2.endpointTypes).toEqual(["chat"]);
    expect(longbenchV2.recipes.map((recipe) => recipe.name)).toEqual(["longbench", "longbench-no-context"]);
  });
});
