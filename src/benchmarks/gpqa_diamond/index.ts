// GPQA-Diamond as aiperf's gpqa_diamond: 0-shot simple-evals template, SHA-256-seeded option order, lighteval_gpqa.
import { ConfigError } from "../../errors.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions } from "../types.js";
import { gpqaOracle } from "./gpqa-oracle.js";
import { gpqaQuery } from "./gpqa-prompt.js";
import type { GpqaSample } from "./gpqa-sample.js";
import { readGpqaSamples } from "./read-gpqa-rows.js";

async function load(options: LoadOptions): Promise<LoadedBenchmark<GpqaSample>> {
  checkNShots("gpqa_diamond", options.nShots, 0);
  if (options.tasks !== undefined && options.tasks.length > 0) {
    throw new ConfigError(`gpqa_diamond has no subtasks; --tasks ${options.tasks.join(",")} does not apply.`);
  }
  const samples = await readGpqaSamples(options.context);
  return {
    samples,
    buildPrompt(sample, promptOptions) {
      checkNShots("gpqa_diamond", promptOptions.nShots, 0);
      return buildInlinePrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt),
        text: gpqaQuery(sample),
      });
    },
  };
}

export const gpqaDiamond: Benchmark<GpqaSample> = {
  name: "gpqa_diamond",
  description:
    "GPQA-Diamond (198 questions, gated: HF_TOKEN): 0-shot simple-evals template, options in a SHA-256-seeded order.",
  dataset: "Idavidrein/gpqa (gpqa_diamond, train; gated)",
  recipes: [
    {
      name: "simple-evals",
      description: "aiperf's gpqa_diamond (simple-evals' prompt, deterministic option order)",
      sources: [
        {
          repository: "ai-dynamo/aiperf",
          path: "src/aiperf/accuracy/benchmarks/gpqa_diamond.py",
          pin: "f3f25b6141b29fc787675bfaf58542e4aab7cc8e",
        },
      ],
      grader: "lighteval_gpqa",
      defaultNShots: 0,
      defaultParams: { maxTokens: 32768 },
    },
  ],
  maxNShots: 0,
  tasks: [],
  load,
  oracle: gpqaOracle,
};
