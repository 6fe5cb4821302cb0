// WikiText-2 (raw) test pages as lm-eval's `wikitext` task scores them: each page detokenized, its tokens scored in
// rolling windows through `echo` + `logprobs` (a prefix token first), word perplexity (words of the original page)
// as the score, byte perplexity and bits per byte beside it; lower is better.

import { ConfigError } from "../../errors.js";
import { PYTHON_WHITESPACE_CLASS } from "../../graders/python-whitespace.js";
import { checkNShots } from "../check-n-shots.js";
import { zeroShotInlinePrompt } from "../inline-prompt.js";
import { LM_EVAL_DEFAULT_MAX_LENGTH } from "../rolling-token-windows.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, Recipe } from "../types.js";
import { readWikitextPages, WIKITEXT_HUB } from "./read-wikitext-pages.js";
import { wikitextDetokenize } from "./wikitext-detokenizer.js";
import { wikitextOracle } from "./wikitext-oracle.js";
import { wikitextProgram } from "./wikitext-program.js";
import type { WikitextSample } from "./wikitext-sample.js";

const LM_EVAL = "EleutherAI/lm-evaluation-harness";
const LM_EVAL_PIN = "4e7e0d47f33bc71070c1d38394bafbb52b117163";

export const LM_EVAL_RECIPE: Recipe = {
  name: "lm-eval",
  description:
    "lm-eval wikitext: detokenized pages, rolling windows of --max-context-tokens (2048) after BOS, word perplexity (lower is better)",
  sources: [
    { repository: LM_EVAL, path: "lm_eval/tasks/wikitext/wikitext.yaml", pin: LM_EVAL_PIN },
    { repository: LM_EVAL, path: "lm_eval/tasks/wikitext/preprocess_wikitext.py", pin: LM_EVAL_PIN },
    { repository: LM_EVAL, path: "lm_eval/utils.py", pin: LM_EVAL_PIN },
    { repository: LM_EVAL, path: "lm_eval/models/api_models.py", pin: LM_EVAL_PIN },
    { repository: LM_EVAL, path: "lm_eval/models/openai_completions.py", pin: LM_EVAL_PIN },
    { repository: LM_EVAL, path: "lm_eval/api/metrics.py", pin: LM_EVAL_PIN },
  ],
  grader: wikitextProgram,
  defaultNShots: 0,
  defaultEndpointType: "completions",
  // Each window is one `echo: true, logprobs: 1, max_tokens: 1, temperature: 0` completion (lm-eval's payload).
  defaultParams: { maxTokens: 1, temperature: 0 },
  headline: { metric: "word_perplexity", scale: 1, higherIsBetter: false },
};

const WORD_SEPARATOR = new RegExp(`${PYTHON_WHITESPACE_CLASS}+`);

/** `len(re.split(r"\s+", page))`: Python's split counts the empty pieces before and after edge whitespace. */
export function countWords(page: string): number {
  return page.split(WORD_SEPARATOR).length;
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<WikitextSample>> {
  checkNShots("wikitext", options.nShots, 0);
  if (options.tasks !== undefined && options.tasks.length > 0) {
    throw new ConfigError(`wikitext has no subtasks; --tasks ${options.tasks.join(",")} does not apply.`);
  }
  const maxLength = options.longContext?.maxContextTokens ?? LM_EVAL_DEFAULT_MAX_LENGTH;
  if (!Number.isInteger(maxLength) || maxLength < 3) {
    throw new ConfigError(
      `wikitext: --max-context-tokens ${maxLength} is too small for lm-eval's rolling windows (at least 3: one token is kept for generation, one for the context).`,
    );
  }
  const { pages, source } = await readWikitextPages(options.context);
  const samples = pages.map((page, index): WikitextSample => {
    const words = countWords(page);
    return {
      id: `test/${index}`,
      task: "wikitext",
      gold: `${words} words`,
      page,
      text: wikitextDetokenize(page),
      words,
      bytes: Buffer.byteLength(page, "utf8"),
      maxLength,
    };
  });
  return {
    samples,
    dataset: source,
    buildPrompt: (sample, promptOptions) => zeroShotInlinePrompt("wikitext", sample.text, promptOptions),
  };
}

export const wikitext: Benchmark<WikitextSample> = {
  name: "wikitext",
  description:
    "WikiText-2 (raw) test, 62 Wikipedia pages: lm-eval's rolling-window word perplexity (byte perplexity and bits per byte beside it); lower is better.",
  dataset: `${WIKITEXT_HUB.repo} (${WIKITEXT_HUB.config}, test)`,
  recipes: [LM_EVAL_RECIPE],
  maxNShots: 0,
  tasks: [],
  endpointTypes: ["completions"],
  load,
  oracle: wikitextOracle,
};
