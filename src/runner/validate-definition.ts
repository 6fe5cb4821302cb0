// `llm-bench byob validate FILE`: loads a definition the way `run` does (parameters, requirements, dataset, every
// row's prompt fields), renders the first prompts, and calls the scorer once per shown row with the target as the
// response — so a scorer that returns no scores is caught before a run. Every problem is a ConfigError/DatasetError.
import type {
  Benchmark,
  BenchmarkSample,
  RecipeProgram,
  SampleSession,
  Scores,
} from "../benchmarks/types.js";
import type { ByobSample } from "../byob/byob-sample.js";
import { loadDefinedBenchmarks } from "../byob/resolve-benchmarks.js";
import type { Prompt } from "../core/prompt.js";
import type { DatasetContext } from "../datasets/types.js";
import { ConfigError } from "../errors.js";
import { getGrader } from "../graders/registry.js";
import { checkScorerOutput, isRecipeProgram, scoreAnswer } from "./score-answer.js";

/**
 * A program's grade when every request it sends (to the model, or to a simulated user) is answered with the
 * sample's target (no server asked).
 */
async function programOnTarget(program: RecipeProgram, sample: BenchmarkSample): Promise<Scores> {
  const answer = async () => ({
    response: sample.gold,
    reasoning: "",
    finishReason: "stop" as const,
    isThinkUnclosed: false,
  });
  const session: SampleSession = {
    send: answer,
    sendToUserModel: answer,
    scorePrompt: () =>
      Promise.reject(
        new ConfigError(`${program.name} scores tokens: validate it with a run against a server.`),
      ),
  };
  const returned = await program.run(sample, session, {});
  const scored = checkScorerOutput(returned, program.name);
  return scored.scores ?? { correct: scored.grade.isCorrect };
}

/** Prompts shown per benchmark. */
const SHOWN = 3;

export interface ValidatedBenchmark {
  name: string;
  samples: number;
  endpointType: string;
  /** The first prompts as a run sends them (system prompt and few-shot examples included). */
  prompts: { id: string; prompt: Prompt }[];
  /** True when each sample is a program (a conversation): `scores` answered every turn with the target. */
  isProgram: boolean;
  /** The scorer's values for the first rows, given their own target as the response. */
  scores: { id: string; scores: Scores }[];
}

export async function validateDefinitionFile(
  file: string,
  context: DatasetContext,
): Promise<ValidatedBenchmark[]> {
  const benchmarks = await loadDefinedBenchmarks(file);
  const validated: ValidatedBenchmark[] = [];
  for (const benchmark of benchmarks) validated.push(await validateBenchmark(benchmark, context));
  return validated;
}

async function validateBenchmark(benchmark: Benchmark, context: DatasetContext): Promise<ValidatedBenchmark> {
  const [recipe] = benchmark.recipes;
  const loaded = await benchmark.load({ context, recipe, nShots: recipe.defaultNShots });
  const endpointType = recipe.defaultEndpointType ?? "chat";
  const options = {
    endpointType,
    nShots: recipe.defaultNShots,
    systemPrompt: undefined,
    cot: false,
  } as const;
  const shown = loaded.samples.slice(0, SHOWN);
  const prompts = shown.map((sample) => ({ id: sample.id, prompt: loaded.buildPrompt(sample, options) }));
  const scores = [];
  for (const sample of shown) {
    const grader = typeof recipe.grader === "string" ? getGrader(recipe.grader) : recipe.grader;
    if (isRecipeProgram(grader)) {
      scores.push({ id: sample.id, scores: await programOnTarget(grader, sample) });
      continue;
    }
    const scored = await scoreAnswer(grader, {
      sample,
      response: sample.gold,
      reasoning: "",
      finishReason: "stop",
      prompt: loaded.buildPrompt(sample, options),
      ...choicesOf(sample),
    });
    if (scored.error !== undefined) throw new Error(scored.error.message);
    scores.push({ id: sample.id, scores: scored.scores ?? { correct: scored.grade.isCorrect } });
  }
  return {
    name: benchmark.name,
    samples: loaded.samples.length,
    endpointType: recipe.isLoglikelihoodOnly === true ? "completions_logprob" : endpointType,
    isProgram: isRecipeProgram(recipe.grader),
    prompts,
    scores,
  };
}

/** A logprob benchmark's candidates, the target scored most likely (as the check's response is the target). */
function choicesOf(sample: BenchmarkSample): {
  choices?: { text: string; logprob: number; isGreedy: boolean }[];
} {
  const candidates = (sample as ByobSample).choices;
  if (candidates === undefined) return {};
  return {
    choices: candidates.map((text) => ({
      text,
      logprob: text === sample.gold ? 0 : -10,
      isGreedy: text === sample.gold,
    })),
  };
}
