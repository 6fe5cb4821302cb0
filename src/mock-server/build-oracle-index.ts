// The oracle's lookup table from a prompt's ending to the benchmark samples whose prompts end that way.
import type { BenchmarkOracle, BenchmarkSample, Recipe } from "../benchmarks/types.js";
import type { ChatMessage } from "../core/prompt.js";
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
  /**
   * A multi-turn sample's turn (0-based) and the user messages before it: the entry matches only a request whose
   * earlier user messages are exactly these.
   */
  turn?: number;
  earlierTurns?: readonly string[];
  /** True for a multi-turn sample's last turn (the one answered right or wrong as `isCorrect` says). */
  isLastTurn?: boolean;
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
   * sample's turn only when `earlierUserMessages` (the request's user messages before its last) are its earlier
   * turns.
   */
  match(promptTail: string, earlierUserMessages?: readonly string[]): OracleMatch | undefined;
  /**
   * The agent benchmark's sample (`BenchmarkOracle.dialogue`) one of whose keys a message of the conversation
   * equals, if any (the first message that matches; ambiguous when its key names several samples).
   */
  matchDialogue(messages: readonly ChatMessage[]): OracleMatch | undefined;
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
  const dialogueByKey = new Map<string, OracleEntry[]>();
  const shapes = new Map<string, KeyShape>();
  let size = 0;
  for (const { benchmark, recipe, samples } of options.benchmarks) {
    const entries: OracleEntry[] = [];
    const conversationEntries: OracleEntry[] = [];
    for (const sample of samples) {
      const dialogueKeys = benchmark.oracle.dialogue?.keys(sample, recipe);
      if (dialogueKeys !== undefined) {
        const verdict = oracleVerdict(seed, benchmark.name, sample.id, options.accuracy);
        for (const key of new Set(dialogueKeys)) {
          const entry = {
            benchmarkName: benchmark.name,
            oracle: benchmark.oracle,
            recipe,
            sample,
            suffix: key,
          };
          const bucket = dialogueByKey.get(key);
          if (bucket === undefined) dialogueByKey.set(key, [{ ...entry, ...verdict }]);
          else bucket.push({ ...entry, ...verdict });
          size++;
        }
        continue;
      }
      const turns = benchmark.oracle.conversationTurns?.(sample, recipe);
      if (turns !== undefined) {
        // Keyed by the turns' text: two identical conversations (which no server can tell apart) agree.
        const verdict = oracleVerdict(seed, benchmark.name, JSON.stringify(turns), options.accuracy);
        turns.forEach((suffix, turn) => {
          if (suffix.length === 0) return;
          conversationEntries.push({
            benchmarkName: benchmark.name,
            oracle: benchmark.oracle,
            recipe,
            sample,
            suffix,
            turn,
            earlierTurns: turns.slice(0, turn),
            isLastTurn: turn === turns.length - 1,
            ...verdict,
          });
        });
        continue;
      }
      const suffixes = [
        benchmark.oracle.promptSuffix(sample, recipe),
        ...(benchmark.oracle.otherPromptSuffixes?.(sample, recipe) ?? []),
      ];
      const verdict = oracleVerdict(seed, benchmark.name, sample.id, options.accuracy);
      for (const suffix of suffixes) {
        if (suffix.length === 0) continue;
        entries.push({
          benchmarkName: benchmark.name,
          oracle: benchmark.oracle,
          recipe,
          sample,
          suffix,
          ...verdict,
        });
      }
    }
    entries.push(...withoutSharedLastTurns(conversationEntries));
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
    matchDialogue(messages) {
      if (dialogueByKey.size === 0) return undefined;
      for (const message of messages) {
        const bucket = dialogueByKey.get(message.content);
        const [entry] = bucket ?? [];
        if (entry !== undefined) return { entry, isAmbiguous: (bucket?.length ?? 0) > 1 };
      }
      return undefined;
    },
    match(promptTail, earlierUserMessages) {
      let best: OracleEntry | undefined;
      let isAmbiguous = false;
      for (const { keyLength, tailLength } of keyShapes) {
        const end = promptTail.length - tailLength;
        if (end - keyLength < 0) continue;
        const bucket = byKey.get(promptTail.slice(end - keyLength, end));
        if (bucket === undefined) continue;
        for (const entry of bucket) {
          if (entry === best || !promptTail.endsWith(entry.suffix)) continue;
          if (entry.earlierTurns !== undefined && !isSameList(entry.earlierTurns, earlierUserMessages))
            continue;
          if (best === undefined) {
            best = entry;
            continue;
          }
          // Conversations that share their turns so far are answered alike there (see `conversationTurns`).
          const isSameTurn =
            entry.earlierTurns !== undefined &&
            best.earlierTurns !== undefined &&
            entry.suffix === best.suffix;
          if (
            !isSameTurn &&
            (entry.benchmarkName !== best.benchmarkName || entry.sample.gold !== best.sample.gold)
          ) {
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

function isSameList(left: readonly string[], right: readonly string[] | undefined): boolean {
  return (
    right !== undefined && left.length === right.length && left.every((each, index) => each === right[index])
  );
}

/**
 * Conversation entries without the last turns that another conversation continues from (the same user messages
 * are its earlier turn): that request is answered as the earlier turn, right, so the longer conversation can go on.
 */
function withoutSharedLastTurns(entries: readonly OracleEntry[]): OracleEntry[] {
  const identity = (entry: OracleEntry) => JSON.stringify([...(entry.earlierTurns ?? []), entry.suffix]);
  const continued = new Set(entries.filter((entry) => entry.isLastTurn !== true).map(identity));
  return entries.filter((entry) => !(entry.isLastTurn === true && continued.has(identity(entry))));
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
