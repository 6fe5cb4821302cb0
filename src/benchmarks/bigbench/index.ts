// BIG-Bench-Hard (`bigbench`, alias `bbh`): 27 tasks, 3-shot from the canonical prompt files, exact match.
import { ConfigError, DatasetError } from "../../errors.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { exactAnswerOracle } from "../exact-answer-oracle.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions } from "../types.js";
import { BBH_TASKS, type BbhTask, isBbhTask } from "./bbh-tasks.js";
import type { BigbenchSample } from "./bigbench-sample.js";
import { type BbhPromptFile, bbhPromptText, bbhQuery } from "./parse-bbh-prompt-file.js";
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
  const tasks =
    selectTasks(options.tasks) ??
    (context.dataDir === undefined ? [...BBH_TASKS] : await listLocalBbhTasks(context));
  // The prompt files first (few KB each, fetched together): an offline or unreachable source fails fast.
  const needsPromptFiles = options.nShots > 0 || context.dataDir !== undefined;
  const promptFiles = new Map<BbhTask, BbhPromptFile>(
    needsPromptFiles
      ? await Promise.all(tasks.map(async (task) => [task, await readBbhPromptFile(context, task)] as const))
      : [],
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
      const file = promptFiles.get(sample.task) ?? descriptionOnly(sample.task, promptOptions.nShots);
      return buildInlinePrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt),
        text: bbhPromptText(file, sample.input, promptOptions.nShots, promptOptions.cot),
      });
    },
  };
}

/** Without the prompt file (0-shot from the Hub) the description is unknown: the prompt starts at the question. */
function descriptionOnly(task: BbhTask, nShots: number): BbhPromptFile {
  if (nShots > 0) throw new DatasetError(`bigbench: no prompt file loaded for ${task}.`);
  return { description: "", cotExemplars: [], directExemplars: [] };
}

export const bigbench: Benchmark<BigbenchSample> = {
  name: "bigbench",
  aliases: ["bbh"],
  description:
    "BIG-Bench-Hard: 6,511 questions in 27 tasks; 3-shot from the canonical prompt files (--cot: with reasoning).",
  dataset:
    "lukaemon/bbh (27 configs, test); few-shot: BIG-Bench-Hard cot-prompts/<task>.txt (GitHub, pinned commit)",
  recipes: [
    {
      name: "deepeval",
      description: "DeepEval's BigBenchHardTemplate as aiperf's bigbench renders it",
      sources: [
        {
          repository: "ai-dynamo/aiperf",
          path: "src/aiperf/accuracy/benchmarks/bigbench.py",
          pin: "77be640ad3a80488766f85c78b69f4dd34072d6a",
        },
      ],
      grader: "exact_match",
      defaultNShots: 3,
      chatFewShot: "inline",
      defaultParams: { maxTokens: 1024 },
    },
  ],
  maxNShots: MAX_N_SHOTS,
  tasks: BBH_TASKS,
  load,
  oracle: {
    promptSuffix: (sample) => bbhQuery(sample.input),
    answer: (sample, isCorrect, variant) =>
      exactAnswerOracle(sample.gold, isCorrect, variant, sample.otherTargets),
  },
};

export type { BigbenchSample } from "./bigbench-sample.js";
