// The MMLU benchmark: 57 subjects of four-option questions, few-shot from the dev split, in five reference recipes.
import { ConfigError, DatasetError } from "../../errors.js";
import { letterOf } from "../../graders/multiple-choice.js";
import { loadTiktokenCounter } from "../../prompts/load-tiktoken-counter.js";
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions } from "../types.js";
import { createShotFitter } from "./fit-shots-to-token-limit.js";
import { mmluOracle } from "./mmlu-oracle.js";
import { MMLU_RECIPES, mmluFormatOf } from "./mmlu-recipes.js";
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
  const format = mmluFormatOf(options.recipe ?? MMLU_RECIPES[0]);
  const selected = selectSubjects(options.tasks);
  const subjects =
    selected ??
    (options.context.dataDir === undefined
      ? [...MMLU_SUBJECTS]
      : await listLocalMmluSubjects(options.context));
  const samples = toSamples(await readSplit(options, "test", subjects));
  const dev =
    options.nShots > 0 ? await readSplit(options, "dev", subjects) : new Map<MmluSubject, never[]>();
  // The recipe's shot order, worked out once per subject (lighteval's balanced sampler is seeded per task).
  const orderedDev = new Map([...dev].map(([subject, rows]) => [subject, format.orderShots(rows)] as const));
  const loadedNShots = options.nShots;
  const limit = format.shotTokenLimit;
  const fitShots =
    limit !== undefined && loadedNShots > 0
      ? createShotFitter(limit, await loadTiktokenCounter(limit.encoding))
      : undefined;
  const loaded: LoadedBenchmark<MmluSample> = {
    samples,
    /** The recipe's flat prompt as context, " A" … " D" as continuations (with `lm-eval`: lm-evaluation-harness's mmlu). */
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
      const rows = orderedDev.get(sample.subject) ?? [];
      if (rows.length < promptOptions.nShots) {
        throw new DatasetError(
          `MMLU dev split has ${rows.length} examples for "${sample.subject}"; ${promptOptions.nShots} shots asked.`,
        );
      }
      const nShots = fitShots?.(sample.subject, rows, promptOptions.nShots) ?? promptOptions.nShots;
      return format.buildPrompt({ sample, orderedDev: rows, options: { ...promptOptions, nShots } });
    },
  };
  return loaded;
}

export const mmlu: Benchmark<MmluSample> = {
  name: "mmlu",
  description: "MMLU: 14,042 four-option questions in 57 subjects; 5-shot from the dev split by default.",
  dataset: "cais/mmlu (all, test; dev for few-shot)",
  recipes: MMLU_RECIPES,
  maxNShots: MAX_N_SHOTS,
  tasks: MMLU_SUBJECTS,
  load,
  hasLoglikelihood: true,
  oracle: mmluOracle,
};

export type { MmluSample } from "./mmlu-sample.js";
