// MMLU-Pro: 12,032 questions with up to ten options in 14 categories; the official local and API scripts' recipes.
import { ConfigError, DatasetError } from "../../errors.js";
import { letterOf } from "../../graders/multiple-choice.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import { createLetterOracle, type LetterPhrasing } from "../letter-oracle.js";
import type { Benchmark, BenchmarkSample, LoadedBenchmark, LoadOptions, Recipe } from "../types.js";
import { tigerApiPromptText, tigerApiQuery, tigerPromptText, tigerQuery } from "./mmlu-pro-prompt.js";
import { type MmluProRow, readMmluProRows } from "./read-mmlu-pro-rows.js";

const MAX_N_SHOTS = 5;

export const MMLU_PRO_CATEGORIES = [
  "biology",
  "business",
  "chemistry",
  "computer science",
  "economics",
  "engineering",
  "health",
  "history",
  "law",
  "math",
  "other",
  "philosophy",
  "physics",
  "psychology",
] as const;

export interface MmluProSample extends BenchmarkSample, MmluProRow {
  /** The question_id. */
  id: string;
  /** The category. */
  task: string;
  choices: readonly string[];
}

const PHRASINGS: readonly [LetterPhrasing, ...LetterPhrasing[]] = [
  (letter) => `Let's think step by step. Each option was checked. The answer is (${letter}).`,
  (letter) => `the answer is ${letter}`,
  (letter) => `Answer: ${letter}`,
  (letter) => `(${letter})`,
];

function selectCategories(tasks: readonly string[] | undefined): Set<string> | undefined {
  if (tasks === undefined || tasks.length === 0) return undefined;
  const known: readonly string[] = MMLU_PRO_CATEGORIES;
  const unknown = tasks.filter((task) => !known.includes(task));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Unknown MMLU-Pro categor${unknown.length > 1 ? "ies" : "y"} ${unknown.map((task) => `"${task}"`).join(", ")}. ` +
        `Available: ${MMLU_PRO_CATEGORIES.join(", ")}.`,
    );
  }
  return new Set(tasks);
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<MmluProSample>> {
  checkNShots("mmlu_pro", options.nShots, MAX_N_SHOTS);
  const isApi = (options.recipe ?? RECIPES[0]).name === "tiger-api";
  const wanted = selectCategories(options.tasks);
  const rows = await readMmluProRows(options.context, "test");
  const samples: MmluProSample[] = rows
    .filter((row) => wanted === undefined || wanted.has(row.category))
    .map((row) => ({
      ...row,
      id: String(row.questionId),
      task: row.category,
      gold: letterOf(row.answerIndex),
      choices: row.options,
    }));
  const shots = new Map<string, MmluProRow[]>();
  if (options.nShots > 0) {
    for (const row of await readMmluProRows(options.context, "validation")) {
      const list = shots.get(row.category) ?? [];
      list.push(row);
      shots.set(row.category, list);
    }
  }
  const loadedNShots = options.nShots;
  return {
    samples,
    buildPrompt(sample, promptOptions) {
      checkNShots("mmlu_pro", promptOptions.nShots, loadedNShots, "the n-shots it was loaded with");
      const examples = (shots.get(sample.category) ?? []).slice(0, promptOptions.nShots);
      if (examples.length < promptOptions.nShots) {
        throw new DatasetError(
          `MMLU-Pro validation split has ${examples.length} examples for "${sample.category}"; ${promptOptions.nShots} shots asked.`,
        );
      }
      return buildInlinePrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt),
        text: isApi
          ? tigerApiPromptText(sample.category, examples, sample)
          : tigerPromptText(sample.category, examples, sample),
      });
    },
  };
}

/** Answers in phrasings both official extraction chains read (the suffix depends on the recipe, below). */
const LETTER_ORACLE = createLetterOracle<MmluProSample>({
  promptSuffix: tigerQuery,
  answerIndex: (sample) => sample.answerIndex,
  options: (sample) => sample.options,
  phrasings: PHRASINGS,
});

const TIGER_PIN = "f418b116db00b065c2aea046518d8fcf74d39872";

const RECIPES: readonly [Recipe, ...Recipe[]] = [
  {
    name: "tiger",
    description:
      "the official evaluate_from_local.py: 5 CoT shots of the category from the validation split, stop at Question:",
    sources: [
      { repository: "TIGER-AI-Lab/MMLU-Pro", path: "evaluate_from_local.py", pin: TIGER_PIN },
      { repository: "TIGER-AI-Lab/MMLU-Pro", path: "cot_prompt_lib/initial_prompt.txt", pin: TIGER_PIN },
    ],
    grader: "mmlu_pro_extract",
    defaultNShots: 5,
    chatFewShot: "inline",
    defaultParams: { maxTokens: 2048, stop: ["Question:"] },
    // `eval_cot`: one shot fewer while `len(tokenizer(prompt)["input_ids"]) >= max_model_length - max_new_tokens`
    // (4096 - 2048), the model's own tokenizer with its special tokens.
    promptTokenBudget: { maxPromptTokens: 2047 },
  },
  {
    name: "tiger-api",
    description:
      "the official evaluate_from_api.py: its instruction, the 5 validation shots inline, 4000 tokens",
    sources: [{ repository: "TIGER-AI-Lab/MMLU-Pro", path: "evaluate_from_api.py", pin: TIGER_PIN }],
    grader: "mmlu_pro_api_extract",
    defaultNShots: 5,
    chatFewShot: "inline",
    defaultParams: {
      maxTokens: 4000,
      extraBody: { top_p: 1, frequency_penalty: 0, presence_penalty: 0 },
    },
  },
];

export const mmluPro: Benchmark<MmluProSample> = {
  name: "mmlu_pro",
  description: "MMLU-Pro: 12,032 questions with up to ten options (A–J) in 14 categories; 5-shot CoT.",
  dataset: "TIGER-Lab/MMLU-Pro (test; validation for CoT few-shot)",
  recipes: RECIPES,
  maxNShots: MAX_N_SHOTS,
  tasks: MMLU_PRO_CATEGORIES,
  load,
  oracle: {
    ...LETTER_ORACLE,
    promptSuffix: (sample, recipe) =>
      recipe.name === "tiger-api" ? tigerApiQuery(sample) : tigerQuery(sample),
  },
};
