// A growable typed array of one metric's samples — Float32 (4 bytes a value, so a million requests fit in a few MB)
// or Float64 where every digit is kept — with an optional cap past which it keeps a uniform seeded reservoir sample.
import { createSeededRandom } from "../stats/seeded-random.js";

/** 32: Float32Array (a profile's millions of requests); 64: Float64Array (a run's samples, values kept exactly). */
export type MetricPrecision = 32 | 64;

export class MetricColumn {
  #values: Float32Array | Float64Array;
  #length = 0;
  #seen = 0;
  readonly #capacity: number;
  readonly #random: () => number;

  readonly #precision: MetricPrecision;

  constructor(
    options: { initialSize?: number; capacity?: number; seed?: number; precision?: MetricPrecision } = {},
  ) {
    this.#precision = options.precision ?? 32;
    this.#values = this.#allocate(options.initialSize ?? 1024);
    this.#capacity = options.capacity ?? Number.POSITIVE_INFINITY;
    this.#random = createSeededRandom(options.seed ?? 1);
  }

  /** Values offered (kept or not). */
  get seen(): number {
    return this.#seen;
  }

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (Number.isNaN(value)) return;
    this.#seen++;
    if (this.#length >= this.#capacity) {
      const slot = Math.floor(this.#random() * this.#seen);
      if (slot < this.#length) this.#values[slot] = value;
      return;
    }
    if (this.#length === this.#values.length) {
      const grown = this.#allocate(Math.min(this.#values.length * 2, this.#capacity));
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length++] = value;
  }

  /** A sorted copy of the kept values. */
  sorted(): Float32Array | Float64Array {
    return this.#values.slice(0, this.#length).sort();
  }

  #allocate(size: number): Float32Array | Float64Array {
    return this.#precision === 64 ? new Float64Array(size) : new Float32Array(size);
  }
}
