// OpenAI MRCR (openai/mrcr, 2,400 rows): long multi-turn conversations hiding 2, 4 or 8 identical asks; the model
// must return the i-th answer behind a random string. Graded as the dataset card's `grade`, reported per needle
// count and per context-length bin (o200k_base tokens of prompt + answer), as OpenAI reports it.
import type { ChatMessage, Prompt } from "../../core/prompt.js";
import { ConfigError } from "../../errors.js";
import { loadTiktokenCounter } from "../../prompts/load-tiktoken-counter.js";
import { checkNShots } from "../check-n-shots.js";
import { createSpilledTexts } from "../spilled-texts.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions, Recipe } from "../types.js";
import { MRCR_CONTEXT_BINS, mrcrContextBin } from "./mrcr-bins.js";
import { mrcrOracle } from "./mrcr-oracle.js";
import type { MrcrSample } from "./mrcr-sample.js";
import { mrcrScorer } from "./mrcr-scorer.js";
import {
  MRCR_NEEDLE_COUNTS,
  MRCR_REPO,
  MRCR_REVISION,
  type MrcrNeedleCount,
  parseMrcrMessages,
  readMrcrRows,
} from "./read-mrcr-rows.js";

const TASKS = MRCR_NEEDLE_COUNTS.map((needles) => `${needles}needle`);
const OPENBENCH = "1ca23c51f9db46fbb014f81cb6e19789b5ca7dd8";
const EVALSCOPE = "0ee44fa05d1958c0987a8b63f419fad4d998bb90";

const OPENAI_RECIPE: Recipe = {
  name: "openai",
  description:
    "openai/mrcr dataset card: the row's messages as the chat, no max_tokens; grade = prefix required, then difflib ratio",
  sources: [
    { repository: MRCR_REPO, path: "README.md", pin: MRCR_REVISION },
    { repository: "groq/openbench", path: "src/openbench/scorers/mrcr.py", pin: OPENBENCH },
    { repository: "modelscope/evalscope", path: "evalscope/benchmarks/openai_mrcr/utils.py", pin: EVALSCOPE },
  ],
  grader: mrcrScorer,
  defaultNShots: 0,
  defaultParams: {},
  isMaxTokensOmitted: true,
};

function selectedNeedles(tasks: readonly string[] | undefined): MrcrNeedleCount[] {
  if (tasks === undefined || tasks.length === 0) return [...MRCR_NEEDLE_COUNTS];
  const unknown = tasks.filter((task) => !TASKS.includes(task));
  if (unknown.length > 0) {
    throw new ConfigError(`mrcr: unknown task ${unknown.join(", ")}; the tasks are ${TASKS.join(", ")}.`);
  }
  return MRCR_NEEDLE_COUNTS.filter((needles) => tasks.includes(`${needles}needle`));
}

/** `--system-prompt S`: S as a system message before the conversation (joined to its own, if it opens with one). */
function withSystemPrompt(messages: ChatMessage[], systemPrompt: string | undefined): ChatMessage[] {
  if (systemPrompt === undefined || systemPrompt === "") return messages;
  const [first, ...rest] = messages;
  if (first?.role === "system")
    return [{ role: "system", content: `${systemPrompt}\n\n${first.content}` }, ...rest];
  return [{ role: "system", content: systemPrompt }, ...messages];
}

/** The chat sent for `sample`, from its conversation's JSON (`promptJson` as read back from the spill file). */
function chatPrompt(sample: MrcrSample, promptJson: string, promptOptions: PromptOptions): Prompt {
  const messages = parseMrcrMessages(promptJson, `${MRCR_REPO} ${sample.id}`).map(
    (message): ChatMessage => ({ role: message.role, content: message.content }),
  );
  return { type: "chat", messages: withSystemPrompt(messages, promptOptions.systemPrompt) };
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<MrcrSample>> {
  checkNShots("mrcr", options.nShots, 0);
  const needleCounts = selectedNeedles(options.tasks);
  const count = await loadTiktokenCounter("o200k_base");
  const maxPromptTokens = options.longContext?.maxContextTokens;
  let skipped = 0;
  const samples: MrcrSample[] = [];
  // The conversations (up to ~2.3 G characters in all) go to disk as they are read; samples keep where they are.
  const spill = createSpilledTexts();
  try {
    for (const needles of needleCounts) {
      const rows = await readMrcrRows(options.context, needles, (row, messages) => {
        // The card's n_tokens(messages): o200k_base tokens of the contents, nothing for roles or chat markup.
        const promptTokens = messages.reduce((sum, message) => sum + count(message.content), 0);
        // The card's loop skips a conversation longer than the context window (MAX_CONTEXT_WINDOW).
        if (maxPromptTokens !== undefined && promptTokens > maxPromptTokens) {
          skipped++;
          return undefined;
        }
        const answerTokens = count(row.answer);
        const sample: MrcrSample = {
          id: row.id,
          task: `${needles}needle`,
          gold: row.answer,
          promptJson: spill.append(row.promptJson),
          answer: row.answer,
          randomStringToPrepend: row.randomStringToPrepend,
          finalAsk: messages.at(-1)?.content ?? "",
          promptTokens,
          answerTokens,
          facets: { needles: String(needles), context_bin: mrcrContextBin(promptTokens + answerTokens) },
        };
        return sample;
      });
      for (const sample of rows) samples.push(sample);
    }
  } catch (error) {
    spill.close();
    throw error;
  }
  return {
    samples,
    buildPrompt: (sample, promptOptions) =>
      chatPrompt(sample, spill.readSync(sample.promptJson), promptOptions),
    // The request path reads the conversation without blocking the event loop.
    preparePrompt: async (sample, promptOptions) =>
      chatPrompt(sample, await spill.read(sample.promptJson), promptOptions),
    ...(skipped === 0
      ? {}
      : {
          skipped: {
            count: skipped,
            reason: `their conversation is over --max-context-tokens ${maxPromptTokens} o200k_base tokens`,
          },
        }),
  };
}

export const mrcr: Benchmark<MrcrSample> = {
  name: "mrcr",
  description:
    "OpenAI MRCR: 2,400 long multi-turn conversations (4k–1M tokens) hiding 2, 4 or 8 identical asks; return the i-th answer behind a random string (difflib ratio).",
  dataset: `${MRCR_REPO} (2needle, 4needle, 8needle parquet files @${MRCR_REVISION.slice(0, 7)})`,
  recipes: [OPENAI_RECIPE],
  maxNShots: 0,
  tasks: TASKS,
  hasOwnMessages: true,
  endpointTypes: ["chat"],
  facetGrids: [["needles", "context_bin"]],
  facetOrder: { needles: MRCR_NEEDLE_COUNTS.map(String), context_bin: MRCR_CONTEXT_BINS },
  load,
  oracle: mrcrOracle,
};
