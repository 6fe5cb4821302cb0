// CPython's `random.Random` as langdetect draws from it: MT19937 seeded from an int, `random()`, `gauss()`, `choice()`.

const N = 624;
const M = 397;

/** The draws langdetect's `Detector` makes, bit for bit as CPython 3 makes them for `Random(seed)`. */
export class SeededRandom {
  private readonly state = new Uint32Array(N);
  private index = N;
  private nextGauss: number | undefined;

  /** `random.seed(seed)` for a non-negative int below 2³²: `init_by_array([seed])`. */
  constructor(seed: number) {
    const mt = this.state;
    mt[0] = 19650218;
    for (let i = 1; i < N; i++) {
      const previous = mt[i - 1] ?? 0;
      mt[i] = (Math.imul(1812433253, previous ^ (previous >>> 30)) + i) >>> 0;
    }
    let i = 1;
    for (let k = N; k > 0; k--) {
      const previous = mt[i - 1] ?? 0;
      mt[i] = (((mt[i] ?? 0) ^ Math.imul(previous ^ (previous >>> 30), 1664525)) + seed) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1] ?? 0;
        i = 1;
      }
    }
    for (let k = N - 1; k > 0; k--) {
      const previous = mt[i - 1] ?? 0;
      mt[i] = (((mt[i] ?? 0) ^ Math.imul(previous ^ (previous >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1] ?? 0;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  private twist(): void {
    const mt = this.state;
    for (let k = 0; k < N; k++) {
      const y = ((mt[k] ?? 0) & 0x80000000) | ((mt[(k + 1) % N] ?? 0) & 0x7fffffff);
      mt[k] = ((mt[(k + M) % N] ?? 0) ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)) >>> 0;
    }
    this.index = 0;
  }

  /** `genrand_uint32`: the next tempered 32-bit output. */
  private nextUint32(): number {
    if (this.index >= N) this.twist();
    let y = this.state[this.index] ?? 0;
    this.index++;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random()`: 53 random bits from two outputs, in [0, 1). */
  random(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** `gauss(0, 1)`: Box–Muller over two `random()` draws, the second value kept for the next call. */
  gauss(): number {
    const kept = this.nextGauss;
    this.nextGauss = undefined;
    if (kept !== undefined) return kept;
    const angle = this.random() * 2 * Math.PI;
    const radius = Math.sqrt(-2 * Math.log(1 - this.random()));
    this.nextGauss = Math.sin(angle) * radius;
    return Math.cos(angle) * radius;
  }

  /** The index `choice(sequence)` picks for a sequence of `length` items (`_randbelow_with_getrandbits`). */
  choiceIndex(length: number): number {
    const bits = 32 - Math.clz32(length);
    let value = this.nextUint32() >>> (32 - bits);
    while (value >= length) value = this.nextUint32() >>> (32 - bits);
    return value;
  }
}
