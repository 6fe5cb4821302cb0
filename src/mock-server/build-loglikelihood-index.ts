// The oracle's lookup of loglikelihood scoring prompts: `context + option` of a known sample, and which option wins.
import type { BenchmarkOracle, BenchmarkSample } from "../benchmarks/types.js";
import { buildOracleIndex } from "./build-oracle-index.js";
import type { OracleOptions } from "./oracle-types.js";

export interface LoglikelihoodMatch {
  benchmarkName: string;
  sampleId: string;
  /** The sample's oracle verdict: true when the gold option gets the highest log-probability. */
  isCorrect: boolean;
  variant: number;
  /** The option this prompt ends with, and whether it is the gold one. */
  continuation: string;
  isGold: boolean;
  /** The option the oracle makes win: the gold one when `isCorrect`, else a wrong one picked by `variant`. */
  winner: string;
  isAmbiguous: boolean;
}

export interface LoglikelihoodIndex {
  /** The known sample and option `prompt` (the whole completions prompt) is, if any. */
  match(prompt: string): LoglikelihoodMatch | undefined;
  readonly size: number;
}

interface OptionEntry {
  continuation: string;
  isGold: boolean;
  continuations: readonly string[];
  goldIndex: number;
}

/**
 * Indexes `suffix + option` for every option of every sample whose benchmark scores by loglikelihood. The suffix is
 * the benchmark's generation `promptSuffix` when the 0-shot context ends with it (it is then shot-independent by
 * design), else the whole 0-shot context (few-shot examples are prepended to it). Verdicts are the generation
 * oracle's, so a sample is right or wrong the same way in both scorings.
 */
export function buildLoglikelihoodIndex(options: OracleOptions): LoglikelihoodIndex | undefined {
  const optionEntries = new Map<BenchmarkSample, OptionEntry>();
  const suffixes = new Map<BenchmarkSample, string>();
  const oracle: BenchmarkOracle = {
    promptSuffix: (sample) => suffixes.get(sample) ?? "",
    answer: () => "",
  };
  const benchmarks = options.benchmarks.flatMap(({ benchmark, recipe, samples, buildLoglikelihood }) => {
    if (buildLoglikelihood === undefined) return [];
    const entries: BenchmarkSample[] = [];
    for (const sample of samples) {
      const prompt = buildLoglikelihood(sample);
      const generationSuffix = benchmark.oracle.promptSuffix(sample, recipe);
      const base =
        generationSuffix.length > 0 && prompt.context.endsWith(generationSuffix)
          ? generationSuffix
          : prompt.context;
      prompt.continuations.forEach((continuation, index) => {
        const entry: BenchmarkSample = { id: sample.id, task: sample.task, gold: sample.gold };
        suffixes.set(entry, base + continuation);
        optionEntries.set(entry, {
          continuation,
          isGold: index === prompt.goldIndex,
          continuations: prompt.continuations,
          goldIndex: prompt.goldIndex,
        });
        entries.push(entry);
      });
    }
    return [{ benchmark: { ...benchmark, oracle }, recipe, samples: entries }];
  });
  if (benchmarks.length === 0) return undefined;
  const index = buildOracleIndex({ ...options, benchmarks });
  return {
    size: index.size,
    match(prompt) {
      const found = index.match(prompt);
      const option = found === undefined ? undefined : optionEntries.get(found.entry.sample);
      if (found === undefined || option === undefined) return undefined;
      const { entry } = found;
      return {
        benchmarkName: entry.benchmarkName,
        sampleId: entry.sample.id,
        isCorrect: entry.isCorrect,
        variant: entry.variant,
        continuation: option.continuation,
        isGold: option.isGold,
        winner: winnerOf(option, entry.isCorrect, entry.variant),
        isAmbiguous: found.isAmbiguous,
      };
    },
  };
}

function winnerOf(option: OptionEntry, isCorrect: boolean, variant: number): string {
  const count = option.continuations.length;
  const index =
    isCorrect || count < 2 ? option.goldIndex : (option.goldIndex + 1 + (variant % (count - 1))) % count;
  return option.continuations[index] ?? option.continuation;
}
