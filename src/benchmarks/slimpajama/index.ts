// SlimPajama-6B perplexity as TensorRT-LLM's accuracy suite runs it (SlimPajama6B: examples/summarize.py
// --eval_task eval_context_ppl): the test split in `Dataset.shuffle(0)` order, documents of more than 10,000 tokens
// (first 16,384 kept), each document's perplexity from its own tokens' log-probabilities; the score is their mean,
// and lower is better.
import type { TextTokenizer } from "../../core/tokenizer.js";
import { ConfigError } from "../../errors.js";
import { hfShuffledIndices } from "../../stats/numpy-permutation.js";
import { checkNShots } from "../check-n-shots.js";
import { zeroShotInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, Recipe } from "../types.js";
import { readSlimpajamaRows, SLIMPAJAMA_HUB } from "./read-slimpajama-rows.js";
import { slimpajamaOracle } from "./slimpajama-oracle.js";
import { slimpajamaProgram } from "./slimpajama-program.js";
import type { SlimpajamaSample } from "./slimpajama-sample.js";
import {
  isSurelyShort,
  SLIMPAJAMA_MIN_INPUT_TOKENS,
  slimpajamaIds,
  slimpajamaText,
} from "./slimpajama-tokens.js";

const TRTLLM = "NVIDIA/TensorRT-LLM";

/** summarize.py's `--random_seed` default: `dataset.shuffle(0)`. */
export const SLIMPAJAMA_SHUFFLE_SEED = 0;

export const TRTLLM_RECIPE: Recipe = {
  name: "trtllm",
  description:
    "TensorRT-LLM SlimPajama6B (summarize.py eval_context_ppl): shuffle(0), documents of > 10,000 tokens cut to 16,384, mean per-document perplexity (lower is better)",
  sources: [
    { repository: TRTLLM, path: "examples/summarize.py", pin: "010c4b27120c06d25c5f860fada9ba748801e0da" },
    {
      repository: TRTLLM,
      path: "tensorrt_llm/tools/ppl.py",
      pin: "587d063e6df72ba2a510c22d2a917f1b0bd4d4a5",
    },
    {
      repository: TRTLLM,
      path: "tests/integration/defs/accuracy/accuracy_core.py",
      pin: "3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6",
    },
  ],
  grader: slimpajamaProgram,
  defaultNShots: 0,
  defaultEndpointType: "completions",
  // One `echo: true, logprobs: 1, max_tokens: 1, temperature: 0` completion a document (summarize.py: output_len 1).
  defaultParams: { maxTokens: 1, temperature: 0 },
  // `dataset.shuffle(0)`, then the first NUM_SAMPLES (86) kept documents: the loader returns them in that order.
  subset: "first",
  headline: { metric: "perplexity", scale: 1, higherIsBetter: false },
  // accuracy_core.py `SlimPajama6B`: NUM_SAMPLES 86 ("Full sample with length >= 10000"), HIGHER_IS_BETTER False.
  taskParams: { alpha: 0.01, beta: 0.2, sigma: 4.48, numSamples: 86, higherIsBetter: false },
};

function needTokenizer(): ConfigError {
  return new ConfigError(
    "slimpajama keeps documents of more than 10,000 tokens and needs the model's tokenizer to count them: give --tokenizer (hf:OWNER/REPO, a tokenizer.json, gguf:FILE or server).",
  );
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<SlimpajamaSample>> {
  checkNShots("slimpajama", options.nShots, 0);
  if (options.tasks !== undefined && options.tasks.length > 0) {
    throw new ConfigError(`slimpajama has no subtasks; --tasks ${options.tasks.join(",")} does not apply.`);
  }
  const { rows, source } = await readSlimpajamaRows(options.context);
  const samples: SlimpajamaSample[] = [];
  let tokenizer: TextTokenizer | undefined;
  let skipped = 0;
  // summarize.py walks the shuffled split and skips a document of ≤ min_input_length ids without counting it.
  for (const index of hfShuffledIndices(rows.length, SLIMPAJAMA_SHUFFLE_SEED)) {
    const row = rows[index];
    if (row === undefined) continue;
    const text = slimpajamaText(row.text);
    if (isSurelyShort(text)) {
      skipped++;
      continue;
    }
    if (tokenizer === undefined) {
      if (options.tokenizer === undefined) throw needTokenizer();
      tokenizer = await options.tokenizer();
    }
    const ids = await slimpajamaIds(tokenizer, text);
    if (ids.length <= SLIMPAJAMA_MIN_INPUT_TOKENS) {
      skipped++;
      continue;
    }
    samples.push({
      id: `test/${index}`,
      task: "slimpajama",
      gold: `${ids.length} tokens`,
      facets: { redpajama_set_name: row.setName },
      text,
      ids,
    });
  }
  return {
    samples,
    dataset: source,
    ...(skipped === 0
      ? {}
      : {
          skipped: { count: skipped, reason: `documents of ${SLIMPAJAMA_MIN_INPUT_TOKENS} tokens or fewer` },
        }),
    buildPrompt: (sample, promptOptions) => zeroShotInlinePrompt("slimpajama", sample.text, promptOptions),
  };
}

export const slimpajama: Benchmark<SlimpajamaSample> = {
  name: "slimpajama",
  description:
    "SlimPajama-6B test documents of more than 10,000 tokens: TensorRT-LLM's per-document perplexity (first 16,384 tokens), mean over documents; lower is better.",
  dataset: `${SLIMPAJAMA_HUB.repo} (test)`,
  recipes: [TRTLLM_RECIPE],
  maxNShots: 0,
  tasks: [],
  endpointTypes: ["completions"],
  load,
  oracle: slimpajamaOracle,
};
