// The GSM8K benchmark: 1,319 grade-school math problems, 0-shot by default, graded on the final number.
import { ConfigError } from "../../errors.js";
import { buildFewShotPrompt } from "../../prompts/build-few-shot-prompt.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions } from "../types.js";
import { gsm8kOracle } from "./gsm8k-oracle.js";
import { gsm8kQuery } from "./gsm8k-prompt.js";
import type { Gsm8kSample } from "./gsm8k-sample.js";
import { type Gsm8kRow, readGsm8kSplit } from "./read-gsm8k-rows.js";

const MAX_N_SHOTS = 8;

async function load(options: LoadOptions): Promise<LoadedBenchmark<Gsm8kSample>> {
  checkNShots("gsm8k", options.nShots, MAX_N_SHOTS);
  if (options.tasks !== undefined && options.tasks.length > 0) {
    throw new ConfigError(`gsm8k has no subtasks; --tasks ${options.tasks.join(",")} does not apply.`);
  }
  const test = await readGsm8kSplit(options.context, "test");
  const shots: Gsm8kRow[] =
    options.nShots > 0 ? (await readGsm8kSplit(options.context, "train")).slice(0, options.nShots) : [];
  const loadedNShots = options.nShots;
  const samples = test.map((row, index) => ({
    id: `test/${index}`,
    task: "gsm8k",
    gold: row.gold,
    question: row.question,
    answer: row.answer,
  }));
  return {
    samples,
    buildPrompt(sample, promptOptions) {
      checkNShots("gsm8k", promptOptions.nShots, loadedNShots, "the n-shots it was loaded with");
      return buildFewShotPrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt),
        examples: shots
          .slice(0, promptOptions.nShots)
          .map((row) => ({ query: gsm8kQuery(row.question), target: row.answer })),
        query: gsm8kQuery(sample.question),
      });
    },
  };
}

export const gsm8k: Benchmark<Gsm8kSample> = {
  name: "gsm8k",
  description: "GSM8K: 1,319 grade-school math word problems; the final number is graded.",
  dataset: "openai/gsm8k (main, test; train for few-shot)",
  recipes: [
    {
      name: "lighteval",
      description: "lighteval's gsm8k prompt (Question:/Answer:), 0-shot",
      sources: [
        {
          repository: "huggingface/lighteval",
          path: "src/lighteval/tasks/default_prompts.py",
          pin: "8736e8b143d0f80aed1780dec8f9cf06814df01b",
        },
      ],
      grader: "lighteval_gsm8k",
      defaultNShots: 0,
      defaultParams: { maxTokens: 256 },
      defaultParamsByEndpoint: { completions: { stop: ["Question:"] } },
    },
  ],
  maxNShots: MAX_N_SHOTS,
  tasks: [],
  load,
  oracle: gsm8kOracle,
};

export type { Gsm8kSample } from "./gsm8k-sample.js";
