// CPython's `random.Random` (MT19937) seeded from an int, with `getrandbits(k ≤ 32)`, `_randbelow`, `randint`,
// `shuffle`, `sample`, `random()` and `gauss()`.

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/** The 32-bit words of a non-negative integer, least significant first (at least one word), as CPython seeds. */
function seedWords(seed: bigint): number[] {
  const words: number[] = [];
  let rest = seed;
  while (rest > 0n) {
    words.push(Number(rest & 0xffffffffn));
    rest >>= 32n;
  }
  return words.length === 0 ? [0] : words;
}

/**
 * A port of CPython's `random.Random(seed)` for an int seed (`random_seed` → `init_by_array` over the absolute
 * value's 32-bit words) and of the pure-Python methods built on `getrandbits`: `_randbelow_with_getrandbits`
 * and `shuffle` (3.11+; the same draws as every CPython 3 release for the default `random` argument).
 */
export class PythonRandom {
  private readonly state = new Uint32Array(N);
  private index = N;
  /** `gauss()`'s second value, kept for the next call. */
  private nextGauss: number | undefined;

  constructor(seed: bigint | number) {
    const value = BigInt(seed);
    this.initByArray(seedWords(value < 0n ? -value : value));
  }

  private initGenrand(seed: number): void {
    const mt = this.state;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const previous = mt[i - 1] ?? 0;
      mt[i] = (Math.imul(1812433253, previous ^ (previous >>> 30)) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.state;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const previous = mt[i - 1] ?? 0;
      mt[i] = (((mt[i] ?? 0) ^ Math.imul(previous ^ (previous >>> 30), 1664525)) + (key[j] ?? 0) + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1] ?? 0;
        i = 1;
      }
      if (j >= key.length) j = 0;
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
    this.index = N;
  }

  private twist(): void {
    const mt = this.state;
    const mix = (upper: number, lower: number, far: number): number => {
      const y = (upper & UPPER_MASK) | (lower & LOWER_MASK);
      return (far ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0)) >>> 0;
    };
    for (let k = 0; k < N - M; k++) mt[k] = mix(mt[k] ?? 0, mt[k + 1] ?? 0, mt[k + M] ?? 0);
    for (let k = N - M; k < N - 1; k++) mt[k] = mix(mt[k] ?? 0, mt[k + 1] ?? 0, mt[k + M - N] ?? 0);
    mt[N - 1] = mix(mt[N - 1] ?? 0, mt[0] ?? 0, mt[M - 1] ?? 0);
    this.index = 0;
  }

  /** The next tempered 32-bit output (`genrand_uint32`). */
  nextUint32(): number {
    if (this.index >= N) this.twist();
    let y = this.state[this.index] ?? 0;
    this.index++;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random()`: 53 random bits from two outputs (`genrand_res53`), in [0, 1). */
  random(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** `gauss(0, 1)`: Box–Muller over two `random()` draws, the second value kept for the next call (`gauss_next`). */
  gauss(): number {
    const kept = this.nextGauss;
    this.nextGauss = undefined;
    if (kept !== undefined) return kept;
    const angle = this.random() * 2 * Math.PI;
    const radius = Math.sqrt(-2 * Math.log(1 - this.random()));
    this.nextGauss = Math.sin(angle) * radius;
    return Math.cos(angle) * radius;
  }

  /** `getrandbits(bits)` for 0 ≤ bits ≤ 32: the top `bits` bits of one output (0 draws nothing). */
  getrandbits(bits: number): number {
    if (!Number.isInteger(bits) || bits < 0 || bits > 32) {
      throw new RangeError(`getrandbits supports 0 to 32 bits here, got ${bits}`);
    }
    if (bits === 0) return 0;
    return this.nextUint32() >>> (32 - bits);
  }

  /** `_randbelow_with_getrandbits(n)`: rejection sampling on `n.bit_length()` bits, for 0 < n < 2³². */
  randbelow(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 0xffffffff) {
      throw new RangeError(`randbelow needs 0 < n < 2^32, got ${n}`);
    }
    const bits = 32 - Math.clz32(n);
    let value = this.getrandbits(bits);
    while (value >= n) value = this.getrandbits(bits);
    return value;
  }

  /**
   * `randint(a, b)`: `randrange(a, b + 1)`, which is `a + _randbelow(b - a + 1)` in every CPython 3 release (integer
   * bounds, a width below 2³²).
   */
  randint(low: number, high: number): number {
    if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high) || high < low) {
      throw new RangeError(`randint needs integers low <= high, got ${low} and ${high}`);
    }
    return low + this.randbelow(high - low + 1);
  }

  /**
   * `sample(population, k)` (CPython 3.11): k distinct elements in selection order. A small population is drawn
   * from a shrinking pool (`j = randbelow(n - i)`, the last element moved into the hole); a large one by rejecting
   * indices already taken.
   */
  sample<T>(population: readonly T[], k: number): T[] {
    const n = population.length;
    if (!Number.isInteger(k) || k < 0 || k > n) {
      throw new RangeError(`sample needs 0 <= k <= ${n}, got ${k}`);
    }
    let setSize = 21;
    if (k > 5) setSize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    const result: T[] = [];
    if (n <= setSize) {
      const pool = [...population];
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result.push(pool[j] as T);
        pool[j] = pool[n - i - 1] as T;
      }
      return result;
    }
    const selected = new Set<number>();
    for (let i = 0; i < k; i++) {
      let j = this.randbelow(n);
      while (selected.has(j)) j = this.randbelow(n);
      selected.add(j);
      result.push(population[j] as T);
    }
    return result;
  }

  /** `shuffle(x)` in place: for i from len−1 down to 1, swap x[i] with x[randbelow(i + 1)]. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const held = items[i] as T;
      items[i] = items[j] as T;
      items[j] = held;
    }
    return items;
  }
}
