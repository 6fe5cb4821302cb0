// CPython 3.11's `difflib.SequenceMatcher` on two strings, as far as `get_matching_blocks()` and `ratio()`: the
// b2j index with the optional `isjunk` hook and the autojunk ("popular" element) rule, `find_longest_match` with
// its four extension passes, the queue-driven split into sub-ranges and the merge of adjacent blocks. Python
// iterates a str by code point, so both strings are compared as arrays of code points (an emoji is one element,
// a combining mark is its own element). Pure.

/** Python's `Match(a, b, size)`: `a[a..a+size] == b[b..b+size]`, indices in code points. */
export interface Match {
  a: number;
  b: number;
  size: number;
}

export interface SequenceMatcherOptions {
  /** `SequenceMatcher(isjunk=...)`, called with one character (code point) of b; default none. */
  isjunk?: (element: string) => boolean;
  /** `SequenceMatcher(autojunk=...)`; default true, as in Python. */
  autojunk?: boolean;
}

/** What `__chain_b` leaves on the matcher: where each usable element of b occurs, and which elements are junk. */
interface ChainedB {
  b2j: Map<number, number[]>;
  junk: Set<number>;
}

const NO_INDICES: readonly number[] = [];

/** A string as Python sees it: one number per code point (lone surrogates stay single elements). */
function codePoints(text: string): number[] {
  const points: number[] = [];
  for (const char of text) points.push(char.codePointAt(0) ?? 0);
  return points;
}

/** Element i of a sequence, with a sentinel that equals no code point; callers keep i in range anyway. */
function at(sequence: readonly number[], index: number): number {
  return sequence[index] ?? -1;
}

/** `__chain_b`: index b, then drop junk and, for len(b) >= 200 with autojunk, elements seen > len(b)//100 + 1 times. */
function chainB(b: readonly number[], options: SequenceMatcherOptions): ChainedB {
  const b2j = new Map<number, number[]>();
  b.forEach((element, index) => {
    const indices = b2j.get(element);
    if (indices) indices.push(index);
    else b2j.set(element, [index]);
  });
  const junk = new Set<number>();
  const { isjunk } = options;
  if (isjunk) {
    for (const element of b2j.keys()) if (isjunk(String.fromCodePoint(element))) junk.add(element);
    for (const element of junk) b2j.delete(element);
  }
  // Popular elements leave b2j but, unlike junk, are not in `bjunk`: the extension passes below treat them as
  // ordinary characters, which is what makes autojunk change ratios rather than only speed.
  const n = b.length;
  if ((options.autojunk ?? true) && n >= 200) {
    const ntest = Math.floor(n / 100) + 1;
    const popular: number[] = [];
    for (const [element, indices] of b2j) if (indices.length > ntest) popular.push(element);
    for (const element of popular) b2j.delete(element);
  }
  return { b2j, junk };
}

/** `find_longest_match(alo, ahi, blo, bhi)`: the longest junk-free block, earliest in a then b, then widened. */
function findLongestMatch(
  a: readonly number[],
  b: readonly number[],
  chained: ChainedB,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): Match {
  const { b2j, junk } = chained;
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  // j2len[j]: length of the longest match ending at a[i-1] and b[j].
  let j2len = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const newj2len = new Map<number, number>();
    for (const j of b2j.get(at(a, i)) ?? NO_INDICES) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      newj2len.set(j, k);
      // Strictly greater: ties keep the earliest block, as Python's does.
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = newj2len;
  }
  // Widen over equal non-junk elements (popular ones included, since they were never indexed), then over
  // equal junk elements; the order matters for which block Python reports.
  for (const isJunk of [false, true]) {
    const isEqual = (i: number, j: number) => junk.has(at(b, j)) === isJunk && at(a, i) === at(b, j);
    while (besti > alo && bestj > blo && isEqual(besti - 1, bestj - 1)) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && isEqual(besti + bestsize, bestj + bestsize)) {
      bestsize++;
    }
  }
  return { a: besti, b: bestj, size: bestsize };
}

/** Python's tuple order on (a, b, size), which `matching_blocks.sort()` uses. */
function compareMatches(x: Match, y: Match): number {
  return x.a - y.a || x.b - y.b || x.size - y.size;
}

/** `get_matching_blocks()` on code-point arrays. */
function matchingBlocksOf(
  a: readonly number[],
  b: readonly number[],
  options: SequenceMatcherOptions,
): Match[] {
  const chained = chainB(b, options);
  const la = a.length;
  const lb = b.length;
  // A LIFO stack as in Python; the order blocks are found in is irrelevant after the sort, but kept anyway.
  const queue: [number, number, number, number][] = [[0, la, 0, lb]];
  const found: Match[] = [];
  for (let range = queue.pop(); range; range = queue.pop()) {
    const [alo, ahi, blo, bhi] = range;
    const match = findLongestMatch(a, b, chained, alo, ahi, blo, bhi);
    const { a: i, b: j, size: k } = match;
    if (k === 0) continue;
    found.push(match);
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
  }
  found.sort(compareMatches);
  // Blocks that touch end to end in both strings become one, so the result is Python's canonical list.
  const blocks: Match[] = [];
  let current: Match = { a: 0, b: 0, size: 0 };
  for (const next of found) {
    if (current.a + current.size === next.a && current.b + current.size === next.b) {
      current = { ...current, size: current.size + next.size };
    } else {
      if (current.size > 0) blocks.push(current);
      current = next;
    }
  }
  if (current.size > 0) blocks.push(current);
  blocks.push({ a: la, b: lb, size: 0 });
  return blocks;
}

/** `SequenceMatcher(isjunk, a, b, autojunk).get_matching_blocks()`, ending with the `(len(a), len(b), 0)` sentinel. */
export function matchingBlocks(a: string, b: string, options: SequenceMatcherOptions = {}): Match[] {
  return matchingBlocksOf(codePoints(a), codePoints(b), options);
}

/** `SequenceMatcher(isjunk, a, b, autojunk).ratio()`: 2·M/T over code points, 1.0 when both strings are empty. */
export function sequenceMatcherRatio(a: string, b: string, options: SequenceMatcherOptions = {}): number {
  const pa = codePoints(a);
  const pb = codePoints(b);
  const total = pa.length + pb.length;
  if (total === 0) return 1;
  const matches = matchingBlocksOf(pa, pb, options).reduce((sum, block) => sum + block.size, 0);
  return (2 * matches) / total;
}
