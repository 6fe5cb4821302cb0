// LongBench v2 on the real rows in ../shared/data/longbench_v2 (36 with their contexts, all 503 without): loading,
// prompt bytes against the official template files, the middle cut with a real tokenizer, the oracle's endings.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Prompt } from "../../core/prompt.js";
import { npmTokenizer } from "../../tokenizers/test-support/npm-tokenizer-json.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import type { PromptOptions } from "../types.js";
import { longbenchV2 } from "./index.js";
import { middleCutIds } from "./truncate-middle.js";

const shared = sharedDataDir("longbench_v2/data_subset.json");
if (shared === undefined) printSkipReason("longbench_v2 real-data suite");
const suite = shared === undefined ? describe.skip : describe;

const CHAT: PromptOptions = { endpointType: "chat", nShots: 0, systemPrompt: undefined, cot: false };
const [longbench, noContext] = longbenchV2.recipes;

interface Row {
  _id: string;
  domain: string;
  difficulty: string;
  length: string;
  question: string;
  choice_A: string;
  choice_B: string;
  choice_C: string;
  choice_D: string;
  answer: string;
  context?: string;
}

function userText(prompt: Prompt | undefined): string {
  return prompt?.type === "chat" ? (prompt.messages.at(-1)?.content ?? "") : "";
}

/** Python's `str.strip()`: its whitespace set, which (unlike JavaScript's `trim`) leaves U+FEFF in place. */
const PYTHON_SPACE =
  "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const PYTHON_STRIP = new RegExp(`^${PYTHON_SPACE}+|${PYTHON_SPACE}+$`, "g");
const strip = (text: string) => text.replace(PYTHON_STRIP, "");

/** pred.py's rule written out once more: each placeholder replaced everywhere by the stripped field, in order. */
function expectedPrompt(template: string, row: Row, cot?: string): string {
  let text = template.replaceAll("$DOC$", () => strip(row.context ?? ""));
  for (const [placeholder, value] of [
    ["$Q$", row.question],
    ["$C_A$", row.choice_A],
    ["$C_B$", row.choice_B],
    ["$C_C$", row.choice_C],
    ["$C_D$", row.choice_D],
  ] as const) {
    text = text.replaceAll(placeholder, () => strip(value));
  }
  return cot === undefined ? text : text.replaceAll("$COT$", () => cot);
}

function count(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

suite("longbench_v2 on the real rows", () => {
  const base = shared ?? "";
  const template = (name: string) =>
    readFileSync(path.join(base, "longbench_v2", "prompts", `${name}.txt`), "utf8");
  const subset: Row[] = JSON.parse(readFileSync(path.join(base, "longbench_v2", "data_subset.json"), "utf8"));
  const all: Row[] = JSON.parse(
    readFileSync(path.join(base, "longbench_v2", "all_503_rows_no_context.json"), "utf8"),
  );
  const scratch = mkdtempSync(path.join(tmpdir(), "longbench-v2-real-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  // The subset under the data-dir layout (a link, not a copy), and the 503 rows with empty contexts (for the
  // no-context recipe and the counts).
  const subsetDir = path.join(scratch, "subset");
  mkdirSync(path.join(subsetDir, "longbench_v2"), { recursive: true });
  symlinkSync(
    path.join(base, "longbench_v2", "data_subset.json"),
    path.join(subsetDir, "longbench_v2", "data.json"),
  );
  const allDir = path.join(scratch, "all");
  mkdirSync(path.join(allDir, "longbench_v2"), { recursive: true });
  writeFileSync(
    path.join(allDir, "longbench_v2", "data.json"),
    JSON.stringify(all.map((row) => ({ ...row, context: "" }))),
  );
  const load = (dir: string, recipe = longbench) =>
    longbenchV2.load({ context: createLocalDatasetContext(dir), nShots: 0, ...(recipe ? { recipe } : {}) });

  it("loads the 36 rows with their fields, facets and contexts as data.json has them", async () => {
    const { samples } = await load(subsetDir);
    expect(samples.map((sample) => sample.id)).toEqual(subset.map((row) => row._id));
    expect(count(samples.map((sample) => sample.length))).toEqual({ short: 33, medium: 3 });
    expect(count(samples.map((sample) => sample.facets.difficulty))).toEqual({ hard: 20, easy: 16 });
    const byId = new Map(all.map((row) => [row._id, row]));
    for (const [index, sample] of samples.entries()) {
      const row = byId.get(sample.id);
      expect({ ...sample, context: undefined, fitToBudget: undefined }).toMatchObject({
        task: row?.domain,
        gold: row?.answer,
        question: row?.question,
        choices: [row?.choice_A, row?.choice_B, row?.choice_C, row?.choice_D],
        facets: { difficulty: row?.difficulty, length: row?.length },
      });
      expect(await sample.context.read()).toBe(subset[index]?.context);
    }
  });

  it("loads all 503 rows with the published counts per length and domain", async () => {
    const { samples } = await load(allDir);
    expect(samples).toHaveLength(503);
    expect(count(samples.map((sample) => sample.length))).toEqual({ short: 180, medium: 215, long: 108 });
    expect(count(samples.map((sample) => sample.task))).toEqual({
      "Single-Document QA": 175,
      "Multi-Document QA": 125,
      "Long In-context Learning": 81,
      "Code Repository Understanding": 50,
      "Long-dialogue History Understanding": 39,
      "Long Structured Data Understanding": 33,
    });
  });

  it("builds every row's no-context prompt byte for byte from 0shot_no_context.txt", async () => {
    const loaded = await load(allDir, noContext);
    const file = template("0shot_no_context");
    for (const [index, sample] of loaded.samples.entries()) {
      const row = all[index] as Row;
      expect(userText(loaded.buildPrompt(sample, CHAT))).toBe(expectedPrompt(file, row));
    }
    const sample = loaded.samples.find((each) => each.id === "66f91f2cbb02136c067c4b1e");
    if (sample === undefined) throw new Error("row 66f91f2cbb02136c067c4b1e is missing");
    // One literal golden, written out by hand.
    expect(userText(loaded.buildPrompt(sample, CHAT))).toBe(
      "What is the correct answer to this question: Why does the mistake happen?\nChoices:\n" +
        "(A) Matthew and Marilla ask Mrs. Spencer to pick a boy. But Mrs. Spencer want to pick a girl.\n" +
        "(B) Matthew and Marilla sent Mrs. Spencer word by other people but there are some misunderstanding in between.\n" +
        "(C) Mrs. Spencer sent telegram but the telegram is wrong.\n" +
        "(D) Matthew and Marilla ask Mrs. Spencer to pick a boy via Richard Spencer's folks at Carmody. But there are some mistakes in between.\n\n" +
        'What is the single, most likely answer choice? Format your response as follows: "The correct answer is (insert answer here)".',
    );
  });

  it("builds the 0-shot and chain-of-thought prompts of the rows with context from the template files", async () => {
    const loaded = await load(subsetDir);
    for (const [index, sample] of loaded.samples.entries()) {
      const row = subset[index] as Row;
      expect(userText(loaded.buildPrompt(sample, CHAT))).toBe(expectedPrompt(template("0shot"), row));
      expect(userText(loaded.buildPrompt(sample, { ...CHAT, cot: true }))).toBe(
        expectedPrompt(template("0shot_cot"), row),
      );
      if (longbench === undefined) throw new Error("no recipe");
      // The answer request's ending, with the oracle's reasoning, as pred.py fills 0shot_cot_ans.txt.
      const answerEnding = longbenchV2.oracle.otherPromptSuffixes?.(sample, longbench)[1] ?? "";
      const filled = expectedPrompt(
        template("0shot_cot_ans"),
        row,
        "The text and the four choices were compared, one by one.",
      );
      expect(filled.endsWith(answerEnding)).toBe(true);
      expect(answerEnding.startsWith(`What is the correct answer to this question: ${row.question}`)).toBe(
        true,
      );
    }
  });

  it("cuts a real prompt to 1000 and 999 tokens of o200k: the first ⌊n/2⌋ and last ⌈n/2⌉ ids, decoded", async () => {
    const tokenizer = npmTokenizer("gpt4o");
    const loaded = await longbenchV2.load({
      context: createLocalDatasetContext(subsetDir),
      nShots: 0,
      longContext: { maxContextTokens: 1000 },
      tokenizer: async () => tokenizer,
    });
    const odd = await longbenchV2.load({
      context: createLocalDatasetContext(subsetDir),
      nShots: 0,
      longContext: { maxContextTokens: 999 },
      tokenizer: async () => tokenizer,
    });
    for (const id of ["66ec356a821e116aacb1c22b", "6713066fbb02136c067d3214"]) {
      for (const [set, maxLen, head, tail] of [
        [loaded, 1000, 500, 500],
        [odd, 999, 499, 500],
      ] as const) {
        const sample = set.samples.find((each) => each.id === id);
        if (sample === undefined || longbench === undefined) throw new Error(`row ${id} is missing`);
        const whole = userText(set.buildPrompt(sample, CHAT));
        const ids = await tokenizer.encode(whole, { addSpecialTokens: true });
        expect(ids.length).toBeGreaterThan(10_000);
        const kept = middleCutIds(ids, maxLen);
        expect(kept).toEqual([...ids.slice(0, head), ...ids.slice(-tail)]);
        const cut = userText(await set.preparePrompt?.(sample, CHAT));
        expect(cut).toBe(await tokenizer.decode(kept, { skipSpecialTokens: true }));
        expect(cut.startsWith(await tokenizer.decode(ids.slice(0, head)))).toBe(true);
        expect(cut.endsWith(await tokenizer.decode(ids.slice(-tail)))).toBe(true);
        // The question, the choices and the instruction survive the cut: the oracle still recognises the prompt.
        expect(cut.endsWith(longbenchV2.oracle.promptSuffix(sample, longbench))).toBe(true);
      }
    }
  });
});
