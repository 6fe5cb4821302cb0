// BIG-Bench-Hard (`bigbench`, alias `bbh`): 27 tasks, 3-shot from the canonical prompt files; DeepEval and lm-eval recipes.
import { ConfigError, DatasetError } from "../../errors.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { exactAnswerOracle } from "../exact-answer-oracle.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, Recipe } from "../types.js";
import { BBH_PROMPTS_COMMIT } from "./bbh-prompt-source.js";
import { BBH_TASKS, type BbhTask, isBbhTask } from "./bbh-tasks.js";
import type { BigbenchSample } from "./bigbench-sample.js";
import { deepevalBbhPromptText, deepevalBbhSuffix } from "./deepeval-bbh-prompt.js";
import { lmEvalBbhPrompt, lmEvalBbhQuery } from "./lm-eval-bbh-prompt.js";
import type { BbhPromptFile } from "./parse-bbh-prompt-file.js";
import { listLocalBbhTasks, readBbhPromptFile, readBbhRows } from "./read-bbh-rows.js";

const MAX_N_SHOTS = 3;

function selectTasks(tasks: readonly string[] | undefined): BbhTask[] | undefined {
  if (tasks === undefined || tasks.length === 0) return undefined;
  const unknown = tasks.filter((task) => !isBbhTask(task));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Unknown BBH task${unknown.length > 1 ? "s" : ""} ${unknown.map((task) => `"${task}"`).join(", ")}. ` +
        `Available: ${BBH_TASKS.join(", ")}.`,
    );
  }
  return [...new Set(tasks.filter(isBbhTask))].sort();
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<BigbenchSample>> {
  checkNShots("bigbench", options.nShots, MAX_N_SHOTS);
  const { context } = options;
  const recipe = options.recipe ?? RECIPES[0];
  const tasks =
    selectTasks(options.tasks) ??
    (context.dataDir === undefined ? [...BBH_TASKS] : await listLocalBbhTasks(context));
  // The prompt files first (few KB each, fetched together): an offline or unreachable source fails fast. Every
  // recipe needs them, at 0 shots too: the task description opens every prompt.
  const promptFiles = new Map<BbhTask, BbhPromptFile>(
    await Promise.all(tasks.map(async (task) => [task, await readBbhPromptFile(context, task)] as const)),
  );
  const samples: BigbenchSample[] = [];
  for (const task of tasks) {
    const rows = await readBbhRows(context, task);
    const targets = [...new Set(rows.map((row) => row.target))];
    rows.forEach((row, index) => {
      samples.push({
        id: `${task}/${index}`,
        task,
        gold: row.target,
        input: row.input,
        otherTargets: targets.filter((target) => target !== row.target).slice(0, 3),
      });
    });
  }
  const loadedNShots = options.nShots;
  return {
    samples,
    buildPrompt(sample, promptOptions) {
      checkNShots("bigbench", promptOptions.nShots, loadedNShots, "the n-shots it was loaded with");
      const file = promptFiles.get(sample.task);
      if (file === undefined) throw new DatasetError(`bigbench: no prompt file loaded for ${sample.task}.`);
      if (recipe.name === "lm-eval") {
        return lmEvalBbhPrompt({
          file,
          question: sample.input,
          nShots: promptOptions.nShots,
          isCot: promptOptions.cot,
          endpointType: promptOptions.endpointType,
          systemPrompt: promptOptions.systemPrompt,
        });
      }
      return buildInlinePrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt),
        text: deepevalBbhPromptText(sample.task, file, sample.input, promptOptions.nShots, promptOptions.cot),
      });
    },
  };
}

const RECIPES: readonly [Recipe, ...Recipe[]] = [
  {
    name: "deepeval",
    description:
      "DeepEval's BigBenchHardTemplate + its confinement line, as aiperf's bigbench sends it (CoT by default)",
    sources: [
      {
        repository: "ai-dynamo/aiperf",
        path: "src/aiperf/accuracy/benchmarks/bigbench.py",
        pin: "77be640ad3a80488766f85c78b69f4dd34072d6a",
      },
      {
        repository: "confident-ai/deepeval",
        path: "deepeval/benchmarks/big_bench_hard/template.py",
        pin: "a2e0d4cfd3118352d321c1c84bdeba17d4a201bc",
      },
      {
        repository: "confident-ai/deepeval",
        path: "deepeval/benchmarks/big_bench_hard/big_bench_hard.py",
        pin: "a2e0d4cfd3118352d321c1c84bdeba17d4a201bc",
      },
      { repository: "suzgunmirac/BIG-Bench-Hard", path: "cot-prompts", pin: BBH_PROMPTS_COMMIT },
    ],
    grader: "exact_match",
    defaultNShots: 3,
    defaultCot: true,
    chatFewShot: "inline",
    defaultParams: { maxTokens: 1024 },
  },
  {
    name: "lm-eval",
    description:
      "lm-evaluation-harness bbh_fewshot (--cot: bbh_cot_fewshot), 3 shots, get-answer filter with --cot",
    sources: [
      {
        repository: "EleutherAI/lm-evaluation-harness",
        path: "lm_eval/tasks/bbh/fewshot/_fewshot_template_yaml",
        pin: "4e7e0d47f33bc71070c1d38394bafbb52b117163",
      },
      {
        repository: "EleutherAI/lm-evaluation-harness",
        path: "lm_eval/tasks/bbh/cot_fewshot/_cot_fewshot_template_yaml",
        pin: "4e7e0d47f33bc71070c1d38394bafbb52b117163",
      },
      {
        repository: "EleutherAI/lm-evaluation-harness",
        path: "lm_eval/api/task.py",
        pin: "4e7e0d47f33bc71070c1d38394bafbb52b117163",
      },
      { repository: "suzgunmirac/BIG-Bench-Hard", path: "cot-prompts", pin: BBH_PROMPTS_COMMIT },
    ],
    grader: "lm_eval_bbh_fewshot",
    defaultNShots: 3,
    defaultCot: false,
    defaultParams: { maxTokens: 256, stop: ["</s>", "Q", "\n\n"] },
    byCot: { cot: { grader: "lm_eval_bbh_cot", defaultParams: { maxTokens: 1024 } } },
  },
];

/** Reasoning the oracle writes before lm-eval's CoT answer line (free of the recipe's stops "Q" and a blank line). */
const LM_EVAL_COT_REASONING = ["", "Let's think step by step.\nEach option was weighed in turn. "];

export const bigbench: Benchmark<BigbenchSample> = {
  name: "bigbench",
  aliases: ["bbh"],
  description:
    "BIG-Bench-Hard: 6,511 questions in 27 tasks; 3-shot from the canonical prompt files (--cot: with reasoning).",
  dataset:
    "lukaemon/bbh (27 configs, test); few-shot: BIG-Bench-Hard cot-prompts/<task>.txt (GitHub, pinned commit)",
  recipes: RECIPES,
  maxNShots: MAX_N_SHOTS,
  tasks: BBH_TASKS,
  load,
  oracle: {
    promptSuffix: (sample, recipe) =>
      recipe.name === "lm-eval"
        ? lmEvalBbhQuery(sample.input, false)
        : deepevalBbhSuffix(sample.task, sample.input),
    // lm-eval's bbh_cot_fewshot (`--cot`) ends its query with the step-by-step trigger instead.
    otherPromptSuffixes: (sample, recipe) =>
      recipe.name === "lm-eval" ? [lmEvalBbhQuery(sample.input, true)] : [],
    answer: (sample, isCorrect, variant, recipe, suffix) => {
      if (recipe.name !== "lm-eval")
        return exactAnswerOracle(sample.gold, isCorrect, variant, sample.otherTargets);
      // bbh_fewshot compares the raw response with the target: the bare answer, nothing around it.
      const bare = exactAnswerOracle(sample.gold, isCorrect, 0, sample.otherTargets);
      // bbh_cot_fewshot (`--cot`) reads what follows "the answer is " up to the line's last character.
      return suffix === lmEvalBbhQuery(sample.input, true)
        ? `${LM_EVAL_COT_REASONING[variant % LM_EVAL_COT_REASONING.length] ?? ""}So the answer is ${bare}.`
        : bare;
    },
  },
};

export type { BigbenchSample } from "./bigbench-sample.js";
