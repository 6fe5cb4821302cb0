// LongBench v2 (THUDM/LongBench-v2, 503 long-context multiple-choice questions): the official templates, the middle
// cut to --max-context-tokens in tokens, pred.py's answer extraction, results per domain, difficulty and length.
import type { Prompt } from "../../core/prompt.js";
import { ConfigError } from "../../errors.js";
import { checkNShots } from "../check-n-shots.js";
import { zeroShotInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions } from "../types.js";
import { longbenchV2Oracle } from "./longbench-v2-oracle.js";
import { fillLongbenchV2Template, LONGBENCH_V2_TEMPLATES } from "./longbench-v2-prompt.js";
import { LONGBENCH_V2_RECIPES, longbenchV2Form } from "./longbench-v2-recipes.js";
import type { LongbenchV2Sample } from "./longbench-v2-sample.js";
import { readLongbenchV2Samples } from "./read-longbench-v2-rows.js";
import { DEFAULT_MAX_CONTEXT_TOKENS, truncateMiddle } from "./truncate-middle.js";

/** The six domains (the tasks), as data.json names them. */
export const LONGBENCH_V2_DOMAINS = [
  "Single-Document QA",
  "Multi-Document QA",
  "Long In-context Learning",
  "Long-dialogue History Understanding",
  "Code Repository Understanding",
  "Long Structured Data Understanding",
] as const;

function checkTasks(tasks: readonly string[] | undefined): Set<string> | undefined {
  if (tasks === undefined || tasks.length === 0) return undefined;
  const unknown = tasks.filter((task) => !(LONGBENCH_V2_DOMAINS as readonly string[]).includes(task));
  if (unknown.length > 0) {
    throw new ConfigError(
      `longbench_v2 has no domain ${unknown.map((task) => `"${task}"`).join(", ")}; its domains: ${LONGBENCH_V2_DOMAINS.join(", ")}.`,
    );
  }
  return new Set(tasks);
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<LongbenchV2Sample>> {
  checkNShots("longbench_v2", options.nShots, 0);
  const tasks = checkTasks(options.tasks);
  const form = longbenchV2Form(options.recipe);
  const maxLen = options.longContext?.maxContextTokens ?? DEFAULT_MAX_CONTEXT_TOKENS;
  const fitToBudget = (prompt: string) => truncateMiddle(prompt, maxLen, options.tokenizer);
  const all = await readLongbenchV2Samples(options.context, fitToBudget);
  const samples = tasks === undefined ? all : all.filter((sample) => tasks.has(sample.task));
  /** The template of a prompt: `--cot` asks the chain of thought's first request (its program sends both). */
  const templateOf = (promptOptions: PromptOptions) =>
    LONGBENCH_V2_TEMPLATES[promptOptions.cot ? form.cotFirst : form.direct];
  const asPrompt = (text: string, promptOptions: PromptOptions): Prompt =>
    zeroShotInlinePrompt("longbench_v2", text, promptOptions);
  return {
    samples,
    // The whole prompt, before the cut (what `grade` records and the oracle reads): the context read back from
    // data.json, synchronously, since the rows do not keep it.
    buildPrompt(sample, promptOptions) {
      const template = templateOf(promptOptions);
      const context = template.includes("$DOC$") ? sample.context.readSync() : "";
      return asPrompt(fillLongbenchV2Template(template, { ...sample, context }), promptOptions);
    },
    async preparePrompt(sample, promptOptions) {
      const template = templateOf(promptOptions);
      const context = template.includes("$DOC$") ? await sample.context.read() : "";
      const text = await fitToBudget(fillLongbenchV2Template(template, { ...sample, context }));
      return asPrompt(text, promptOptions);
    },
  };
}

export const longbenchV2: Benchmark<LongbenchV2Sample> = {
  name: "longbench_v2",
  description:
    "LongBench v2: 503 multiple-choice questions over 8k–2M-word contexts, cut in the middle to --max-context-tokens; " +
    "results per difficulty and length.",
  dataset: "THUDM/LongBench-v2 (data.json, train)",
  recipes: [...LONGBENCH_V2_RECIPES],
  maxNShots: 0,
  tasks: [...LONGBENCH_V2_DOMAINS],
  endpointTypes: ["chat"],
  facetOrder: { length: ["short", "medium", "long"], difficulty: ["easy", "hard"] },
  load,
  oracle: longbenchV2Oracle,
};
