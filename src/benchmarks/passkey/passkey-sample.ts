// A passkey sample holds only where its needle goes and its key: the haystack is rebuilt when the prompt is.
import type { BenchmarkSample } from "../types.js";

/** A row of one of the generator's levels: `context = noise * noiseBefore + needle + noise * (numNoise - noiseBefore)`. */
export interface LevelPlacement {
  readonly kind: "level";
  readonly numNoise: number;
  readonly noiseBefore: number;
}

/** A haystack cut to exactly `contextTokens` tokens (`--context-tokens`), the needle at `depthPercent` of its lines. */
export interface TokenPlacement {
  readonly kind: "tokens";
  readonly contextTokens: number;
  readonly depthPercent: number;
}

export interface PasskeySample extends BenchmarkSample {
  /** The five-digit key (a string: it may start with 0); also `gold`. */
  readonly key: string;
  readonly placement: LevelPlacement | TokenPlacement;
}
