// Humanity's Last Exam, text-only: 0-shot, the official response-format system prompts, image questions skipped.
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { exactAnswerOracle } from "../exact-answer-oracle.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, BenchmarkSample, LoadedBenchmark, LoadOptions } from "../types.js";
import { parseAnswerChoices, readHleRows } from "./read-hle-rows.js";

/** The system prompts of the official `hle_eval/run_model_predictions.py`, by answer type. */
export const HLE_SYSTEM_EXACT_ANSWER =
  "Your response should be in the following format:\nExplanation: {your explanation for your final answer}\nExact Answer: {your succinct, final answer}\nConfidence: {your confidence score between 0% and 100% for your answer}";
export const HLE_SYSTEM_MULTIPLE_CHOICE =
  "Your response should be in the following format:\nExplanation: {your explanation for your answer choice}\nAnswer: {your chosen answer}\nConfidence: {your confidence score between 0% and 100% for your answer}";

export interface HleSample extends BenchmarkSample {
  question: string;
  answerType: "exactMatch" | "multipleChoice";
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<HleSample>> {
  checkNShots("hle", options.nShots, 0);
  const rows = await readHleRows(options.context);
  const wanted = options.tasks !== undefined && options.tasks.length > 0 ? new Set(options.tasks) : undefined;
  const textOnly = rows.filter((row) => !row.hasImage);
  const samples: HleSample[] = textOnly
    .filter((row) => wanted === undefined || wanted.has(row.category))
    .map((row) => {
      const choices = row.answerType === "multipleChoice" ? parseAnswerChoices(row.question) : [];
      return {
        id: row.id,
        task: row.category,
        gold: row.answer.trim(),
        question: row.question,
        answerType: row.answerType,
        ...(choices.length > 0 ? { choices } : {}),
      };
    });
  const imageCount = rows.length - textOnly.length;
  return {
    samples,
    ...(imageCount > 0
      ? { skipped: { count: imageCount, reason: "questions with an image (text-only run)" } }
      : {}),
    buildPrompt(sample, promptOptions) {
      const fallback =
        sample.answerType === "multipleChoice" ? HLE_SYSTEM_MULTIPLE_CHOICE : HLE_SYSTEM_EXACT_ANSWER;
      return buildInlinePrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt, fallback),
        text: sample.question,
      });
    },
  };
}

export const hle: Benchmark<HleSample> = {
  name: "hle",
  description:
    "Humanity's Last Exam, text-only (gated: HF_TOKEN): 0-shot; letter or exact-answer match; image questions skipped.",
  dataset: "cais/hle (default, test; gated)",
  recipes: [
    {
      name: "hle",
      description: "the official run_model_predictions.py: its system prompt and answer format",
      sources: [
        {
          repository: "centerforaisafety/hle",
          path: "hle_eval/run_model_predictions.py",
          pin: "7b6be5aad6f9b43af3857de7867f3b52f6e4acb3",
        },
      ],
      grader: "choice_or_exact",
      defaultNShots: 0,
      chatFewShot: "inline",
      defaultParams: { maxTokens: 8192 },
    },
  ],
  maxNShots: 0,
  tasks: [],
  load,
  oracle: {
    promptSuffix: (sample) => sample.question,
    answer(sample, isCorrect, variant) {
      const choices = sample.choices ?? [];
      if (choices.length === 0) return exactAnswerOracle(sample.gold, isCorrect, variant);
      const goldIndex = sample.gold.charCodeAt(0) - 65;
      const index = isCorrect
        ? goldIndex
        : (goldIndex + 1 + (Math.abs(variant) % (choices.length - 1))) % choices.length;
      const letter = String.fromCharCode(65 + index);
      return variant % 2 === 0
        ? `Explanation: by elimination.\nAnswer: ${letter}\nConfidence: 70%`
        : `The answer is (${letter}).`;
    },
  },
};
