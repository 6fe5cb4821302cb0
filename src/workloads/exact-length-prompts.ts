// Synthetic prompts of exactly N tokens of a given tokenizer, as aiperf builds them (ai-dynamo/aiperf
// src/aiperf/dataset/generator/prompt.py@798aff897f569c5b689d9aa03ad6611fb132d5ee: tokenize a corpus once, take N
// tokens from a seeded start, wrapping around, and decode them; counted without special tokens, as its Tokenizer
// encodes — src/aiperf/common/tokenizer.py@e92faef48afca60a17fe184af7510c26c6de97a5). Decoding a window and
// encoding the text again can merge or split tokens at the edges, so each prompt is re-encoded here and trimmed or
// extended until it is exactly N tokens.
import type { TextTokenizer } from "../core/tokenizer.js";
import { createSeededVariates } from "../stats/seeded-variates.js";
import { syntheticText } from "./synthetic-text.js";

export interface ExactLengthPromptOptions {
  /** Mean input length in tokens, and its standard deviation (lengths drawn per prompt, at least 1). */
  inputTokens: number;
  inputTokensStddev?: number | undefined;
  /** Distinct prompts to build (aiperf's `--num-dataset-entries`). */
  count: number;
  seed?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface ExactLengthPrompts {
  texts: readonly string[];
  /** Each text's length in tokens (as verified by encoding it). */
  inputTokens: readonly number[];
}

/** Words of the corpus the windows are cut from (the synthetic filler, tokenized once). */
const CORPUS_WORDS = 8192;
const MAX_ADJUSTMENTS = 8;
const MAX_STARTS = 8;

export async function buildExactLengthPrompts(
  tokenizer: TextTokenizer,
  options: ExactLengthPromptOptions,
): Promise<ExactLengthPrompts> {
  const corpus = await tokenizer.encode(syntheticText(CORPUS_WORDS, 0));
  if (corpus.length === 0) throw new Error("the tokenizer gave the corpus no tokens");
  const random = createSeededVariates((Math.imul((options.seed ?? 0) ^ 0x5bd1e995, 0x85ebca6b) + 1) >>> 0);
  const window = (start: number, length: number): number[] => {
    const ids: number[] = [];
    for (let index = 0; index < length; index++) ids.push(corpus[(start + index) % corpus.length] ?? 0);
    return ids;
  };
  const texts: string[] = [];
  const lengths: number[] = [];
  for (let entry = 0; entry < options.count; entry++) {
    options.signal?.throwIfAborted();
    const stddev = options.inputTokensStddev ?? 0;
    const length = Math.max(
      1,
      Math.round(stddev > 0 ? options.inputTokens + stddev * random.normal() : options.inputTokens),
    );
    let text: string | undefined;
    for (let attempt = 0; attempt < MAX_STARTS && text === undefined; attempt++) {
      const start = Math.floor(random.next() * corpus.length);
      text = await fitToLength(tokenizer, window(start, length), length, (more) =>
        window(start + length, more),
      );
    }
    if (text === undefined) {
      throw new Error(`could not build a prompt of exactly ${length} tokens with ${tokenizer.record.spec}`);
    }
    texts.push(text);
    lengths.push(length);
  }
  return { texts, inputTokens: lengths };
}

/**
 * Decodes `ids` and re-encodes until the text is `length` tokens: too many, keep the first `length` of the
 * re-encoding; too few, add corpus tokens after them. Undefined when it does not settle.
 */
async function fitToLength(
  tokenizer: TextTokenizer,
  ids: readonly number[],
  length: number,
  following: (count: number) => number[],
): Promise<string | undefined> {
  let current = ids;
  for (let adjustment = 0; adjustment < MAX_ADJUSTMENTS; adjustment++) {
    const text = await tokenizer.decode(current);
    const counted = await tokenizer.encode(text);
    if (counted.length === length) return text;
    current =
      counted.length > length
        ? counted.slice(0, length)
        : [...counted, ...following(length - counted.length)];
  }
  return undefined;
}
