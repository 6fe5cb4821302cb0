// The samples of a run: the generator's rows of each chosen level, or (`--context-tokens`) keys per length and depth.
import { ConfigError } from "../../errors.js";
import { PythonRandom } from "../../stats/python-random.js";
import { drawPasskey, generatePasskeyRows, levelDepthLines } from "./generate-passkey-keys.js";
import { KEYS_PER_DEPTH, PASSKEY_SEED, type PasskeyLevel } from "./passkey-levels.js";
import type { PasskeySample } from "./passkey-sample.js";

/** Needle depths with `--context-tokens` and no `--depths`: 0 %, 10 %, … 100 % of the haystack's lines. */
export const DEFAULT_TOKEN_DEPTHS: readonly number[] = Array.from({ length: 11 }, (_, index) => index * 10);

/** `64k/depth-0045/2`: the level, the noise lines before the needle, the key's index at that depth. */
export function levelSampleId(level: PasskeyLevel, noiseBefore: number, repeat: number): string {
  return `${level.label}/depth-${String(noiseBefore).padStart(4, "0")}/${repeat}`;
}

/** The percent a facet shows for a needle after `noiseBefore` of `numNoise` lines (integer: the levels' steps are over 1 %). */
export function levelDepthPercent(noiseBefore: number, numNoise: number): number {
  return Math.round((100 * noiseBefore) / numNoise);
}

/**
 * A level's rows as samples. `depths` (percent, `--depths`) puts the needle after round(P % of num_noise) lines
 * instead of the level's steps; the keys are then the stream's first draws over those positions.
 */
export function levelSamples(level: PasskeyLevel, depths?: readonly number[]): PasskeySample[] {
  const lines =
    depths === undefined
      ? levelDepthLines(level)
      : distinctLines(
          level,
          depths.map((percent) => Math.round((percent * level.numNoise) / 100)),
        );
  const percentOfLine = new Map<number, number>(
    depths === undefined
      ? lines.map((line) => [line, levelDepthPercent(line, level.numNoise)])
      : depths.map((percent) => [Math.round((percent * level.numNoise) / 100), percent]),
  );
  return generatePasskeyRows(level, lines).map((row, index) => ({
    id: levelSampleId(level, row.noiseBefore, index % KEYS_PER_DEPTH),
    task: level.task,
    gold: row.key,
    key: row.key,
    placement: { kind: "level", numNoise: level.numNoise, noiseBefore: row.noiseBefore },
    facets: { depth: String(percentOfLine.get(row.noiseBefore)), context_tokens: level.label },
  }));
}

/** The lines `--depths` asks for, each once; two depths on the same line are a ConfigError. */
function distinctLines(level: PasskeyLevel, lines: readonly number[]): number[] {
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line)) {
      throw new ConfigError(
        `passkey: two of --depths put the needle after the same noise line (${line} of ${level.numNoise}) at ${level.label}; give each depth once.`,
      );
    }
    seen.add(line);
  }
  return [...lines];
}

/** The task of `--context-tokens N`'s samples. */
export function tokenTask(contextTokens: number): string {
  return `passkey_retrieval_${contextTokens}_tokens`;
}

/**
 * `--context-tokens N,M` × depths × five keys, in that order; the keys are one stream from `random.seed(0)` over
 * them, drawn as the generator draws its keys.
 */
export function tokenSamples(contextTokens: readonly number[], depths: readonly number[]): PasskeySample[] {
  for (const [name, list] of [
    ["--context-tokens", contextTokens],
    ["--depths", depths],
  ] as const) {
    if (new Set(list).size !== list.length) {
      throw new ConfigError(`passkey: ${name} ${list.join(",")} names a value twice; give each once.`);
    }
  }
  const random = new PythonRandom(PASSKEY_SEED);
  const samples: PasskeySample[] = [];
  for (const tokens of contextTokens) {
    for (const depthPercent of depths) {
      for (let repeat = 0; repeat < KEYS_PER_DEPTH; repeat++) {
        const key = drawPasskey(random);
        samples.push({
          id: `${tokens}/depth-${depthPercent}/${repeat}`,
          task: tokenTask(tokens),
          gold: key,
          key,
          placement: { kind: "tokens", contextTokens: tokens, depthPercent },
          facets: { depth: String(depthPercent), context_tokens: String(tokens) },
        });
      }
    }
  }
  return samples;
}
