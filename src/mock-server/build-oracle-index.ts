// The oracle's lookup table from a prompt's ending to the benchmark samples whose prompts end that way.
import type { BenchmarkOracle, BenchmarkSample, Recipe } from "../benchmarks/types.js";
import type { OracleOptions } from "./oracle-types.js";
import { oracleVerdict } from "./oracle-verdict.js";

/** Most characters of a suffix used as its map key; the whole suffix is then checked with `endsWith`. */
const KEY_LENGTH = 64;

/** 64, or for a shorter suffix the largest power of two that fits, so a lookup tries few key lengths. */
function keyLengthFor(available: number): number {
  if (available >= KEY_LENGTH) return KEY_LENGTH;
  return 2 ** Math.floor(Math.log2(available));
}

export interface OracleEntry {
  benchmarkName: string;
  oracle: BenchmarkOracle;
  /** The recipe whose prompts end with `suffix`; its grader is the one the answer is written for. */
  recipe: Recipe;
  sample: BenchmarkSample;
  suffix: string;
  /** A multi-turn sample's first user message: the entry matches only a conversation that opens with it. */
  opener?: string;
  isCorrect: boolean;
  variant: number;
}

export interface OracleMatch {
  entry: OracleEntry;
  /** True when several samples matched and they disagree on the benchmark or the gold answer. */
  isAmbiguous: boolean;
}

export interface OracleIndex {
  /**
   * The most specific (longest-suffix, then first registered) sample `promptTail` ends with, if any; a multi-turn
   * sample's entries only when `promptHead` (the conversation's first user message) is its opener.
   */
  match(promptTail: string, promptHead?: string): OracleMatch | undefined;
  readonly size: number;
}

/** Where a key sits in a suffix: `keyLength` characters that end `tailLength` characters before its end. */
interface KeyShape {
  keyLength: number;
  tailLength: number;
}

/**
 * Indexes every sample by up to 64 characters of its prompt suffix. The characters a whole benchmark's suffixes end
 * with (a fixed instruction such as "Answer with the letter.") are skipped, so the key is the part that differs.
 * Verdicts are worked out once, here.
 */
export function buildOracleIndex(options: OracleOptions): OracleIndex {
  const seed = options.seed ?? 0;
  const byKey = new Map<string, OracleEntry[]>();
  const shapes = new Map<string, KeyShape>();
  let size = 0;
  for (const { benchmark, recipe, samples } of options.benchmarks) {
    const entries: OracleEntry[] = [];
    for (const sample of samples) {
      const suffixes = [
        benchmark.oracle.promptSuffix(sample, recipe),
        ...(benchmark.oracle.otherPromptSuffixes?.(sample, recipe) ?? []),
      ];
      const verdict = oracleVerdict(seed, benchmark.name, sample.id, options.accuracy);
      const opener = benchmark.oracle.conversationOpener?.(sample, recipe);
      for (const suffix of suffixes) {
        if (suffix.length === 0) continue;
        entries.push({
          benchmarkName: benchmark.name,
          oracle: benchmark.oracle,
          recipe,
          sample,
          suffix,
          ...(opener === undefined ? {} : { opener }),
          ...verdict,
        });
      }
    }
    const tailLength = sharedTailLength(entries.map((entry) => entry.suffix));
    for (const entry of entries) {
      const end = entry.suffix.length - tailLength;
      const key = entry.suffix.slice(end - keyLengthFor(end), end);
      const shape = { keyLength: key.length, tailLength };
      shapes.set(`${shape.keyLength}:${shape.tailLength}`, shape);
      const bucket = byKey.get(key);
      if (bucket === undefined) byKey.set(key, [entry]);
      else bucket.push(entry);
      size++;
    }
  }
  const keyShapes = [...shapes.values()].sort(
    (a, b) => b.keyLength + b.tailLength - (a.keyLength + a.tailLength),
  );

  return {
    size,
    match(promptTail, promptHead) {
      let best: OracleEntry | undefined;
      let isAmbiguous = false;
      for (const { keyLength, tailLength } of keyShapes) {
        const end = promptTail.length - tailLength;
        if (end - keyLength < 0) continue;
        const bucket = byKey.get(promptTail.slice(end - keyLength, end));
        if (bucket === undefined) continue;
        for (const entry of bucket) {
          if (entry === best || !promptTail.endsWith(entry.suffix)) continue;
          if (entry.opener !== undefined && entry.opener !== promptHead) continue;
          if (best === undefined) {
            best = entry;
            continue;
          }
          if (entry.benchmarkName !== best.benchmarkName || entry.sample.gold !== best.sample.gold) {
            isAmbiguous = true;
          }
          // Equal suffixes: the first registered wins (a benchmark's default recipe before its others).
          if (entry.suffix.length > best.suffix.length) best = entry;
        }
      }
      return best === undefined ? undefined : { entry: best, isAmbiguous };
    },
  };
}

/** Characters every suffix ends with, leaving at least one character of the shortest one for its key. */
function sharedTailLength(suffixes: readonly string[]): number {
  const first = suffixes[0];
  if (first === undefined || suffixes.length < 2) return 0;
  let length = first.length - 1;
  for (const suffix of suffixes) length = Math.min(length, suffix.length - 1);
  for (const suffix of suffixes) {
    let common = 0;
    while (
      common < length &&
      suffix.charCodeAt(suffix.length - 1 - common) === first.charCodeAt(first.length - 1 - common)
    ) {
      common++;
    }
    length = common;
    if (length === 0) break;
  }
  return length;
}
