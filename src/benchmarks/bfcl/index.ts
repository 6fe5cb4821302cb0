// BFCL (Berkeley Function Calling Leaderboard v4), its single-turn categories: AST checking of the model's calls
// and relevance detection, in BFCL's FC mode (OpenAI tools) or prompting mode (functions in the system prompt).
import type { ToolDefinition } from "../../core/generation.js";
import type { ChatMessage } from "../../core/prompt.js";
import { bfclOpenAiTools } from "../../graders/bfcl/openai-tools.js";
import {
  bfclLanguageOfCategory,
  preprocessBfclFunctionDocs,
} from "../../graders/bfcl/preprocess-function-docs.js";
import { withBfclSystemPrompt } from "../../graders/bfcl/prompting-system-prompt.js";
import { dumpPythonJson } from "../../graders/python-json.js";
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, Recipe, RecipeSource } from "../types.js";
import {
  BFCL_CATEGORIES,
  BFCL_EXCLUDED_CATEGORIES,
  BFCL_TASK_GROUPS,
  type BfclCategory,
} from "./bfcl-categories.js";
import { bfclOracle } from "./bfcl-oracle.js";
import type { BfclBenchmarkSample } from "./bfcl-sample.js";
import { bfclScorer } from "./bfcl-scorer.js";
import { BFCL_HUB_REPO, readBfclRows } from "./read-bfcl-rows.js";

/** The gorilla commit the data, prompts, handlers and checker were read at. */
export const GORILLA_COMMIT = "6ea57973c7a6097fd7c5915698c54c17c5b1b6c8";
const BFCL_EVAL = "berkeley-function-call-leaderboard/bfcl_eval";

const source = (file: string): RecipeSource => ({
  repository: "ShishirPatil/gorilla",
  path: `${BFCL_EVAL}/${file}`,
  pin: GORILLA_COMMIT,
});

/** Shared by both modes: the default temperature of `bfcl generate`, the checker and the score aggregation. */
const COMMON_SOURCES = [
  source("__main__.py"),
  source("eval_checker/eval_runner.py"),
  source("eval_checker/ast_eval/ast_checker.py"),
  source("eval_checker/eval_runner_helper.py"),
  source("utils.py"),
] as const;

/** BFCL's `--temperature` default; no max_tokens is sent (the OpenAI handlers send none). */
const BFCL_PARAMS = { temperature: 0.001 };

const FC_RECIPE: Recipe = {
  name: "fc",
  description:
    "BFCL's OpenAI FC handler: the question's messages, the functions as OpenAI tools, the tool_calls checked (temperature 0.001, no max_tokens)",
  sources: [
    source("model_handler/api_inference/openai_completion.py"),
    source("model_handler/utils.py"),
    ...COMMON_SOURCES,
  ],
  grader: bfclScorer("fc"),
  defaultNShots: 0,
  defaultParams: BFCL_PARAMS,
  isMaxTokensOmitted: true,
};

const PROMPTING_RECIPE: Recipe = {
  name: "prompting",
  description:
    "BFCL's prompting handler: the functions in BFCL's system prompt, the answer's text parsed as Python (Java/JavaScript) calls (temperature 0.001, no max_tokens)",
  sources: [
    source("model_handler/api_inference/openai_completion.py"),
    source("constants/default_prompts.py"),
    source("model_handler/utils.py"),
    ...COMMON_SOURCES,
  ],
  grader: bfclScorer("prompting"),
  defaultNShots: 0,
  defaultParams: BFCL_PARAMS,
  isMaxTokensOmitted: true,
};

/** The ground truth as a short text (its JSON), or what a relevance category expects. */
function goldText(category: BfclCategory, possibleAnswer: BfclBenchmarkSample["possibleAnswer"]): string {
  if (category === "live_relevance") return "a function call";
  if (category === "irrelevance" || category === "live_irrelevance") return "no function call";
  return dumpPythonJson(possibleAnswer, null);
}

/** `--system-prompt S`: S as the system message, before the question's own one (joined by a blank line). */
function withUserSystemPrompt(
  messages: BfclBenchmarkSample["messages"],
  systemPrompt: string | undefined,
): { role: "system" | "user" | "assistant"; content: string }[] {
  if (systemPrompt === undefined || systemPrompt === "") return [...messages];
  const [first, ...rest] = messages;
  if (first?.role === "system")
    return [{ role: "system", content: `${systemPrompt}\n\n${first.content}` }, ...rest];
  return [{ role: "system", content: systemPrompt }, ...messages];
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<BfclBenchmarkSample>> {
  checkNShots("bfcl", options.nShots, 0);
  const isPrompting = options.recipe?.name === "prompting";
  const categories =
    options.tasks !== undefined && options.tasks.length > 0
      ? BFCL_CATEGORIES.filter((category) => options.tasks?.includes(category))
      : [...BFCL_CATEGORIES];
  const samples: BfclBenchmarkSample[] = [];
  for (const category of categories) {
    for (const row of await readBfclRows(options.context, category)) {
      samples.push({
        id: row.id,
        task: category,
        gold: goldText(category, row.possibleAnswer),
        messages: row.messages,
        functions: row.functions,
        possibleAnswer: row.possibleAnswer,
        language: bfclLanguageOfCategory(category),
      });
    }
  }
  // The docs as BFCL sends them (language hints; Java/JavaScript parameters as strings), made once per sample.
  const sentDocs = new Map<string, ReturnType<typeof preprocessBfclFunctionDocs>>();
  const docsOf = (sample: BfclBenchmarkSample) => {
    let docs = sentDocs.get(sample.id);
    if (docs === undefined) {
      docs = preprocessBfclFunctionDocs(sample.functions, sample.task);
      sentDocs.set(sample.id, docs);
    }
    return docs;
  };
  return {
    samples,
    buildPrompt(sample, promptOptions) {
      const messages = withUserSystemPrompt(sample.messages, promptOptions.systemPrompt);
      const sent = isPrompting ? withBfclSystemPrompt(messages, docsOf(sample)) : messages;
      return { type: "chat", messages: sent.map((message) => ({ ...message }) as ChatMessage) };
    },
    ...(isPrompting
      ? {}
      : { tools: (sample: BfclBenchmarkSample) => bfclOpenAiTools(docsOf(sample)) as ToolDefinition[] }),
  };
}

export const bfcl: Benchmark<BfclBenchmarkSample> = {
  name: "bfcl",
  description:
    "Berkeley Function Calling Leaderboard v4, single-turn: BFCL's AST checker on the calls made (Python, Java, JavaScript; simple, multiple, parallel; live) and relevance detection; FC or prompting mode.",
  dataset: `${BFCL_HUB_REPO} (BFCL_v4 single-turn categories; gorilla@${GORILLA_COMMIT.slice(0, 7)})`,
  recipes: [FC_RECIPE, PROMPTING_RECIPE],
  maxNShots: 0,
  tasks: BFCL_CATEGORIES,
  excludedTasks: BFCL_EXCLUDED_CATEGORIES,
  taskGroups: BFCL_TASK_GROUPS,
  hasOwnMessages: true,
  endpointTypes: ["chat"],
  load,
  oracle: bfclOracle,
};
