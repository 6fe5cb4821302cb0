// PythonRandom against CPython: outputs recorded from CPython 3.11.7 and the documented `random.seed(n); random()` values.
import { describe, expect, it } from "vitest";
import { PythonRandom } from "./python-random.js";

/** CPython's `random()`: 53 bits from two 32-bit outputs, `(a >> 5) * 2**26 + (b >> 6)` over 2**53. */
function pythonRandomFloat(random: PythonRandom): number {
  const high = random.getrandbits(32) >>> 5;
  const low = random.getrandbits(32) >>> 6;
  return (high * 67108864 + low) / 9007199254740992;
}

describe("PythonRandom", () => {
  it("gives the well-known first random() of random.seed(0) and random.seed(42)", () => {
    expect(pythonRandomFloat(new PythonRandom(0))).toBe(0.8444218515250481);
    expect(pythonRandomFloat(new PythonRandom(42))).toBe(0.6394267984578837);
  });

  // Recorded with CPython 3.11.7: r = random.Random(seed); [r.getrandbits(32), r.getrandbits(32), r.getrandbits(3)]
  // and r2 = random.Random(seed); x = list(range(10)); r2.shuffle(x).
  const CPYTHON: readonly { seed: bigint; bits: number[]; shuffled: number[] }[] = [
    { seed: 0n, bits: [3626764237, 1654615998, 6], shuffled: [7, 8, 1, 5, 3, 4, 2, 0, 9, 6] },
    { seed: 1n, bits: [577090037, 2444712010, 6], shuffled: [6, 8, 9, 7, 5, 3, 0, 4, 1, 2] },
    { seed: 42n, bits: [2746317213, 478163327, 0], shuffled: [7, 3, 2, 8, 5, 6, 9, 4, 0, 1] },
    { seed: 12345n, bits: [1789368711, 3146859322, 0], shuffled: [8, 7, 3, 5, 1, 2, 9, 4, 0, 6] },
    { seed: 4294967295n, bits: [2728839433, 2661025012, 1], shuffled: [0, 7, 1, 5, 2, 6, 4, 8, 3, 9] },
    // Two 32-bit words: init_by_array over [7, 256].
    { seed: 2n ** 40n + 7n, bits: [2635837658, 3209733218, 6], shuffled: [0, 5, 2, 3, 6, 1, 8, 4, 7, 9] },
  ];

  it.each(CPYTHON)("matches CPython getrandbits and shuffle for seed $seed", ({ seed, bits, shuffled }) => {
    const random = new PythonRandom(seed);
    expect([random.getrandbits(32), random.getrandbits(32), random.getrandbits(3)]).toEqual(bits);
    expect(new PythonRandom(seed).shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual(shuffled);
  });

  it("seeds a negative int as its absolute value, and a number like the same bigint", () => {
    expect(new PythonRandom(-42).nextUint32()).toBe(2746317213);
    expect(new PythonRandom(42).nextUint32()).toBe(new PythonRandom(42n).nextUint32());
  });

  it("keeps producing CPython's stream past the first 624-word twist", () => {
    const random = new PythonRandom(0);
    let last = 0;
    for (let index = 0; index < 1000; index++) last = random.nextUint32();
    // CPython 3.11.7: r = random.Random(0); [r.getrandbits(32) for _ in range(1000)][-1]
    expect(last).toBe(2971151651);
  });

  it("draws randint as CPython does (randrange over _randbelow of the width)", () => {
    // CPython 3.11.7: random.seed(0); [random.randint(0, 9) for _ in range(20)]
    const seeded = new PythonRandom(0);
    expect(Array.from({ length: 20 }, () => seeded.randint(0, 9))).toEqual([
      6, 6, 0, 4, 8, 7, 6, 4, 7, 5, 9, 3, 8, 2, 4, 2, 1, 9, 4, 8,
    ]);
    // r = random.Random(7); [r.randint(-5, 5) for _ in range(10)], [r.randint(1, 1000) for _ in range(5)],
    // r.randint(0, 2**32 - 2)
    const random = new PythonRandom(7);
    expect(Array.from({ length: 10 }, () => random.randint(-5, 5))).toEqual([
      0, -3, 1, 5, -5, -4, 3, -4, 0, 4,
    ]);
    expect(Array.from({ length: 5 }, () => random.randint(1, 1000))).toEqual([60, 932, 520, 220, 39]);
    expect(random.randint(0, 2 ** 32 - 2)).toBe(369140570);
    expect(() => random.randint(3, 2)).toThrow(RangeError);
    expect(() => random.randint(0.5, 2)).toThrow(RangeError);
  });

  it("rejects bit counts and bounds it does not implement", () => {
    const random = new PythonRandom(0);
    expect(() => random.getrandbits(33)).toThrow(RangeError);
    expect(() => random.randbelow(0)).toThrow(RangeError);
    expect(random.getrandbits(0)).toBe(0);
  });

  it("samples as CPython 3.11's random.sample does, from a small pool and by rejection from a large one", () => {
    // Expected values printed by CPython 3.11.7: random.Random(0).sample(range(4), 4) six times, then
    // r = random.Random(5); r.sample(list(range(30)), 7); r.sample(list(range(100)), 3).
    const random = new PythonRandom(0);
    const four = [0, 1, 2, 3];
    expect(Array.from({ length: 6 }, () => random.sample(four, 4))).toEqual([
      [3, 1, 0, 2],
      [3, 1, 2, 0],
      [2, 3, 0, 1],
      [2, 0, 3, 1],
      [1, 3, 0, 2],
      [2, 1, 0, 3],
    ]);
    const other = new PythonRandom(5);
    expect(
      other.sample(
        Array.from({ length: 30 }, (_, index) => index),
        7,
      ),
    ).toEqual([19, 8, 23, 11, 25, 22, 27]);
    expect(
      other.sample(
        Array.from({ length: 100 }, (_, index) => index),
        3,
      ),
    ).toEqual([83, 67, 3]);
    expect(() => other.sample(four, 5)).toThrow(/0 <= k <= 4/);
  });
});
