// Contract every registered benchmark must meet, run on its fixtures: prompts, oracle suffixes and answers, ids.

import { afterAll, describe, expect, it } from "vitest";
import { type ChatMessage, type EndpointType, promptTail, type ToolCall } from "../core/prompt.js";
import { getGrader } from "../graders/registry.js";
import { checkScorerOutput, isRecipeProgram, scoreAnswer } from "../runner/score-answer.js";
import { createSandbox, findExecutable } from "../sandbox/create-sandbox.js";
import type { CodeSandbox } from "../sandbox/types.js";
import { BENCHMARK_NAMES, benchmarks, loadBenchmark } from "./registry.js";
import { resolveDefaultParams } from "./resolve-default-params.js";
import { formatRecipeSource, selectRecipe } from "./select-recipe.js";
import { createLocalDatasetContext } from "./test-support/local-dataset-context.js";
import { fixturesDir } from "./test-support/shared-data-dir.js";
import { createWordTokenizer } from "./test-support/word-tokenizer.js";
import type {
  Benchmark,
  BenchmarkSample,
  LoadedBenchmark,
  Recipe,
  RecipeProgram,
  SampleSession,
} from "./types.js";

const ENDPOINT_TYPES: readonly EndpointType[] = ["chat", "completions"];
const SYSTEM_PROMPTS: readonly (string | undefined)[] = [undefined, "", "You are a careful expert."];
const VARIANTS = Array.from({ length: 24 }, (_, index) => index);

const PIN = /^([0-9a-f]{40}|\d+\.\d+(\.\d+)?)$/;

function shotCounts(benchmark: Benchmark, recipe: Recipe): number[] {
  return [...new Set([0, 1, recipe.defaultNShots, benchmark.maxNShots])]
    .filter((count) => count <= benchmark.maxNShots)
    .sort((left, right) => left - right);
}

/** A perplexity recipe: a program scored by a lower-is-better metric (it scores token windows, asks nothing). */
function isPerplexityRecipe(recipe: Recipe): boolean {
  return isRecipeProgram(recipe.grader) && recipe.headline?.higherIsBetter === false;
}

/** The tokenizer perplexity benchmarks count and score with here (the mock server's word rule). */
const wordTokenizer = createWordTokenizer();

async function loadFixtures(benchmark: Benchmark, nShots: number, recipe?: Recipe): Promise<LoadedBenchmark> {
  return benchmark.load({
    context: createLocalDatasetContext(fixturesDir(benchmark.name)),
    nShots,
    ...(recipe === undefined ? {} : { recipe }),
    ...(benchmark.recipes.some(isPerplexityRecipe) ? { tokenizer: async () => wordTokenizer } : {}),
  });
}

/** The log-probability every token gets in the perplexity check: each predicted token's NLL is 1.25. */
const CONSTANT_LOGPROB = -1.25;

/**
 * A perplexity program run on a sample whose every scored token has log-probability −1.25: its headline must say
 * exactly that — a per-document perplexity exp(1.25), or a pooled ratio whose numerator is 1.25 × the tokens of the
 * text it scores (each token predicted once, whatever the windows) — and every window must be a non-empty id list.
 */
async function checkPerplexityProgram(recipe: Recipe, sample: BenchmarkSample, text: string): Promise<void> {
  const program = recipe.grader as RecipeProgram;
  const windows: number[][] = [];
  const session: SampleSession = {
    send: () => Promise.reject(new Error("a perplexity program asks nothing")),
    sendToUserModel: () => Promise.reject(new Error("a perplexity program asks nothing")),
    async scorePrompt(ids) {
      windows.push([...ids]);
      return {
        tokens: ids.map(String),
        tokenIds: [...ids],
        tokenLogprobs: ids.map((_, index) => (index === 0 ? null : CONSTANT_LOGPROB)),
        topLogprobs: ids.map(() => null),
        textOffsets: ids.map(() => 0),
      };
    },
  };
  const scored = checkScorerOutput(
    await program.run(sample, session, { tokenizer: async () => wordTokenizer }),
    program.name,
  );
  expect(windows.length).toBeGreaterThan(0);
  for (const window of windows) expect(window.length).toBeGreaterThan(1);
  const metric = recipe.headline?.metric ?? "";
  const value = scored.scores?.[metric];
  const tokens = (await wordTokenizer.encode(text)).length;
  if (typeof value === "number") expect(value).toBeCloseTo(Math.exp(-CONSTANT_LOGPROB), 12);
  else {
    expect(value).toMatchObject({ exp: true });
    expect(typeof value === "object" ? value.numerator : Number.NaN).toBeCloseTo(
      -CONSTANT_LOGPROB * tokens,
      9,
    );
  }
}

/** The sandbox recipes that execute code are graded in (made on first use; needs bubblewrap). */
let sandbox: Promise<CodeSandbox> | undefined;
afterAll(async () => {
  await (await sandbox)?.close();
});

/** A registered grader's verdict, or a scorer's (executing code in the sandbox where the recipe does). */
async function isGradedCorrect(
  grader: Recipe["grader"],
  sample: BenchmarkSample,
  response: string,
  recipe: Recipe,
  toolCalls?: readonly ToolCall[],
): Promise<boolean> {
  if (typeof grader === "string") {
    const input = { response, gold: sample.gold, ...(sample.choices ? { choices: sample.choices } : {}) };
    return getGrader(grader)(input).isCorrect;
  }
  if (recipe.executesCode === true) sandbox ??= createSandbox({ workers: 2 });
  const scored = await scoreAnswer(grader, {
    sample,
    response,
    reasoning: "",
    finishReason: "stop",
    prompt: undefined,
    ...(recipe.executesCode === true && sandbox !== undefined ? { sandbox: await sandbox } : {}),
    ...(toolCalls === undefined ? {} : { toolCalls }),
  });
  if (scored.error !== undefined) throw new Error(scored.error.message);
  // A scorer of numbers only (rouge) gives no verdict: the oracle answers right with the reference itself, so a
  // right answer is one whose headline metric is at its best, 1.
  const values = Object.values(scored.scores ?? {});
  const hasVerdict =
    scored.scores?.["correct"] !== undefined || values.some((value) => typeof value === "boolean");
  if (recipe.headline !== undefined && !hasVerdict) return scored.scores?.[recipe.headline.metric] === 1;
  return scored.grade.isCorrect;
}

/**
 * A program recipe's verdict on a sample the oracle answers: every request the program sends is answered as the mock
 * server would (the oracle's answer for the turn its last user message is), and the program's grade is read.
 */
async function programVerdict(
  benchmark: Benchmark,
  recipe: Recipe,
  sample: BenchmarkSample,
  isCorrect: boolean,
  variant: number,
  program = recipe.grader as RecipeProgram,
): Promise<boolean> {
  const { dialogue } = benchmark.oracle;
  if (dialogue !== undefined) {
    // The server finds the sample by a message equal to one of its keys, then the oracle plays the conversation.
    const keys = dialogue.keys(sample, recipe);
    const play = async (messages: readonly ChatMessage[], hasTools: boolean) => {
      expect(messages.some((message) => keys.includes(message.content))).toBe(true);
      const reply = dialogue.reply(sample, isCorrect, recipe, messages, hasTools);
      return {
        response: reply.text,
        reasoning: "",
        finishReason: "stop" as const,
        isThinkUnclosed: false,
        ...(reply.toolCalls.length === 0
          ? {}
          : { toolCalls: reply.toolCalls.map((call, index) => ({ id: `call_${index}`, ...call })) }),
      };
    };
    const played: SampleSession = {
      send: (messages, turn) => play(messages, (turn?.tools?.length ?? 0) > 0),
      sendToUserModel: (messages) => play(messages, false),
      scorePrompt: () => Promise.reject(new Error("the oracle plays no scoring requests")),
    };
    return checkScorerOutput(await program.run(sample, played, {}), program.name).grade.isCorrect;
  }
  const turns = benchmark.oracle.conversationTurns?.(sample, recipe);
  if (turns === undefined) {
    // Requests that are each one prompt (LongBench v2's two-pass chain of thought): each is recognised by the
    // longest of the sample's prompt endings it ends with, and answered for that ending.
    const endings = [
      benchmark.oracle.promptSuffix(sample, recipe),
      ...(benchmark.oracle.otherPromptSuffixes?.(sample, recipe) ?? []),
    ];
    const bySuffix: SampleSession = {
      async send(messages) {
        const tail = messages.at(-1)?.content ?? "";
        const suffix = endings
          .filter((each) => tail.endsWith(each))
          .reduce((longest, each) => (each.length > longest.length ? each : longest), "");
        expect(suffix).not.toBe("");
        const response = benchmark.oracle.answer(sample, isCorrect, variant, recipe, suffix);
        return { response, reasoning: "", finishReason: "stop", isThinkUnclosed: false };
      },
      sendToUserModel() {
        throw new Error(`${benchmark.name}'s oracle plays no simulated user (it has no dialogue)`);
      },
      scorePrompt: () => Promise.reject(new Error("the oracle plays no scoring requests")),
    };
    return checkScorerOutput(await program.run(sample, bySuffix, {}), program.name).grade.isCorrect;
  }
  const session: SampleSession = {
    async send(messages) {
      // The server recognises turn k by the conversation's user messages: exactly the sample's first k + 1 turns.
      const userMessages = messages
        .filter((message) => message.role === "user")
        .map((message) => message.content);
      const turn = userMessages.length - 1;
      expect(userMessages).toEqual(turns?.slice(0, turn + 1));
      const response = benchmark.oracle.answer(sample, isCorrect, variant, recipe, userMessages[turn], turn);
      return { response, reasoning: "", finishReason: "stop", isThinkUnclosed: false };
    },
    sendToUserModel() {
      throw new Error(`${benchmark.name}'s oracle plays no simulated user (it has no dialogue)`);
    },
    scorePrompt: () => Promise.reject(new Error("the oracle plays no scoring requests")),
  };
  return checkScorerOutput(await program.run(sample, session, {}), program.name).grade.isCorrect;
}

/**
 * The oracle's answer as the mock server sends it: its text, and the calls of `reply` when the oracle has one (a
 * benchmark whose requests carry tools), with the ids the server gives them.
 */
function oracleAnswer(
  benchmark: Benchmark,
  args: Parameters<Benchmark["oracle"]["answer"]>,
): { response: string; toolCalls?: ToolCall[] } {
  const reply = benchmark.oracle.reply?.(...args);
  if (reply === undefined) return { response: benchmark.oracle.answer(...args) };
  if (reply.toolCalls.length === 0) return { response: reply.text };
  return {
    response: reply.text,
    toolCalls: reply.toolCalls.map((call, index) => ({ id: `call_${index}`, ...call })),
  };
}

/** Recipes whose grading executes code are checked where bubblewrap is installed (scripts/install-test-engines.sh). */
const canExecuteCode = findExecutable("bwrap", process.env) !== undefined;

/**
 * Oracle variants checked per recipe: all for a registered grader, two where each verdict runs a program, three
 * for a conversation (each picks another turn to answer wrong).
 */
function variantsOf(recipe: Recipe): readonly number[] {
  if (isRecipeProgram(recipe.grader)) return VARIANTS.slice(0, 3);
  return typeof recipe.grader === "string" ? VARIANTS : VARIANTS.slice(0, 2);
}

/** [benchmark, recipe] for every recipe of every registered benchmark. */
const RECIPES = (
  await Promise.all(
    BENCHMARK_NAMES.map(async (name) =>
      (await loadBenchmark(name)).recipes.map((recipe) => [name, recipe.name] as const),
    ),
  )
).flat();

async function loadRecipe(
  name: string,
  recipeName: string,
): Promise<{ benchmark: Benchmark; recipe: Recipe }> {
  const benchmark = await loadBenchmark(name);
  const recipe = benchmark.recipes.find((candidate) => candidate.name === recipeName);
  if (recipe === undefined) throw new Error(`no recipe ${recipeName}`);
  return { benchmark, recipe };
}

describe.each(BENCHMARK_NAMES)("benchmark %s", (name) => {
  it("is registered under its own name with coherent metadata", async () => {
    const benchmark = await loadBenchmark(name);
    expect(benchmark.name).toBe(name);
    expect(await benchmarks[name]()).toBe(benchmark);
    expect(new Set(benchmark.tasks).size).toBe(benchmark.tasks.length);
    const recipeNames = benchmark.recipes.map((recipe) => recipe.name);
    expect(new Set(recipeNames).size).toBe(recipeNames.length);
    for (const recipe of benchmark.recipes) {
      expect(recipe.name).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
      if (typeof recipe.grader === "string") expect(() => getGrader(recipe.grader as string)).not.toThrow();
      else if ("kind" in recipe.grader) expect(typeof recipe.grader.run).toBe("function");
      else expect(typeof recipe.grader.score).toBe("function");
      for (const extra of recipe.extraGraders ?? []) expect(() => getGrader(extra)).not.toThrow();
      expect(recipe.defaultNShots).toBeGreaterThanOrEqual(0);
      expect(recipe.defaultNShots).toBeLessThanOrEqual(benchmark.maxNShots);
      for (const source of recipe.sources) {
        expect(source.repository).toMatch(/^[\w.-]+(\/[\w.-]+)?$/);
        expect(source.pin).toMatch(PIN);
      }
      for (const endpointType of ENDPOINT_TYPES) {
        const { maxTokens } = resolveDefaultParams(recipe, endpointType);
        // Absent only where the recipe says its reference sends none.
        if (recipe.isMaxTokensOmitted === true) expect(maxTokens).toBeUndefined();
        else expect(maxTokens).toBeGreaterThan(0);
      }
    }
  });

  it("loads fixtures with unique ids, known tasks and a deterministic order", async () => {
    const benchmark = await loadBenchmark(name);
    const first = await loadFixtures(benchmark, benchmark.maxNShots);
    const second = await loadFixtures(benchmark, 0);
    expect(first.samples.length).toBeGreaterThan(1);
    const ids = first.samples.map((sample) => sample.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.samples.map((sample) => sample.id)).toEqual(ids);
    for (const sample of first.samples) {
      expect(sample.gold).not.toBe("");
      if (benchmark.tasks.length > 0) expect(benchmark.tasks).toContain(sample.task);
    }
  });

  it("rejects more shots than it allows", async () => {
    const benchmark = await loadBenchmark(name);
    await expect(loadFixtures(benchmark, benchmark.maxNShots + 1)).rejects.toThrow(/n-shots/);
  });
});

describe.each(RECIPES)("benchmark %s, recipe %s", (name, recipeName) => {
  it("builds prompts that end with the oracle's suffix, for every endpoint, n-shots and system prompt", async () => {
    const { benchmark, recipe } = await loadRecipe(name, recipeName);
    const loaded = await loadFixtures(benchmark, benchmark.maxNShots, recipe);
    for (const sample of loaded.samples) {
      const suffix = benchmark.oracle.promptSuffix(sample, recipe);
      expect(suffix.length).toBeGreaterThan(0);
      const suffixes = [suffix, ...(benchmark.oracle.otherPromptSuffixes?.(sample, recipe) ?? [])];
      for (const endpointType of benchmark.endpointTypes ?? ENDPOINT_TYPES) {
        for (const nShots of shotCounts(benchmark, recipe)) {
          for (const [systemPrompt, cot] of SYSTEM_PROMPTS.flatMap((each) => [
            [each, false] as const,
            [each, true] as const,
          ])) {
            const prompt = loaded.buildPrompt(sample, { endpointType, nShots, systemPrompt, cot });
            expect(prompt.type).toBe(endpointType === "chat" ? "chat" : "completion");
            const tail = promptTail(prompt);
            expect({ cot, endsWithASuffix: suffixes.some((each) => tail.endsWith(each)) }).toEqual({
              cot,
              endsWithASuffix: true,
            });
            if (prompt.type === "chat") {
              const turns = recipe.chatFewShot === "inline" ? 0 : nShots;
              // Rows that bring their own conversation (MRCR's) carry assistant turns of their own.
              if (benchmark.hasOwnMessages !== true) {
                expect(prompt.messages.filter((message) => message.role === "assistant")).toHaveLength(turns);
              }
              // undefined: the recipe's default system prompt (if it has one) applies; "": none at all.
              // (A benchmark whose rows bring their own messages keeps their system message.)
              if (systemPrompt === "" && benchmark.hasOwnMessages !== true) {
                expect(prompt.messages[0]?.role).not.toBe("system");
              }
              if (systemPrompt) {
                expect(prompt.messages.some((message) => message.content.includes(systemPrompt))).toBe(true);
              }
            } else if (systemPrompt) {
              expect(prompt.text.startsWith(systemPrompt)).toBe(true);
            }
          }
        }
      }
    }
  });

  it("grades every oracle answer variant as intended by the recipe's graders, with and without --cot", async () => {
    const { benchmark, recipe } = await loadRecipe(name, recipeName);
    if (recipe.executesCode === true && !canExecuteCode) {
      process.stdout.write(`${name}/${recipeName}: oracle grading skipped: bwrap is not installed\n`);
      return;
    }
    if (recipe.usesContainers === true) {
      process.stdout.write(
        `${name}/${recipeName}: oracle grading skipped: it runs in containers (*.container.test.ts)\n`,
      );
      return;
    }
    const loaded = await loadFixtures(benchmark, 0, recipe);
    if (isPerplexityRecipe(recipe)) {
      // No answers to grade: each sample's scoring is checked against the log-probabilities it was given.
      for (const sample of loaded.samples) {
        const prompt = loaded.buildPrompt(sample, {
          endpointType: "completions",
          nShots: 0,
          systemPrompt: undefined,
          cot: false,
        });
        await checkPerplexityProgram(recipe, sample, promptTail(prompt));
      }
      return;
    }
    if (isRecipeProgram(recipe.grader)) {
      // A program's samples are conversations: the oracle answers each turn, the program grades the whole.
      for (const sample of loaded.samples) {
        for (const variant of variantsOf(recipe)) {
          for (const isCorrect of [true, false]) {
            const verdict = await programVerdict(benchmark, recipe, sample, isCorrect, variant);
            expect({ sample: sample.id, variant, isCorrect: verdict }).toEqual({
              sample: sample.id,
              variant,
              isCorrect,
            });
          }
        }
      }
      return;
    }
    for (const sample of loaded.samples) {
      const suffixes = [
        benchmark.oracle.promptSuffix(sample, recipe),
        ...(benchmark.oracle.otherPromptSuffixes?.(sample, recipe) ?? []),
      ];
      for (const cot of [false, true]) {
        // The grader a run with this --cot uses, and the suffix its prompt is recognised by (the longest it ends with).
        const graders: Recipe["grader"][] = [
          recipe.byCot?.[cot ? "cot" : "direct"]?.grader ?? recipe.grader,
          ...(recipe.extraGraders ?? []),
        ];
        const tail = promptTail(
          loaded.buildPrompt(sample, {
            endpointType: benchmark.endpointTypes?.[0] ?? "completions",
            nShots: 0,
            systemPrompt: undefined,
            cot,
          }),
        );
        const suffix = suffixes
          .filter((each) => tail.endsWith(each))
          .reduce((longest, each) => (each.length > longest.length ? each : longest), "");
        for (const variant of variantsOf(recipe)) {
          for (const isCorrect of [true, false]) {
            const { response, toolCalls } = oracleAnswer(benchmark, [
              sample,
              isCorrect,
              variant,
              recipe,
              suffix,
            ]);
            for (const grader of graders) {
              // A form whose grader is a program (LongBench v2's chain of thought) asks and grades itself.
              const verdict = isRecipeProgram(grader)
                ? await programVerdict(benchmark, recipe, sample, isCorrect, variant, grader)
                : await isGradedCorrect(grader, sample, response, recipe, toolCalls);
              expect({
                sample: sample.id,
                cot,
                variant,
                response,
                isCorrect: verdict,
              }).toEqual({
                sample: sample.id,
                cot,
                variant,
                response,
                isCorrect,
              });
            }
          }
        }
      }
    }
  });

  it("answers, where recipes share a sample's prompt suffix, in a form every one of their graders reads right", async () => {
    const { benchmark, recipe } = await loadRecipe(name, recipeName);
    const loaded = await loadFixtures(benchmark, 0, recipe);
    for (const other of benchmark.recipes) {
      if (other === recipe) continue;
      if (other.executesCode === true && !canExecuteCode) continue;
      const otherLoaded = await loadFixtures(benchmark, 0, other);
      for (const sample of loaded.samples) {
        const twin = otherLoaded.samples.find((candidate) => candidate.id === sample.id);
        if (
          twin === undefined ||
          benchmark.oracle.promptSuffix(twin, other) !== benchmark.oracle.promptSuffix(sample, recipe)
        )
          continue;
        // The oracle answers with the first registered recipe's phrasing; the other must grade it the same way.
        const first = benchmark.recipes.indexOf(recipe) < benchmark.recipes.indexOf(other) ? recipe : other;
        for (const isCorrect of [true, false]) {
          const answer = oracleAnswer(benchmark, [sample, isCorrect, 0, first]);
          const verdict = isRecipeProgram(other.grader)
            ? await programVerdict(benchmark, other, twin, isCorrect, 0)
            : await isGradedCorrect(other.grader, twin, answer.response, other, answer.toolCalls);
          expect({ recipe: other.name, sample: sample.id, isCorrect: verdict }).toEqual({
            recipe: other.name,
            sample: sample.id,
            isCorrect,
          });
        }
      }
    }
  });
});

describe("selectRecipe", () => {
  it("takes the first recipe by default, one name for every benchmark, or benchmark=name pairs", async () => {
    const mmlu = await loadBenchmark("mmlu");
    const gsm8k = await loadBenchmark("gsm8k");
    expect(selectRecipe(mmlu, undefined)).toBe(mmlu.recipes[0]);
    expect(selectRecipe(mmlu, [])).toBe(mmlu.recipes[0]);
    const last = mmlu.recipes.at(-1);
    expect(selectRecipe(mmlu, [last?.name ?? ""])).toBe(last);
    expect(selectRecipe(mmlu, [`mmlu=${last?.name}`])).toBe(last);
    // A pair for another benchmark leaves this one at its default.
    expect(selectRecipe(gsm8k, [`mmlu=${last?.name}`])).toBe(gsm8k.recipes[0]);
  });

  it("refuses an unknown name with the benchmark's recipes, and a mix of names and pairs", async () => {
    const mmlu = await loadBenchmark("mmlu");
    expect(() => selectRecipe(mmlu, ["nope"])).toThrow(
      new RegExp(
        `mmlu has no recipe "nope"\\. Its recipes: ${mmlu.recipes.map((recipe) => recipe.name).join(", ")}`,
      ),
    );
    expect(() => selectRecipe(mmlu, ["lm-eval", "gsm8k=sglang"])).toThrow(/not both/);
    expect(() => selectRecipe(mmlu, ["lm-eval", "sglang"])).toThrow(/several names/);
  });

  it("writes a source as repository, path and pin", () => {
    expect(formatRecipeSource({ repository: "o/r", path: "a/b.py", pin: "1.2.3" })).toBe("o/r a/b.py@1.2.3");
    expect(formatRecipeSource({ repository: "lighteval", pin: "0.10.0" })).toBe("lighteval@0.10.0");
  });
});

describe("benchmark registry", () => {
  it("lists the benchmarks and rejects an unknown name with the list", async () => {
    expect(BENCHMARK_NAMES).toEqual(expect.arrayContaining(["bigbench", "gsm8k", "mmlu"]));
    await expect(loadBenchmark("nope")).rejects.toMatchObject({
      code: "E_NO_SUCH_BENCHMARK",
      available: BENCHMARK_NAMES,
    });
  });

  it("resolves aliases to the benchmark they name", async () => {
    expect((await loadBenchmark("bbh")).name).toBe("bigbench");
    for (const name of BENCHMARK_NAMES) {
      for (const alias of (await loadBenchmark(name)).aliases ?? []) {
        expect((await loadBenchmark(alias)).name).toBe(name);
      }
    }
  });
});
