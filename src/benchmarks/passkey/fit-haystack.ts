// Lays a passkey haystack out so that the whole prompt is exactly N tokens: whole noise lines around the needle at
// its depth, plus one noise line cut to some characters. The layout is searched on a short stand-in prompt (counts
// that add up line by line), then checked on the prompt itself; a tokenizer that does not add up is searched again
// on whole prompts. Layouts are kept per (N, depth, prefix), and every prompt is counted before it is sent.
import type { TextTokenizer } from "../../core/tokenizer.js";
import { ConfigError } from "../../errors.js";
import { NOISE_LINE, passkeyContext, passkeyPromptText } from "./passkey-text.js";

export interface HaystackLayout {
  readonly noiseBefore: number;
  readonly noiseAfter: number;
  /** Characters of the cut noise line (0: none): its start before a newline, or its end. */
  readonly cutChars: number;
  /** The cut line goes on the side away from the needle: the end for depths up to 50 %, else the start. */
  readonly cutSide: "start" | "end";
}

export interface HaystackRequest {
  readonly contextTokens: number;
  readonly depthPercent: number;
  readonly key: string;
  /** Text sent before the template and counted with it (a completion prompt's `system + "\n\n"`); "" for none. */
  readonly prefix: string;
}

export interface HaystackFitter {
  /** The template filled with a haystack that makes `prefix + text` exactly `contextTokens` tokens. */
  fit(request: HaystackRequest): Promise<string>;
}

/** The longest cut: one character short of a whole line's sentence. */
const MAX_CUT_CHARS = NOISE_LINE.length - 2;

/** The needle after round(depth % of the whole lines); the rest after it. */
export function splitNoiseLines(
  total: number,
  depthPercent: number,
): { noiseBefore: number; noiseAfter: number } {
  const noiseBefore = Math.round((depthPercent * total) / 100);
  return { noiseBefore, noiseAfter: total - noiseBefore };
}

/** The context of a layout: `cut? + noise * before + needle + noise * after + cut?`, every line ending in "\n". */
export function haystackContext(layout: HaystackLayout, key: string): string {
  const body = passkeyContext(layout.noiseBefore, layout.noiseAfter, key);
  if (layout.cutChars === 0) return body;
  if (layout.cutSide === "end") return `${body}${NOISE_LINE.slice(0, layout.cutChars)}\n`;
  return `${NOISE_LINE.slice(NOISE_LINE.length - 1 - layout.cutChars)}${body}`;
}

type Counter = (text: string) => Promise<number>;

/** A layout and the key its whole prompt was counted with. */
interface CheckedLayout {
  layout: HaystackLayout;
  key: string;
}

/**
 * Counts with special tokens added (the BOS a Llama or Mistral tokenizer puts first), as TensorRT-LLM's
 * eval_long_context.py encodes a prompt (`add_special_tokens` defaults to true) and as a completions server does.
 */
export function createHaystackFitter(tokenizer: TextTokenizer): HaystackFitter {
  const count: Counter = async (text) => (await tokenizer.encode(text, { addSpecialTokens: true })).length;
  const layouts = new Map<string, Promise<CheckedLayout>>();
  return {
    async fit(request) {
      const cacheKey = `${request.contextTokens}|${request.depthPercent}|${request.prefix}`;
      let shared = layouts.get(cacheKey);
      if (shared === undefined) {
        shared = findLayout(count, request, tokenizer.record.spec);
        layouts.set(cacheKey, shared);
      }
      const checked = await shared;
      const text = passkeyPromptText(haystackContext(checked.layout, request.key));
      if (checked.key === request.key) return text;
      if ((await count(request.prefix + text)) === request.contextTokens) return text;
      // This key's digits tokenize otherwise: a layout of its own.
      const own = await findLayout(count, request, tokenizer.record.spec);
      return passkeyPromptText(haystackContext(own.layout, request.key));
    },
  };
}

async function findLayout(
  count: Counter,
  request: HaystackRequest,
  tokenizerName: string,
): Promise<CheckedLayout> {
  const { contextTokens: target, depthPercent, key, prefix } = request;
  const cutSide = depthPercent <= 50 ? "end" : "start";
  const layoutOf = (total: number, cutChars: number): HaystackLayout => ({
    ...splitNoiseLines(total, depthPercent),
    cutChars,
    cutSide,
  });
  const textOf = (layout: HaystackLayout) => prefix + passkeyPromptText(haystackContext(layout, key));
  const exact = (layout: HaystackLayout) => count(textOf(layout));
  const floor = await exact(layoutOf(0, 0));
  if (floor > target) {
    throw new ConfigError(
      `passkey: --context-tokens ${target} is fewer than the ${floor} tokens the prompt has with no haystack at all (template, needle, question; ${tokenizerName}). Ask for more.`,
    );
  }
  // The stand-in keeps at most two whole lines on each side of the needle; each further line adds `lineTokens`.
  const stand = (layout: HaystackLayout): HaystackLayout => ({
    ...layout,
    noiseBefore: Math.min(layout.noiseBefore, 2),
    noiseAfter: Math.min(layout.noiseAfter, 2),
  });
  const twoEach = { noiseBefore: 2, noiseAfter: 2, cutChars: 0, cutSide } as const;
  const lineTokens = (await exact({ ...twoEach, noiseBefore: 3 })) - (await exact(twoEach));
  if (lineTokens <= 0) {
    throw new ConfigError(
      `passkey: ${tokenizerName} counts no tokens for a noise line; it cannot lay out a haystack.`,
    );
  }
  const estimate = async (layout: HaystackLayout) => {
    const small = stand(layout);
    const extra = layout.noiseBefore - small.noiseBefore + layout.noiseAfter - small.noiseAfter;
    return (await exact(small)) + extra * lineTokens;
  };
  const guess = Math.floor((target - floor) / lineTokens);
  const estimated = await searchLayout(estimate, target, layoutOf, guess, "every-cut");
  if (estimated !== undefined && (await exact(estimated)) === target) return { layout: estimated, key };
  // The tokenizer merges across lines: search again, counting whole prompts.
  const start = estimated === undefined ? guess : estimated.noiseBefore + estimated.noiseAfter;
  const counted = await searchLayout(exact, target, layoutOf, start, "bisect-cut");
  if (counted !== undefined) return { layout: counted, key };
  throw new ConfigError(
    `passkey: no haystack makes the prompt exactly ${target} tokens with ${tokenizerName} at depth ${depthPercent}% ` +
      "(its token count jumps over that number whatever the cut); ask for a neighbouring count.",
  );
}

/**
 * The most whole lines whose prompt is at most `target` tokens, then a cut line that makes it exactly `target`
 * (also tried with one whole line less). "every-cut" tries each cut length (cheap counts); "bisect-cut" finds where
 * the count reaches `target` by bisection and tries the lengths around it.
 */
async function searchLayout(
  countLayout: (layout: HaystackLayout) => Promise<number>,
  target: number,
  layoutOf: (total: number, cutChars: number) => HaystackLayout,
  guess: number,
  mode: "every-cut" | "bisect-cut",
): Promise<HaystackLayout | undefined> {
  // Each layout is counted once, however often the search asks.
  const counts = new Map<string, Promise<number>>();
  const countOf = (layout: HaystackLayout): Promise<number> => {
    const key = `${layout.noiseBefore}/${layout.noiseAfter}/${layout.cutChars}`;
    let counted = counts.get(key);
    if (counted === undefined) {
      counted = countLayout(layout);
      counts.set(key, counted);
    }
    return counted;
  };
  let total = Math.max(0, guess);
  while (total > 0 && (await countOf(layoutOf(total, 0))) > target) total--;
  while ((await countOf(layoutOf(total + 1, 0))) <= target) total++;
  for (const lines of [total, total - 1]) {
    if (lines < 0) continue;
    const whole = await countOf(layoutOf(lines, 0));
    if (whole === target) return layoutOf(lines, 0);
    if (whole > target) continue;
    for (const cutChars of await cutCandidates(mode, (chars) => countOf(layoutOf(lines, chars)), target)) {
      if ((await countOf(layoutOf(lines, cutChars))) === target) return layoutOf(lines, cutChars);
    }
  }
  return undefined;
}

async function cutCandidates(
  mode: "every-cut" | "bisect-cut",
  countWith: (cutChars: number) => Promise<number>,
  target: number,
): Promise<number[]> {
  if (mode === "every-cut") return Array.from({ length: MAX_CUT_CHARS }, (_, index) => index + 1);
  let low = 1;
  let high = MAX_CUT_CHARS;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if ((await countWith(middle)) >= target) high = middle;
    else low = middle + 1;
  }
  return [low, low - 1, low + 1, low - 2, low + 2].filter((chars) => chars >= 1 && chars <= MAX_CUT_CHARS);
}
