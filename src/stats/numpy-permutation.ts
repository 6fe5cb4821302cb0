// `np.random.default_rng(seed).permutation(n)`, and through it Hugging Face datasets' `Dataset.shuffle(seed=…)` order.
// Ports numpy/numpy@b832a09cf2a169c833dd2371e7c07aa00b293242 (v2.4.6): numpy/random/_generator.pyx `permutation`
// (an int → `arange(n)` then `shuffle`) → `_shuffle_raw` (i from n−1 down to 1, j = random_interval(i), swap),
// and numpy/random/src/distributions/distributions.c `random_interval` (masked rejection sampling).

import { ConfigError } from "../errors.js";
import { NumpyPcg64 } from "./numpy-pcg64.js";

/**
 * `random_interval(bitgen, max)`: a uniform integer in [0, max] by drawing under the smallest all-ones mask ≥ max
 * and rejecting values above max. Here max < 2**32 always, so it is NumPy's 32-bit branch (`next_uint32`).
 */
function randomInterval(generator: NumpyPcg64, max: number): number {
  if (max === 0) return 0;
  let mask = max;
  mask |= mask >>> 1;
  mask |= mask >>> 2;
  mask |= mask >>> 4;
  mask |= mask >>> 8;
  mask |= mask >>> 16;
  let value = (generator.nextUint32() & mask) >>> 0;
  while (value > max) value = (generator.nextUint32() & mask) >>> 0;
  return value;
}

/** `np.random.default_rng(seed).permutation(length)`: the integers 0 … length−1 in NumPy's shuffled order. */
export function numpyPermutation(length: number, seed: number | bigint): Uint32Array {
  if (!Number.isSafeInteger(length) || length < 0 || length > 0xffffffff) {
    throw new ConfigError(`A permutation length must be a whole number from 0 to 4294967295; got ${length}.`);
  }
  const generator = new NumpyPcg64(seed);
  const indices = new Uint32Array(length);
  for (let i = 0; i < length; i++) indices[i] = i;
  for (let i = length - 1; i >= 1; i--) {
    const j = randomInterval(generator, i);
    const held = indices[i] ?? 0;
    indices[i] = indices[j] ?? 0;
    indices[j] = held;
  }
  return indices;
}

/**
 * The row order of Hugging Face datasets' `Dataset.shuffle(seed=seed)` on a dataset of `rowCount` rows (without an
 * indices mapping): position k of the shuffled dataset is row `hfShuffledIndices(rowCount, seed)[k]`. In
 * huggingface/datasets@b7cb10b0e38ab8bbefdb142d0279bc85ac8c7ab8 src/datasets/arrow_dataset.py `shuffle`, a seed and
 * no `generator` make `np.random.default_rng(seed)`, whose `permutation(len(self))` is passed to `select`
 * (`keep_in_memory` and the cache file only change where the indices are stored; an empty dataset is returned as is).
 * So `dataset.shuffle(0)` then the first n rows, as TensorRT-LLM takes them, is `hfShuffledIndices(rows, 0).subarray(0, n)`.
 */
export const hfShuffledIndices: (rowCount: number, seed: number | bigint) => Uint32Array = numpyPermutation;
