// How the mock server's oracle answers a passkey prompt: the key (or another) as the words after "The pass key is".
import type { BenchmarkOracle } from "../types.js";
import type { PasskeySample } from "./passkey-sample.js";
import { NOISE_LINE, needleLine, PROMPT_TAIL } from "./passkey-text.js";

/** A key that differs from `key` in its last digit. */
function otherKey(key: string): string {
  const last = Number(key.at(-1) ?? "0");
  return `${key.slice(0, -1)}${(last + 1) % 10}`;
}

const RIGHT: readonly ((key: string) => string)[] = [
  (key) => ` ${key}.`,
  (key) => ` ${key}`,
  (key) => `: ${key}.`,
  (key) => `\n${key}`,
];

const WRONG: readonly ((key: string) => string)[] = [
  (key) => ` ${otherKey(key)}.`,
  // One digit too many: the first digit run is not the key.
  (key) => ` ${key}0.`,
  () => " not given in the text.",
];

/**
 * A level row's prompt ends with everything from its needle on, which no other row's does (the needle holds the
 * key, the noise after it the depth). A `--context-tokens` prompt's noise after the needle is only known once the
 * haystack is cut, so those are recognised by the common ending alone (the mock server loads level rows).
 */
export const passkeyOracle: BenchmarkOracle<PasskeySample> = {
  promptSuffix(sample) {
    const { placement } = sample;
    if (placement.kind === "tokens") return PROMPT_TAIL;
    const after = placement.numNoise - placement.noiseBefore;
    return `${needleLine(sample.key)}${NOISE_LINE.repeat(after)}${PROMPT_TAIL}`;
  },
  answer(sample, isCorrect, variant) {
    const forms = isCorrect ? RIGHT : WRONG;
    const form = forms[variant % forms.length] ?? forms[0];
    return form === undefined ? "" : form(sample.key);
  },
};
