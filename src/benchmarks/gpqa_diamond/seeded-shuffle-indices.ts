// aiperf's GPQA option order: a permutation of 0..n−1 from Python's random.Random seeded by SHA-256 of a key.
import { createHash } from "node:crypto";
import { PythonRandom } from "../../stats/python-random.js";

/** `int(sha256(key.encode("utf-8")).hexdigest(), 16) % 2**32`: the digest's last four bytes, big-endian. */
export function sha256Seed(key: string): number {
  return createHash("sha256").update(key, "utf8").digest().readUInt32BE(28);
}

/**
 * aiperf `gpqa_diamond._seeded_shuffle_indices(key, n)`: `indices = list(range(n))`, then
 * `random.Random(sha256Seed(key)).shuffle(indices)`.
 */
export function seededShuffleIndices(key: string, count: number): number[] {
  const indices = Array.from({ length: count }, (_, index) => index);
  return new PythonRandom(sha256Seed(key)).shuffle(indices);
}
