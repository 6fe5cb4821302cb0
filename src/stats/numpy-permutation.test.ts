// numpyPermutation and NumpyPcg64 against NumPy 2.4.6 (numpy.__version__), values recorded here with python3.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../errors.js";
import { NumpyPcg64, seedSequenceGenerateState } from "./numpy-pcg64.js";
import { hfShuffledIndices, numpyPermutation } from "./numpy-permutation.js";

/** Σ p[i]·(i+1), in BigInt so large permutations cannot lose precision. */
function weightedSum(permutation: Uint32Array): bigint {
  let sum = 0n;
  for (let i = 0; i < permutation.length; i++) sum += BigInt(permutation[i] ?? 0) * BigInt(i + 1);
  return sum;
}

// import numpy as np
// [int(x) for x in np.random.SeedSequence(0).generate_state(8)]
// [int(x) for x in np.random.SeedSequence(0).generate_state(4, np.uint64)]
// [int(x) for x in np.random.SeedSequence(2**70 + 5).generate_state(4, np.uint64)]
// [int(x) for x in np.random.default_rng(0).bit_generator.random_raw(5)]
// [int(x) for x in np.random.default_rng(42).bit_generator.random_raw(3)]
// r = np.random.default_rng(0).bit_generator.random_raw(3)
// [int(r[0]) & 0xffffffff, int(r[0]) >> 32, int(r[1]) & 0xffffffff, int(r[2]) & 0xffffffff]
const SEED_SEQUENCE_0_UINT32 = [
  2968811710, 3677149159, 745650761, 2884920346, 2642120001, 549907821, 574372308, 742431198,
];
const SEED_SEQUENCE_0_UINT64 = [
  15793235383387715774n,
  12390638538380655177n,
  2361836109651742017n,
  3188717715514472916n,
];
const SEED_SEQUENCE_BIG_UINT64 = [
  726263078096862806n,
  7809400558599790184n,
  11174137857383931066n,
  8975618194489585486n,
];
const RAW_SEED_0 = [
  11749869230777074271n,
  4976686463289251617n,
  755828109848996024n,
  304881062738325533n,
  15002187965291974971n,
];
const RAW_SEED_42 = [14276969152011380360n, 8095878257575067585n, 15838336090824644132n];
const UINT32_HALVES_SEED_0 = [3653403231, 2735729615, 2195314465, 1322117304];

// np.random.default_rng(seed).permutation(10).tolist()
// p = np.random.default_rng(seed).permutation(1000); p[:20].tolist(), p[-20:].tolist(),
//   int((p.astype(np.int64) * np.arange(1, 1001)).sum())
const PERMUTATIONS = [
  {
    seed: 0,
    ten: [4, 6, 2, 7, 3, 5, 9, 0, 8, 1],
    first: [
      459, 206, 222, 162, 711, 814, 350, 890, 518, 264, 683, 674, 511, 391, 329, 325, 81, 201, 582, 380,
    ],
    last: [844, 7, 487, 959, 351, 581, 881, 639, 377, 78, 632, 315, 950, 29, 425, 184, 504, 801, 975, 607],
    weightedSum: 250930667n,
  },
  {
    seed: 1,
    ten: [8, 4, 7, 0, 1, 2, 5, 9, 6, 3],
    first: [
      705, 649, 543, 927, 577, 471, 608, 252, 918, 745, 624, 463, 809, 48, 583, 262, 191, 525, 823, 500,
    ],
    last: [306, 610, 2, 554, 588, 714, 307, 292, 837, 72, 928, 681, 174, 978, 246, 205, 699, 102, 499, 255],
    weightedSum: 246397518n,
  },
  {
    seed: 42,
    ten: [5, 6, 0, 7, 3, 2, 4, 9, 1, 8],
    first: [978, 933, 859, 916, 127, 608, 856, 260, 147, 810, 635, 972, 593, 994, 285, 554, 467, 276, 55, 61],
    last: [
      553, 366, 534, 275, 675, 832, 303, 113, 749, 908, 437, 491, 526, 141, 706, 548, 609, 961, 973, 648,
    ],
    weightedSum: 248821039n,
  },
  {
    seed: 12345,
    ten: [4, 8, 1, 3, 7, 9, 6, 0, 2, 5],
    first: [
      279, 568, 569, 583, 55, 795, 669, 361, 136, 475, 751, 473, 726, 763, 514, 300, 393, 316, 973, 306,
    ],
    last: [
      223, 537, 375, 557, 964, 607, 817, 999, 807, 835, 360, 781, 686, 272, 130, 985, 789, 222, 397, 413,
    ],
    weightedSum: 252433616n,
  },
];

// np.random.default_rng(0).permutation(11490)[:20].tolist()   (CNN/DailyMail 3.0.0 test split size)
const CNN_DAILYMAIL_TEST_FIRST_20 = [
  10265, 3688, 8611, 1624, 9217, 604, 3064, 8813, 3234, 2984, 6891, 9116, 1039, 4078, 8689, 11124, 5647, 9291,
  2099, 8559,
];
// np.random.default_rng(2**70 + 5).permutation(10).tolist()   (entropy of three 32-bit words)
const BIG_SEED_TEN = [6, 3, 1, 2, 7, 8, 9, 5, 0, 4];
// p = np.random.default_rng(0).permutation(300000); p[:5].tolist(), p[-5:].tolist(),
//   int((p.astype(np.int64) * np.arange(1, 300001)).sum())
const LARGE = {
  first: [191527, 231023, 49782, 287816, 83749],
  last: [206774, 192541, 48632, 120609, 164447],
  weightedSum: 6745359106848116n,
};

/** The uint64 view NumPy seeds PCG64 with: uint32 words read in little-endian pairs. */
function asUint64(words: Uint32Array): bigint[] {
  const result: bigint[] = [];
  for (let i = 0; i < words.length; i += 2) {
    result.push((BigInt(words[i + 1] ?? 0) << 32n) | BigInt(words[i] ?? 0));
  }
  return result;
}

describe("seedSequenceGenerateState", () => {
  it("matches SeedSequence(0).generate_state as uint32 and as uint64", () => {
    expect(Array.from(seedSequenceGenerateState(0, 8))).toEqual(SEED_SEQUENCE_0_UINT32);
    expect(asUint64(seedSequenceGenerateState(0, 8))).toEqual(SEED_SEQUENCE_0_UINT64);
  });

  it("mixes entropy longer than the pool (2**70 + 5 is three 32-bit words)", () => {
    expect(asUint64(seedSequenceGenerateState(2n ** 70n + 5n, 8))).toEqual(SEED_SEQUENCE_BIG_UINT64);
  });

  it("rejects negative and non-integer seeds as NumPy does", () => {
    expect(() => seedSequenceGenerateState(-1, 8)).toThrow(ConfigError);
    expect(() => seedSequenceGenerateState(0.5, 8)).toThrow(/must be an integer/);
  });
});

describe("NumpyPcg64", () => {
  it("gives default_rng(seed).bit_generator.random_raw()", () => {
    const zero = new NumpyPcg64(0);
    expect(RAW_SEED_0.map(() => zero.nextUint64())).toEqual(RAW_SEED_0);
    const fortyTwo = new NumpyPcg64(42n);
    expect(RAW_SEED_42.map(() => fortyTwo.nextUint64())).toEqual(RAW_SEED_42);
  });

  it("splits one 64-bit output into two 32-bit draws, low half first; next_uint64 leaves the buffered half", () => {
    const [rawZeroLow, rawZeroHigh, rawOneLow, rawTwoLow] = UINT32_HALVES_SEED_0;
    const generator = new NumpyPcg64(0);
    expect(generator.nextUint32()).toBe(rawZeroLow);
    expect(generator.nextUint64()).toBe(RAW_SEED_0[1]);
    expect(generator.nextUint32()).toBe(rawZeroHigh);
    expect(generator.nextUint32()).toBe(rawTwoLow);
    const afterRaw = new NumpyPcg64(0);
    afterRaw.nextUint64();
    expect(afterRaw.nextUint32()).toBe(rawOneLow);
  });
});

describe("numpyPermutation", () => {
  it.each(PERMUTATIONS)("matches default_rng($seed).permutation(10) and (1000)", (expected) => {
    expect(Array.from(numpyPermutation(10, expected.seed))).toEqual(expected.ten);
    const permutation = numpyPermutation(1000, expected.seed);
    expect(Array.from(permutation.subarray(0, 20))).toEqual(expected.first);
    expect(Array.from(permutation.subarray(980))).toEqual(expected.last);
    expect(weightedSum(permutation)).toBe(expected.weightedSum);
  });

  it("gives the CNN/DailyMail test split's first 20 rows after shuffle(0), and a big-int seed's order", () => {
    expect(Array.from(hfShuffledIndices(11490, 0).subarray(0, 20))).toEqual(CNN_DAILYMAIL_TEST_FIRST_20);
    expect(Array.from(numpyPermutation(10, 2n ** 70n + 5n))).toEqual(BIG_SEED_TEN);
  });

  it("handles n = 1 and n = 0", () => {
    expect(Array.from(numpyPermutation(1, 0))).toEqual([0]);
    expect(Array.from(numpyPermutation(0, 0))).toEqual([]);
  });

  it("matches a 300,000-row permutation", () => {
    const permutation = numpyPermutation(300000, 0);
    expect(Array.from(permutation.subarray(0, 5))).toEqual(LARGE.first);
    expect(Array.from(permutation.subarray(299995))).toEqual(LARGE.last);
    expect(weightedSum(permutation)).toBe(LARGE.weightedSum);
  });

  it("rejects a length that is not a whole number in range", () => {
    expect(() => numpyPermutation(-1, 0)).toThrow(ConfigError);
    expect(() => numpyPermutation(2.5, 0)).toThrow(/whole number/);
  });
});
