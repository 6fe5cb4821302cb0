// For the --context-tokens tests: prompts prepared through the benchmark with a real tokenizer, each with the count
// that tokenizer gave the exact text sent (recorded by a wrapper as preparePrompt verified it), and its layout.
import type { TextTokenizer } from "../../../core/tokenizer.js";
import { createLocalDatasetContext } from "../../test-support/local-dataset-context.js";
import type { PromptOptions } from "../../types.js";
import { passkey } from "../index.js";
import type { PasskeySample } from "../passkey-sample.js";
import { NOISE_LINE, needleLine, PROMPT_HEAD, PROMPT_TAIL } from "../passkey-text.js";

export interface PreparedPrompt {
  sample: PasskeySample;
  /** The text whose tokens were counted: the completion prompt, system prompt included. */
  text: string;
  /** What the tokenizer counted for exactly `text` (with special tokens); undefined if it never saw it. */
  counted: number | undefined;
  /** Whole noise lines before and after the needle, and where the cut line is. */
  noiseBefore: number;
  noiseAfter: number;
  cut: "start" | "end" | "none";
}

/** A tokenizer that remembers its counts of long texts encoded with special tokens. */
function recordingTokenizer(tokenizer: TextTokenizer, counts: Map<string, number>): TextTokenizer {
  return {
    record: tokenizer.record,
    async encode(text, options) {
      const ids = await tokenizer.encode(text, options);
      if (options?.addSpecialTokens === true && text.length > 10_000) counts.set(text, ids.length);
      return ids;
    },
    decode: (ids, options) => tokenizer.decode(ids, options),
  };
}

/** Whole noise lines, and a cut line, on one side of the needle. */
function countLines(text: string, side: "before" | "after"): { lines: number; isCut: boolean } {
  let rest = text;
  let lines = 0;
  while (rest.length > 0) {
    const isWhole = side === "before" ? rest.endsWith(NOISE_LINE) : rest.startsWith(NOISE_LINE);
    if (!isWhole) break;
    rest = side === "before" ? rest.slice(0, -NOISE_LINE.length) : rest.slice(NOISE_LINE.length);
    lines++;
  }
  return { lines, isCut: rest.length > 0 };
}

export async function prepareExactPrompts(input: {
  tokenizer: TextTokenizer;
  contextTokens: number;
  depth: number;
  /** How many of the depth's five keys to prepare (each is one more whole-prompt count). */
  keys: number;
  promptOptions?: Partial<PromptOptions>;
}): Promise<PreparedPrompt[]> {
  const counts = new Map<string, number>();
  const loaded = await passkey.load({
    context: createLocalDatasetContext(undefined),
    nShots: 0,
    tokenizer: async () => recordingTokenizer(input.tokenizer, counts),
    longContext: { contextTokens: [input.contextTokens], depths: [input.depth] },
  });
  const options: PromptOptions = {
    endpointType: "completions",
    nShots: 0,
    systemPrompt: undefined,
    cot: false,
    ...input.promptOptions,
  };
  const prepared: PreparedPrompt[] = [];
  for (const sample of loaded.samples.slice(0, input.keys)) {
    const prompt = await loaded.preparePrompt?.(sample, options);
    if (prompt === undefined) throw new Error("passkey has no preparePrompt with --context-tokens");
    const text = prompt.type === "completion" ? prompt.text : (prompt.messages.at(-1)?.content ?? "");
    const headAt = text.indexOf(PROMPT_HEAD);
    const needle = needleLine(sample.key);
    const needleAt = text.indexOf(needle);
    if (headAt < 0 || needleAt < 0 || !text.endsWith(PROMPT_TAIL)) throw new Error("not a passkey prompt");
    const before = countLines(text.slice(headAt + PROMPT_HEAD.length, needleAt), "before");
    const after = countLines(text.slice(needleAt + needle.length, -PROMPT_TAIL.length), "after");
    prepared.push({
      sample,
      text,
      counted: counts.get(text),
      noiseBefore: before.lines,
      noiseAfter: after.lines,
      cut: before.isCut ? "start" : after.isCut ? "end" : "none",
    });
  }
  return prepared;
}
