// HellaSwag: 10,042 validation items, 10-shot (one per activity label) DeepEval prompt, exact-match letter.
import { DatasetError } from "../../errors.js";
import { letterOf } from "../../graders/multiple-choice.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { exactAnswerOracle } from "../exact-answer-oracle.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, Recipe } from "../types.js";
import {
  hellaswagLoglikelihood,
  hellaswagPromptText,
  hellaswagSuffix,
  lmEvalHellaswagQuestion,
} from "./hellaswag-prompt.js";
import type { HellaswagItem, HellaswagSample } from "./hellaswag-sample.js";
import { firstPerActivityLabel, readHellaswagTrain, readHellaswagValidation } from "./read-hellaswag-rows.js";

/** DeepEval asserts n_shots <= 15. */
const MAX_N_SHOTS = 15;

async function load(options: LoadOptions): Promise<LoadedBenchmark<HellaswagSample>> {
  checkNShots("hellaswag", options.nShots, MAX_N_SHOTS);
  const isLmEval = (options.recipe ?? RECIPES[0]).name === "lm-eval";
  const items = await readHellaswagValidation(options.context);
  const samples: HellaswagSample[] = items.map((item, index) => ({
    ...item,
    id: String(index),
    task: item.activityLabel,
    gold: letterOf(item.label),
    choices: item.endings,
  }));
  const pool = options.nShots > 0 ? firstPerActivityLabel(await readHellaswagTrain(options.context)) : [];
  if (pool.length < options.nShots) {
    throw new DatasetError(
      `hellaswag: the train split has ${pool.length} activity labels; ${options.nShots} shots asked.`,
    );
  }
  const loadedNShots = options.nShots;
  const shotsFor = (nShots: number): HellaswagItem[] => {
    checkNShots("hellaswag", nShots, loadedNShots, "the n-shots it was loaded with");
    return pool.slice(0, nShots);
  };
  return {
    samples,
    buildPrompt(sample, promptOptions) {
      return buildInlinePrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt),
        text: isLmEval
          ? [...shotsFor(promptOptions.nShots).map(lmEvalShot), lmEvalHellaswagQuestion(sample)].join("")
          : hellaswagPromptText(sample, shotsFor(promptOptions.nShots)),
      });
    },
    buildLoglikelihood(sample, promptOptions) {
      const likelihood = hellaswagLoglikelihood(sample, shotsFor(promptOptions.nShots));
      const systemPrompt = resolveSystemPrompt(promptOptions.systemPrompt);
      return systemPrompt === undefined
        ? likelihood
        : { ...likelihood, context: `${systemPrompt}\n\n${likelihood.context}` };
    },
  };
}

/** A solved shot of the `lm-eval` generative form: the question and " X\n\n". */
function lmEvalShot(item: HellaswagItem): string {
  return `${lmEvalHellaswagQuestion(item)} ${letterOf(item.label)}\n\n`;
}

const LM_EVAL_PIN = "4e7e0d47f33bc71070c1d38394bafbb52b117163";

const RECIPES: readonly [Recipe, ...Recipe[]] = [
  {
    name: "aiperf",
    description:
      "DeepEval's HellaSwagTemplate + its confinement line, as aiperf's hellaswag sends it (generative, 10 shots)",
    sources: [
      {
        repository: "ai-dynamo/aiperf",
        path: "src/aiperf/accuracy/benchmarks/hellaswag.py",
        pin: "68e913b92a07d153f6beb00e56cd04e725457e87",
      },
      {
        repository: "confident-ai/deepeval",
        path: "deepeval/benchmarks/hellaswag/template.py",
        pin: "a2e0d4cfd3118352d321c1c84bdeba17d4a201bc",
      },
    ],
    grader: "exact_match",
    defaultNShots: 10,
    chatFewShot: "inline",
    defaultParams: { maxTokens: 5 },
  },
  {
    name: "lm-eval",
    description:
      "lm-evaluation-harness hellaswag: --scoring loglikelihood over the preprocessed query and endings (acc, acc_norm), 0-shot",
    scoring: "loglikelihood",
    sources: [
      {
        repository: "EleutherAI/lm-evaluation-harness",
        path: "lm_eval/tasks/hellaswag/hellaswag.yaml",
        pin: LM_EVAL_PIN,
      },
      {
        repository: "EleutherAI/lm-evaluation-harness",
        path: "lm_eval/tasks/hellaswag/utils.py",
        pin: LM_EVAL_PIN,
      },
    ],
    grader: "exact_match",
    defaultNShots: 0,
    chatFewShot: "inline",
    defaultParams: { maxTokens: 5 },
  },
];

export const hellaswag: Benchmark<HellaswagSample> = {
  name: "hellaswag",
  description:
    "HellaSwag: 10,042 sentence endings to pick (A–D); 10-shot DeepEval prompt, or --scoring loglikelihood (acc, acc_norm).",
  dataset: "Rowan/hellaswag (validation; train for few-shot)",
  recipes: RECIPES,
  maxNShots: MAX_N_SHOTS,
  tasks: [],
  hasLoglikelihood: true,
  load,
  oracle: {
    promptSuffix: (sample, recipe) =>
      recipe.name === "lm-eval" ? lmEvalHellaswagQuestion(sample) : hellaswagSuffix(sample),
    answer: (sample, isCorrect, variant) =>
      exactAnswerOracle(sample.gold, isCorrect, variant, [letterOf((sample.label + 1 + (variant % 3)) % 4)], {
        isShort: true,
      }),
  },
};

export type { HellaswagSample } from "./hellaswag-sample.js";
