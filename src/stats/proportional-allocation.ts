// Splits a sample count over strata in proportion to their sizes, by largest remainder (Hamilton's method).

/**
 * How many of `count` each stratum of `sizes` gets: all of every stratum when `count` covers them; otherwise, when
 * `count` ≥ the number of non-empty strata, one each and the rest in proportion to what each has left, else all in
 * proportion to the sizes. Each share is the floor of its quota; the units left go to the largest remainders (ties:
 * the earlier stratum). Deterministic, sums to `count`, never more than a stratum holds.
 */
export function proportionalAllocation(sizes: readonly number[], count: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (count >= total) return [...sizes];
  const wanted = Math.max(0, Math.floor(count));
  const nonEmpty = sizes.filter((size) => size > 0).length;
  const base = sizes.map((size): number => (wanted >= nonEmpty && size > 0 ? 1 : 0));
  const capacity = sizes.map((size, index) => size - (base[index] ?? 0));
  const capacityTotal = capacity.reduce((sum, left) => sum + left, 0);
  const toShare = wanted - base.reduce((sum, one) => sum + one, 0);
  // Integer quotas: share·capacity = floor·capacityTotal + remainder, so remainders compare exactly.
  const shares = capacity.map((left) => {
    const numerator = toShare * left;
    return { floor: Math.floor(numerator / capacityTotal), remainder: numerator % capacityTotal };
  });
  let leftOver = toShare - shares.reduce((sum, share) => sum + share.floor, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((left, right) => right.remainder - left.remainder || left.index - right.index);
  const allocation = shares.map((share, index) => (base[index] ?? 0) + share.floor);
  for (const { index } of byRemainder) {
    if (leftOver <= 0) break;
    allocation[index] = (allocation[index] ?? 0) + 1;
    leftOver--;
  }
  return allocation;
}
