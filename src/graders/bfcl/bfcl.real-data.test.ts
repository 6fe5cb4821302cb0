// BFCL v4 data (gorilla 6ea5797): every AST sample's ground truth, as FC tool_calls and as prompting text, decoded
// and checked; systematic corruptions; relevance categories; prompts and tools. The expected failures below are
// the ones BFCL's own Python code gives for the same answers (checked with its ast_checker and decoders).

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { printSkipReason, sharedDataDir } from "../../benchmarks/test-support/shared-data-dir.js";
import { dumpPythonJson } from "../python-json.js";
import { checkBfclAst } from "./check-bfcl-ast.js";
import { checkBfclRelevance } from "./check-bfcl-relevance.js";
import { decodeBfclPrompting } from "./decode-prompting.js";
import { decodeBfclToolCalls } from "./decode-tool-calls.js";
import { bfclOpenAiTools } from "./openai-tools.js";
import { bfclLanguageOfCategory, preprocessBfclFunctionDocs } from "./preprocess-function-docs.js";
import { bfclPromptingSystemPrompt } from "./prompting-system-prompt.js";
import { CORRUPTIONS, corruptedCases } from "./test-support/corruptions.js";
import { type BfclSample, goldAnswers, loadBfclSamples, renderAnswers } from "./test-support/gold-answers.js";
import { GOLD_FAILURES } from "./test-support/gold-failures.js";
import type { BfclDecodeResult, BfclLanguage, BfclVerdict } from "./types.js";

const dataDir = sharedDataDir("bfcl/BFCL_v4_simple_python.json");
if (dataDir === undefined) printSkipReason("bfcl real-data suite");
const suite = dataDir === undefined ? describe.skip : describe;
const DATA_DIR = dataDir ?? "";

/** Corrupted answers whose BFCL verdict differs from the intent: greedy parallel matching, data errors. */
const CORRUPTION_EXCEPTIONS = new Set([
  "parallel_178:swapped-order",
  "parallel_multiple_12:swapped-order",
  "parallel_multiple_26:swapped-order",
  "live_multiple_507-149-4:dropped-optional",
]);

const AST_CATEGORIES = [
  ["simple_python", 400],
  ["simple_java", 100],
  ["simple_javascript", 50],
  ["multiple", 200],
  ["parallel", 200],
  ["parallel_multiple", 200],
  ["live_simple", 258],
  ["live_multiple", 1053],
  ["live_parallel", 16],
  ["live_parallel_multiple", 24],
] as const;

function verdictOf(
  decoded: BfclDecodeResult,
  sample: BfclSample,
  category: string,
  isFc: boolean,
): BfclVerdict {
  if (decoded.status !== "ok")
    return { valid: false, errors: [decoded.error], errorType: `ast_decoder:${decoded.status}` };
  const language: BfclLanguage = bfclLanguageOfCategory(category);
  return checkBfclAst({
    functions: sample.functions,
    calls: decoded.calls,
    possibleAnswer: sample.possibleAnswer,
    language,
    category,
    isUnderscoreToDot: isFc,
  });
}

suite("BFCL AST categories (real data)", () => {
  it.each(AST_CATEGORIES)(
    "%s: every ground truth passes as FC and prompting, except BFCL's own failures",
    (category, count) => {
      const language = bfclLanguageOfCategory(category);
      const samples = loadBfclSamples(DATA_DIR, category);
      expect(samples).toHaveLength(count);
      const failures = { fc: [] as string[], prompting: [] as string[] };
      for (const sample of samples) {
        const answers = goldAnswers(sample, language);
        if (!verdictOf(decodeBfclToolCalls(answers.fcMessage), sample, category, true).valid)
          failures.fc.push(sample.id);
        const prompting = decodeBfclPrompting(answers.promptingText, language);
        if (!verdictOf(prompting, sample, category, false).valid) failures.prompting.push(sample.id);
      }
      const expected = GOLD_FAILURES[category] ?? { fc: [], prompting: [] };
      expect(failures).toEqual(expected);
      process.stderr.write(
        `bfcl ${category}: FC ${count - failures.fc.length}/${count}, prompting ${count - failures.prompting.length}/${count}\n`,
      );
    },
  );

  it.each(AST_CATEGORIES)("%s: corruptions get BFCL's verdict", (category) => {
    const language = bfclLanguageOfCategory(category);
    const tally = Object.fromEntries(CORRUPTIONS.map((name) => [name, 0]));
    const wrong: string[] = [];
    for (const sample of loadBfclSamples(DATA_DIR, category)) {
      for (const corrupted of corruptedCases(sample, category, language)) {
        const answers = renderAnswers(sample, language, corrupted.calls);
        const key = `${sample.id}:${corrupted.corruption}`;
        const expected = CORRUPTION_EXCEPTIONS.has(key) ? !corrupted.isValid : corrupted.isValid;
        const fc = verdictOf(decodeBfclToolCalls(answers.fcMessage), sample, category, true);
        const prompting = verdictOf(
          decodeBfclPrompting(answers.promptingText, language),
          sample,
          category,
          false,
        );
        if (fc.valid !== expected) wrong.push(`${key} FC ${fc.errorType}`);
        if (prompting.valid !== expected) wrong.push(`${key} prompting ${prompting.errorType}`);
        tally[corrupted.corruption] = (tally[corrupted.corruption] ?? 0) + 1;
      }
    }
    expect(wrong).toEqual([]);
    process.stderr.write(`bfcl ${category} corruptions: ${JSON.stringify(tally)}\n`);
  });
});

suite("BFCL relevance categories (real data)", () => {
  it.each([
    ["irrelevance", 240],
    ["live_irrelevance", 884],
    ["live_relevance", 16],
  ] as const)("%s: a text answer and a call answer", (category, count) => {
    const samples = loadBfclSamples(DATA_DIR, category);
    expect(samples).toHaveLength(count);
    const isIrrelevance = category.includes("irrelevance");
    for (const sample of samples) {
      const [first] = sample.functions;
      if (first === undefined) continue;
      const text = decodeBfclPrompting("I cannot answer that with the given functions.");
      expect(checkBfclRelevance({ category, decoded: text }).valid).toBe(isIrrelevance);
      const empty = decodeBfclPrompting("[]");
      expect(checkBfclRelevance({ category, decoded: empty }).valid).toBe(isIrrelevance);
      const call = decodeBfclPrompting(`[${first.name}()]`);
      expect(checkBfclRelevance({ category, decoded: call }).valid).toBe(!isIrrelevance);
      const fcCall = decodeBfclToolCalls({
        tool_calls: [{ function: { name: first.name, arguments: "{}" } }],
      });
      expect(checkBfclRelevance({ category, decoded: fcCall }).valid).toBe(!isIrrelevance);
      expect(checkBfclRelevance({ category, decoded: decodeBfclToolCalls({ content: "No." }) }).valid).toBe(
        isIrrelevance,
      );
    }
  });
});

/** sha256 over each entry's prompting system prompt / OpenAI tools, as computed from BFCL's Python (NUL-separated). */
const PROMPT_HASHES: Record<string, [string, string]> = {
  simple_python: [
    "2ecda39f21e9086cbecf2e2ca9c9c4bc7b5dc66d9f6723d3a66582987d6d9ae1",
    "231a9c5045c65bc4ca52e790a00333afa5d1c18a5a3f380dc9d5ff17713271f0",
  ],
  simple_java: [
    "c946b4d76744de984184b14d4840fb7efac8ca9e9ab1d11b47b79ffc58a854b6",
    "04ae6bb7e6ae1a3faae3cc667b13e89ed2953ed7f400c8e54092b59ecf41e35c",
  ],
  simple_javascript: [
    "5b8376d4752623735cc2fcc6b1b208ada015a47a752aef7d16d478cc81f0281b",
    "f6445345e6ceee5d32f485f1d3b280955d984dacfceca45dd6e7109eeb6b4cdc",
  ],
  multiple: [
    "68f46b691398ab947c37a736f5ce4ad593bdc5f2492f700fb9a37e374dc3ce24",
    "3352ad98a28936a3bc61ba1bc4f67c45a6e84562b54663d4067376608ab3542f",
  ],
  parallel: [
    "7e84cf2760d30aec45b87bb61bb6a47e5418ac4fa58095fe87b0d2f7be4cc1bc",
    "069c399ee538add3b72c979e351dfadbdc4f2299c968c83c68a4ec6589094323",
  ],
  parallel_multiple: [
    "0fd8768725972754bca84a3f77f22c41786fa2af82e58eb394f3c7cae37d48b4",
    "0e406850b5a865c36f184da63a489dc870b504836dbc42d18ab728f441b2d970",
  ],
  live_simple: [
    "62eb38e96131add8f1155b0556761c9efb1425ffd3ad03bf24fad5fb76041792",
    "6b8773b9c2c00ac7446cb7d479a96aadd8e2c6b0e67459c1bd05cfb2c440bd7a",
  ],
  live_multiple: [
    "7d45ff0f8cf303f4ce13b6a8cc9827c91c4a96ee65320f7668e533a497b59520",
    "b56e1c2faf487c8eee742661cfe788ada5e8d11fcf2e1bd99c063849dd4c4ae3",
  ],
  live_parallel: [
    "5af0a01e5b0910f1b26a93e2903021ab324ff2ef4d4796a8732f1d9922a1baa4",
    "df99323f66a9758082cecdf0d7f4bb7c0e48f6193a9a3c2011d4c2fca9d79bc6",
  ],
  live_parallel_multiple: [
    "7daa0e9565d79b2dd26cf52aaa37b8b55eada392aacccdf5fb7882b6ae647e17",
    "c3f827580b2088ec8d6ea97258c83f9e14bd4676136602788ed345a61df81873",
  ],
  irrelevance: [
    "a4143db0ae74a552ba35e425a5a5c6181e7d6cce5cd1ce2cd084f1d8528b3149",
    "9ab203a4dc4c6b8fe868a99202503834ca61d8a586b62b54a309f740e910f554",
  ],
  live_irrelevance: [
    "6a651e68d589028aca1c39a815ad4a97c1e07118fdfd342e1fa79fb19c5572f8",
    "9bab3a2d8eeda7d1e6b42fd7071a184ef94cb57e222746f0883ffed17c2d7577",
  ],
  live_relevance: [
    "4ba23b4f09d3bc18e3c5f147153109d09c2ac3e80d4bac5a36ed12a02cd6eac5",
    "45d3f8185a6079550a3de70eaadb6998b01b42f777a17f359b3b8cbb17a33cda",
  ],
};

function sha256(parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

suite("BFCL prompts and tools (real data)", () => {
  it.each(Object.keys(PROMPT_HASHES))("%s: system prompts and OpenAI tools byte-equal BFCL's", (category) => {
    const samples = loadBfclSamples(DATA_DIR, category);
    const docs = samples.map((sample) => preprocessBfclFunctionDocs(sample.functions, category));
    const [promptHash, toolsHash] = PROMPT_HASHES[category] ?? ["", ""];
    expect(sha256(docs.map(bfclPromptingSystemPrompt))).toBe(promptHash);
    expect(sha256(docs.map((functions) => dumpPythonJson(bfclOpenAiTools(functions), null)))).toBe(toolsHash);
  });
});
