// The MMLU benchmark: 57 subjects of four-option questions, 5-shot from the dev split, graded by letter.
import { ConfigError, DatasetError } from "../../errors.js";
import { letterOf } from "../../graders/multiple-choice.js";
import { buildFewShotPrompt } from "../../prompts/build-few-shot-prompt.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions } from "../types.js";
import { mmluOracle } from "./mmlu-oracle.js";
import { mmluHeader, mmluQuestionBlock } from "./mmlu-prompt.js";
import type { MmluSample } from "./mmlu-sample.js";
import {
  listLocalMmluSubjects,
  type MmluRowsBySubject,
  type MmluSplit,
  readMmluHubSplit,
  readMmluLocalSplit,
} from "./read-mmlu-rows.js";
import { isMmluSubject, MMLU_SUBJECTS, type MmluSubject } from "./subjects.js";

const MAX_N_SHOTS = 5;

function selectSubjects(tasks: readonly string[] | undefined): MmluSubject[] | undefined {
  if (tasks === undefined || tasks.length === 0) return undefined;
  const unknown = tasks.filter((task) => !isMmluSubject(task));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Unknown MMLU subject${unknown.length > 1 ? "s" : ""} ${unknown.map((task) => `"${task}"`).join(", ")}. ` +
        `Available: ${MMLU_SUBJECTS.join(", ")}.`,
    );
  }
  return [...new Set(tasks.filter(isMmluSubject))].sort();
}

async function readSplit(options: LoadOptions, split: MmluSplit, subjects: readonly MmluSubject[]) {
  const { context } = options;
  return context.dataDir === undefined
    ? readMmluHubSplit(context, split, subjects)
    : readMmluLocalSplit(context, split, subjects);
}

function toSamples(rowsBySubject: MmluRowsBySubject): MmluSample[] {
  return [...rowsBySubject].flatMap(([subject, rows]) =>
    rows.map((row, index) => ({
      id: `${subject}/${index}`,
      task: subject,
      subject,
      gold: letterOf(row.answerIndex),
      question: row.question,
      choices: row.choices,
      answerIndex: row.answerIndex,
    })),
  );
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<MmluSample>> {
  checkNShots("mmlu", options.nShots, MAX_N_SHOTS);
  const selected = selectSubjects(options.tasks);
  const subjects =
    selected ??
    (options.context.dataDir === undefined
      ? [...MMLU_SUBJECTS]
      : await listLocalMmluSubjects(options.context));
  const samples = toSamples(await readSplit(options, "test", subjects));
  const dev =
    options.nShots > 0 ? await readSplit(options, "dev", subjects) : new Map<MmluSubject, never[]>();
  const loadedNShots = options.nShots;
  const loaded: LoadedBenchmark<MmluSample> = {
    samples,
    /** lm-evaluation-harness's mmlu: the flat prompt as context, " A" … " D" as continuations. */
    buildLoglikelihood(sample, promptOptions) {
      const prompt = loaded.buildPrompt(sample, { ...promptOptions, endpointType: "completions" });
      return {
        context: prompt.type === "completion" ? prompt.text : "",
        continuations: sample.choices.map((_, index) => ` ${letterOf(index)}`),
        goldIndex: sample.answerIndex,
      };
    },
    buildPrompt(sample, promptOptions) {
      checkNShots("mmlu", promptOptions.nShots, loadedNShots, "the n-shots it was loaded with");
      const shots = (dev.get(sample.subject) ?? []).slice(0, promptOptions.nShots);
      if (shots.length < promptOptions.nShots) {
        throw new DatasetError(
          `MMLU dev split has ${shots.length} examples for "${sample.subject}"; ${promptOptions.nShots} shots asked.`,
        );
      }
      return buildFewShotPrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt),
        instruction: mmluHeader(sample.subject),
        examples: shots.map((row) => ({ query: mmluQuestionBlock(row), target: letterOf(row.answerIndex) })),
        query: mmluQuestionBlock(sample),
      });
    },
  };
  return loaded;
}

export const mmlu: Benchmark<MmluSample> = {
  name: "mmlu",
  description: "MMLU: 14,042 four-option questions in 57 subjects; 5-shot from the dev split by default.",
  dataset: "cais/mmlu (all, test; dev for few-shot)",
  recipes: [
    {
      name: "lm-eval",
      description: "lm-evaluation-harness's mmlu template: the subject header, the question, A-D and Answer:",
      sources: [
        {
          repository: "EleutherAI/lm-evaluation-harness",
          path: "lm_eval/tasks/mmlu/default/_default_template_yaml",
          pin: "478562342bc95d21cf894a6975b50e2463eaaa31",
        },
      ],
      grader: "multiple_choice",
      defaultNShots: 5,
      defaultParams: { maxTokens: 256 },
      defaultParamsByEndpoint: { completions: { maxTokens: 32, stop: ["\n\n"] } },
    },
  ],
  maxNShots: MAX_N_SHOTS,
  tasks: MMLU_SUBJECTS,
  load,
  hasLoglikelihood: true,
  oracle: mmluOracle,
};

export type { MmluSample } from "./mmlu-sample.js";
