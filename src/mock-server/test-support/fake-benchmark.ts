// A small multiple-choice benchmark for the mock server's tests: prompts, oracle and its own grading.
import type {
  Benchmark,
  BenchmarkSample,
  LoadedBenchmark,
  PromptOptions,
  Recipe,
} from "../../benchmarks/types.js";
import type { EndpointType, Prompt } from "../../core/prompt.js";

const LETTERS: readonly string[] = ["A", "B", "C", "D"];
/** Every prompt ends with this (longer than the oracle's 64-character key), as real instructions do. */
const INSTRUCTION =
  "\nThink it over, then reply with the single letter of the option you believe is correct.";

/** The fake benchmark's one recipe (its own format: it reproduces no reference). */
export const FAKE_RECIPE: Recipe = {
  name: "fake",
  description: "the test format",
  sources: [
    { repository: "llm-benchmarker", path: "src/mock-server/test-support/fake-benchmark.ts", pin: "local" },
  ],
  grader: "multiple_choice",
  defaultNShots: 0,
  defaultParams: { maxTokens: 32 },
};

export interface FakeBenchmarkOptions {
  name?: string;
  sampleCount?: number;
}

export interface FakeBenchmark extends Benchmark {
  samples: BenchmarkSample[];
  buildPrompt(sample: BenchmarkSample, endpointType: EndpointType): Prompt;
  /** The benchmark's own grader: the first standalone letter A-D of the response against the gold letter. */
  grade(sample: BenchmarkSample, response: string): boolean;
}

/** `sampleCount` questions; ids `t<k>/<i>`; gold letters cycle with a stride so neighbours differ. */
export function fakeBenchmark(options: FakeBenchmarkOptions = {}): FakeBenchmark {
  const name = options.name ?? "fake";
  const samples: BenchmarkSample[] = [];
  for (let index = 0; index < (options.sampleCount ?? 200); index++) {
    samples.push({
      id: `t${index % 3}/${index}`,
      task: `t${index % 3}`,
      gold: LETTERS[(index * 7) % 4] ?? "A",
      choices: LETTERS.map((letter) => `option ${letter} of question ${index}`),
    });
  }
  const question = (sample: BenchmarkSample): string => {
    const choices = (sample.choices ?? []).map((choice, at) => `${LETTERS[at]}. ${choice}`).join("\n");
    return `Question ${sample.id}: which option is right?\n${choices}${INSTRUCTION}`;
  };
  const buildPrompt = (sample: BenchmarkSample, promptOptions: PromptOptions): Prompt =>
    promptOptions.endpointType === "chat"
      ? {
          type: "chat",
          messages: [
            { role: "system", content: "Be brief." },
            { role: "user", content: question(sample) },
          ],
        }
      : { type: "completion", text: `Preamble text.\n\n${question(sample)}` };
  const loaded: LoadedBenchmark = { samples, buildPrompt };
  const phrasings = [
    (letter: string) => `The answer is ${letter}.`,
    (letter: string) => letter,
    (letter: string) => `(${letter}) is right`,
  ];

  return {
    name,
    description: "A fake multiple-choice benchmark for tests.",
    dataset: "generated",
    recipes: [FAKE_RECIPE],
    maxNShots: 0,
    tasks: ["t0", "t1", "t2"],
    load: async () => loaded,
    samples,
    buildPrompt: (sample, endpointType) =>
      buildPrompt(sample, { endpointType, nShots: 0, systemPrompt: undefined, cot: false }),
    oracle: {
      promptSuffix: question,
      answer(sample, isCorrect, variant) {
        const goldAt = LETTERS.indexOf(sample.gold);
        const letter = isCorrect ? sample.gold : (LETTERS[(goldAt + 1 + (variant % 3)) % 4] ?? "A");
        const phrase = phrasings[variant % phrasings.length] ?? ((value: string) => value);
        return phrase(letter);
      },
    },
    grade(sample, response) {
      return /\b([A-D])\b/.exec(response)?.[1] === sample.gold;
    },
  };
}
