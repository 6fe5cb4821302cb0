// OpenAI GraphWalks (openai/graphwalks, 1,150 rows): a directed graph as an edge list and a BFS or parents question;
// the answer's last line lists the nodes. Graded as the dataset card's extraction and F1, with Jaccard and exact
// set equality, per problem type and per length range as OpenAI reports it.

import { checkNShots } from "../check-n-shots.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import { createSpilledTexts } from "../spilled-texts.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions, Recipe } from "../types.js";
import { graphwalksOracle } from "./graphwalks-oracle.js";
import { GRAPHWALKS_TAIL_CHARACTERS, type GraphwalksSample, promptTail } from "./graphwalks-sample.js";
import { graphwalksScorer } from "./graphwalks-scorer.js";
import {
  GRAPHWALKS_FILES,
  GRAPHWALKS_PROBLEM_TYPES,
  GRAPHWALKS_REPO,
  GRAPHWALKS_REVISION,
  readGraphwalksRows,
} from "./read-graphwalks-rows.js";

/** The llm-benchmarker spec (README) read for `correct` (exact set) and the Jaccard score, as ifeval pins it. */
const SPEC_README = "eec5f6b85bde1290cd6c35036944e9695ff86db9";

const OPENAI_RECIPE: Recipe = {
  name: "openai",
  description:
    "openai/graphwalks dataset card: the prompt as one user message, no max_tokens; last line's Final Answer list, set F1 (+ Jaccard, exact set)",
  sources: [
    { repository: GRAPHWALKS_REPO, path: "README.md", pin: GRAPHWALKS_REVISION },
    { repository: "llm-benchmarker", path: "README.md", pin: SPEC_README },
  ],
  grader: graphwalksScorer,
  defaultNShots: 0,
  defaultParams: {},
  isMaxTokensOmitted: true,
};

function inlinePrompt(prompt: string, promptOptions: PromptOptions) {
  return buildInlinePrompt({
    endpointType: promptOptions.endpointType,
    systemPrompt: promptOptions.systemPrompt,
    text: prompt,
  });
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<GraphwalksSample>> {
  checkNShots("graphwalks", options.nShots, 0);
  const tasks = options.tasks ?? [];
  // The prompts (GBs in the second file) go to disk as they are read; samples keep where they are and their end.
  const spill = createSpilledTexts();
  let samples: GraphwalksSample[];
  try {
    samples = await readGraphwalksRows(options.context, (row): GraphwalksSample | undefined => {
      if (tasks.length > 0 && !tasks.includes(row.problemType)) return undefined;
      return {
        id: row.id,
        task: row.problemType,
        gold: `[${row.answerNodes.join(", ")}]`,
        prompt: spill.append(row.prompt),
        promptTail: promptTail(row.prompt, GRAPHWALKS_TAIL_CHARACTERS),
        answerNodes: row.answerNodes,
        facets: { problem_type: row.problemType, context_bin: row.bin },
      };
    });
  } catch (error) {
    spill.close();
    throw error;
  }
  return {
    samples,
    buildPrompt: (sample, promptOptions) => inlinePrompt(spill.readSync(sample.prompt), promptOptions),
    // The request path reads the prompt without blocking the event loop.
    preparePrompt: async (sample, promptOptions) =>
      inlinePrompt(await spill.read(sample.prompt), promptOptions),
  };
}

export const graphwalks: Benchmark<GraphwalksSample> = {
  name: "graphwalks",
  description:
    "OpenAI GraphWalks: 1,150 directed graphs (up to 1M tokens) with a BFS or parents question; the nodes listed on the last line, set F1 / Jaccard / exact.",
  dataset: `${GRAPHWALKS_REPO} (both parquet files @${GRAPHWALKS_REVISION.slice(0, 7)})`,
  recipes: [OPENAI_RECIPE],
  maxNShots: 0,
  tasks: GRAPHWALKS_PROBLEM_TYPES,
  facetGrids: [["problem_type", "context_bin"]],
  facetOrder: {
    problem_type: GRAPHWALKS_PROBLEM_TYPES,
    context_bin: GRAPHWALKS_FILES.map((file) => file.bin),
  },
  load,
  oracle: graphwalksOracle,
};
