// NumPy's default bit generator, PCG64 (XSL-RR 128/64), seeded from an int through `SeedSequence`, as
// `np.random.default_rng(seed).bit_generator` draws. A port of numpy/numpy@b832a09cf2a169c833dd2371e7c07aa00b293242
// (v2.4.6): numpy/random/bit_generator.pyx (`_int_to_uint32_array`, `hashmix`, `mix`, `SeedSequence.mix_entropy`,
// `generate_state`), numpy/random/_pcg64.pyx (`PCG64.__init__`), numpy/random/src/pcg64/pcg64.h|c
// (`pcg_setseq_128_srandom_r`, `pcg_setseq_128_step_r`, `pcg_output_xsl_rr_128_64`, `pcg64_next32`,
// `pcg64_set_seed`). These paths are unchanged at numpy main 1f90bbb55e65e7de68921bc3f1a2d94492fdf689.

import { ConfigError } from "../errors.js";

// SeedSequence's hash constants (bit_generator.pyx).
const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const POOL_SIZE = 4;

const MASK_64 = (1n << 64n) - 1n;
const MASK_128 = (1n << 128n) - 1n;
/** PCG_DEFAULT_MULTIPLIER_128 = (2549297995355413924 << 64) + 4865540595714422341. */
const MULTIPLIER = (2549297995355413924n << 64n) + 4865540595714422341n;
const LIMBS = 8;

/** A 128-bit integer as eight 16-bit limbs, least significant first (so limb products stay exact in doubles). */
function toLimbs(value: bigint): Uint16Array {
  const limbs = new Uint16Array(LIMBS);
  for (let i = 0; i < LIMBS; i++) limbs[i] = Number((value >> BigInt(16 * i)) & 0xffffn);
  return limbs;
}

/** `_int_to_uint32_array`: a non-negative int's 32-bit words, lowest first; `[0]` for zero. */
function entropyWords(entropy: bigint): number[] {
  const words: number[] = [];
  for (let rest = entropy; rest > 0n; rest >>= 32n) words.push(Number(rest & 0xffffffffn));
  return words.length === 0 ? [0] : words;
}

function checkedSeed(seed: number | bigint): bigint {
  if (typeof seed === "number" && !Number.isSafeInteger(seed)) {
    throw new ConfigError(`A NumPy seed must be an integer; got ${seed}. Use a whole number such as 0.`);
  }
  const value = BigInt(seed);
  if (value < 0n) {
    throw new ConfigError(
      `A NumPy seed must be non-negative (SeedSequence rejects ${value}); use 0 or more.`,
    );
  }
  return value;
}

/** `mix(x, y)` of bit_generator.pyx, in uint32 arithmetic. */
function mix(x: number, y: number): number {
  const result = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
  return (result ^ (result >>> 16)) >>> 0;
}

/**
 * `np.random.SeedSequence(entropy).generate_state(wordCount, np.uint32)` for a non-negative int entropy (no spawn key,
 * pool size 4). The uint64 form NumPy seeds PCG64 with is these words read in little-endian pairs.
 */
export function seedSequenceGenerateState(entropy: number | bigint, wordCount: number): Uint32Array {
  const words = entropyWords(checkedSeed(entropy));
  let hashConst = INIT_A;
  const hashmix = (input: number): number => {
    let value = (input ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_A) >>> 0;
    value = Math.imul(value, hashConst) >>> 0;
    return (value ^ (value >>> 16)) >>> 0;
  };
  const pool = new Uint32Array(POOL_SIZE);
  for (let i = 0; i < POOL_SIZE; i++) pool[i] = hashmix(words[i] ?? 0);
  for (let source = 0; source < POOL_SIZE; source++) {
    for (let target = 0; target < POOL_SIZE; target++) {
      if (source !== target) pool[target] = mix(pool[target] ?? 0, hashmix(pool[source] ?? 0));
    }
  }
  for (let source = POOL_SIZE; source < words.length; source++) {
    for (let target = 0; target < POOL_SIZE; target++) {
      pool[target] = mix(pool[target] ?? 0, hashmix(words[source] ?? 0));
    }
  }
  const state = new Uint32Array(wordCount);
  let outputConst = INIT_B;
  for (let i = 0; i < wordCount; i++) {
    let value = ((pool[i % POOL_SIZE] ?? 0) ^ outputConst) >>> 0;
    outputConst = Math.imul(outputConst, MULT_B) >>> 0;
    value = Math.imul(value, outputConst) >>> 0;
    state[i] = (value ^ (value >>> 16)) >>> 0;
  }
  return state;
}

/**
 * `np.random.PCG64(seed)`: the 128-bit LCG (state × PCG_DEFAULT_MULTIPLIER_128 + inc) with the XSL-RR output.
 * BigInt is used only for seeding and `nextUint64`'s result; the per-draw step runs on 16-bit limbs.
 */
export class NumpyPcg64 {
  private readonly state: Uint16Array;
  private readonly increment: Uint16Array;
  private readonly multiplier = toLimbs(MULTIPLIER);
  /** The next state's limbs while a step computes them. */
  private readonly scratch = new Uint16Array(LIMBS);
  private outputLow = 0;
  private outputHigh = 0;
  /** `pcg64_next32`'s buffered upper half of the last 64-bit output. */
  private bufferedUint32: number | undefined;

  /** Seeds as `PCG64.__init__`: `generate_state(4, np.uint64)` → `pcg64_set_seed(state, words 0–1; inc, words 2–3)`. */
  constructor(seed: number | bigint) {
    const words = seedSequenceGenerateState(seed, 8);
    const uint64 = (index: number): bigint =>
      (BigInt(words[2 * index + 1] ?? 0) << 32n) | BigInt(words[2 * index] ?? 0);
    // pcg64_set_seed: the first uint64 is the high half of each 128-bit value.
    const initialState = (uint64(0) << 64n) | uint64(1);
    const initialSequence = (uint64(2) << 64n) | uint64(3);
    // pcg_setseq_128_srandom_r: state = 0, inc = seq << 1 | 1, step, state += initstate, step.
    const increment = ((initialSequence << 1n) | 1n) & MASK_128;
    const stepped = (increment + initialState) & MASK_128;
    this.state = toLimbs((stepped * MULTIPLIER + increment) & MASK_128);
    this.increment = toLimbs(increment);
  }

  /** One LCG step, then XSL-RR: rotate (high64 ^ low64) right by the state's top 6 bits, into outputHigh/outputLow. */
  private advance(): void {
    const state = this.state;
    const multiplier = this.multiplier;
    const increment = this.increment;
    const next = this.scratch;
    let carry = 0;
    for (let k = 0; k < LIMBS; k++) {
      let column = carry + (increment[k] ?? 0);
      for (let i = 0; i <= k; i++) column += (state[i] ?? 0) * (multiplier[k - i] ?? 0);
      carry = Math.floor(column / 65536);
      next[k] = column - carry * 65536;
    }
    state.set(next);
    let low = ((state[0] ?? 0) | ((state[1] ?? 0) << 16)) ^ ((state[4] ?? 0) | ((state[5] ?? 0) << 16));
    let high = ((state[2] ?? 0) | ((state[3] ?? 0) << 16)) ^ ((state[6] ?? 0) | ((state[7] ?? 0) << 16));
    let rotation = (state[7] ?? 0) >>> 10;
    if (rotation >= 32) {
      [low, high] = [high, low];
      rotation -= 32;
    }
    if (rotation > 0) {
      [low, high] = [
        (low >>> rotation) | (high << (32 - rotation)),
        (high >>> rotation) | (low << (32 - rotation)),
      ];
    }
    this.outputLow = low >>> 0;
    this.outputHigh = high >>> 0;
  }

  /** `next_uint64` (also `random_raw`): one 64-bit output; leaves the 32-bit buffer alone, as NumPy does. */
  nextUint64(): bigint {
    this.advance();
    return ((BigInt(this.outputHigh) << 32n) | BigInt(this.outputLow)) & MASK_64;
  }

  /** `pcg64_next32`: the lower half of a fresh 64-bit output, then its upper half on the next call. */
  nextUint32(): number {
    if (this.bufferedUint32 !== undefined) {
      const value = this.bufferedUint32;
      this.bufferedUint32 = undefined;
      return value;
    }
    this.advance();
    this.bufferedUint32 = this.outputHigh;
    return this.outputLow;
  }
}
