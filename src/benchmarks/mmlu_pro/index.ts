// MMLU-Pro: 12,032 questions with up to ten options in 14 categories; 5-shot CoT from the validation split.
import { ConfigError, DatasetError } from "../../errors.js";
import { letterOf } from "../../graders/multiple-choice.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import { createLetterOracle, type LetterPhrasing } from "../letter-oracle.js";
import type { Benchmark, BenchmarkSample, LoadedBenchmark, LoadOptions } from "../types.js";
import { mmluProExample, mmluProHeader, mmluProQuery } from "./mmlu-pro-prompt.js";
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
        text: mmluProHeader(sample.category) + examples.map(mmluProExample).join("") + mmluProQuery(sample),
      });
    },
  };
}

export const mmluPro: Benchmark<MmluProSample> = {
  name: "mmlu_pro",
  description: "MMLU-Pro: 12,032 questions with up to ten options (A–J) in 14 categories; 5-shot CoT.",
  dataset: "TIGER-Lab/MMLU-Pro (test; validation for CoT few-shot)",
  recipes: [
    {
      name: "tiger",
      description:
        "the official evaluate_from_local.py: 5 CoT shots of the category from the validation split",
      sources: [
        {
          repository: "TIGER-AI-Lab/MMLU-Pro",
          path: "evaluate_from_local.py",
          pin: "7478e2681849424bff7c2787bda5f3c9abf98a62",
        },
      ],
      grader: "multiple_choice",
      defaultNShots: 5,
      chatFewShot: "inline",
      defaultParams: { maxTokens: 2048 },
      defaultParamsByEndpoint: { completions: { maxTokens: 2048, stop: ["Question:"] } },
    },
  ],
  maxNShots: MAX_N_SHOTS,
  tasks: MMLU_PRO_CATEGORIES,
  /** The official scripts: max_new_tokens 2048 (local) and stop at "Question:". */
  load,
  oracle: createLetterOracle<MmluProSample>({
    promptSuffix: (sample) => mmluProQuery(sample),
    answerIndex: (sample) => sample.answerIndex,
    options: (sample) => sample.options,
    phrasings: PHRASINGS,
  }),
};
