// Expected values are CPython 3.11.7's `difflib.SequenceMatcher(None, a, b, autojunk=...)` on the same inputs
// (the long texts generated in Python by the same seeded generator as `generatedText` below).
import { describe, expect, it } from "vitest";
import { type Match, matchingBlocks, sequenceMatcherRatio } from "./difflib.js";

type Triple = [number, number, number];

function triples(blocks: Match[]): Triple[] {
  return blocks.map((block) => [block.a, block.b, block.size]);
}

const SMALL: [string, string, number, Triple[]][] = [
  ["", "", 1.0, [[0, 0, 0]]],
  ["", "abc", 0.0, [[0, 3, 0]]],
  ["abc", "", 0.0, [[3, 0, 0]]],
  [
    "abc",
    "abc",
    1.0,
    [
      [0, 0, 3],
      [3, 3, 0],
    ],
  ],
  ["abc", "xyz", 0.0, [[3, 3, 0]]],
  [
    "abcd",
    "abed",
    0.75,
    [
      [0, 0, 2],
      [3, 3, 1],
      [4, 4, 0],
    ],
  ],
  [
    "abcd",
    "abcde",
    0.8888888888888888,
    [
      [0, 0, 4],
      [4, 5, 0],
    ],
  ],
  [
    "kitten",
    "sitting",
    0.6153846153846154,
    [
      [1, 1, 3],
      [5, 5, 1],
      [6, 7, 0],
    ],
  ],
  [
    "aaaa",
    "aa",
    0.6666666666666666,
    [
      [0, 0, 2],
      [4, 2, 0],
    ],
  ],
  [
    "abababab",
    "babababa",
    0.875,
    [
      [0, 1, 7],
      [8, 8, 0],
    ],
  ],
  [
    " abcd",
    "abcd abcd",
    0.7142857142857143,
    [
      [0, 4, 5],
      [5, 9, 0],
    ],
  ],
  [
    "private Thread currentThread;",
    "private volatile Thread currentThread;",
    0.8656716417910447,
    [
      [0, 0, 6],
      [6, 15, 23],
      [29, 38, 0],
    ],
  ],
  [
    "The cat sat.",
    "The cat sat on the mat.",
    0.6857142857142857,
    [
      [0, 0, 11],
      [11, 22, 1],
      [12, 23, 0],
    ],
  ],
];

// Indices count code points: an astral emoji is one element, a combining acute is its own element.
const UNICODE: [string, string, number, Triple[]][] = [
  [
    "😀😃😄",
    "😀😄",
    0.8,
    [
      [0, 0, 1],
      [2, 1, 1],
      [3, 2, 0],
    ],
  ],
  [
    "a😀b",
    "a😃b",
    0.6666666666666666,
    [
      [0, 0, 1],
      [2, 2, 1],
      [3, 3, 0],
    ],
  ],
  [
    "e\u0301cole",
    "\u00e9cole",
    0.7272727272727273,
    [
      [2, 1, 4],
      [6, 5, 0],
    ],
  ],
  [
    "cafe\u0301",
    "caf\u00e9",
    0.6666666666666666,
    [
      [0, 0, 3],
      [5, 4, 0],
    ],
  ],
  [
    "𝒜𝒷𝒸 text",
    "𝒜𝒷 text!",
    0.875,
    [
      [0, 0, 2],
      [3, 2, 5],
      [8, 8, 0],
    ],
  ],
];

describe("sequenceMatcherRatio / matchingBlocks (CPython difflib)", () => {
  it.each(SMALL)("%j vs %j", (a, b, ratio, blocks) => {
    expect(sequenceMatcherRatio(a, b)).toBe(ratio);
    expect(triples(matchingBlocks(a, b))).toEqual(blocks);
  });

  it.each(UNICODE)("iterates code points: %j vs %j", (a, b, ratio, blocks) => {
    expect(sequenceMatcherRatio(a, b)).toBe(ratio);
    expect(triples(matchingBlocks(a, b))).toEqual(blocks);
  });

  it("autojunk starts at len(b) = 200: below it nothing is popular, at it every element here is", () => {
    const a = `${"ab".repeat(60)}${"c".repeat(80)}`;
    const b199 = `${"ba".repeat(60)}${"c".repeat(79)}`;
    expect(sequenceMatcherRatio(a, b199)).toBe(0.9924812030075187);
    expect(triples(matchingBlocks(a, b199))).toEqual([
      [0, 1, 119],
      [120, 120, 79],
      [200, 199, 0],
    ]);
    const b200 = `${b199}c`;
    expect(sequenceMatcherRatio(a, b200)).toBe(0.0);
    expect(triples(matchingBlocks(a, b200))).toEqual([[200, 200, 0]]);
    expect(sequenceMatcherRatio(a, b200, { autojunk: false })).toBe(0.995);
  });

  it("autojunk drops spaces and common letters from b2j, and Python's ratio drops with it", () => {
    const a = "the tree sees three green eels ".repeat(8).trim();
    const b = "three green trees see the eel ".repeat(8).trim();
    expect([a.length, b.length]).toEqual([247, 239]);
    expect(sequenceMatcherRatio(a, b)).toBe(0.00823045267489712);
    expect(triples(matchingBlocks(a, b))).toEqual([
      [0, 0, 2],
      [247, 239, 0],
    ]);
    expect(sequenceMatcherRatio(a, b, { autojunk: false })).toBe(0.7160493827160493);
    expect(triples(matchingBlocks(a, b, { autojunk: false })).slice(0, 5)).toEqual([
      [0, 0, 2],
      [2, 3, 1],
      [3, 11, 5],
      [8, 17, 4],
      [13, 29, 13],
    ]);
    expect(triples(matchingBlocks(a, b, { autojunk: false }))).toHaveLength(40);
  });

  it("honours an isjunk hook the way SequenceMatcher(isjunk) does", () => {
    // With " " junk Python no longer reports the 5-long block " abcd" (it would start on junk in b).
    const spaceIsJunk = { isjunk: (c: string): boolean => c === " " };
    expect(triples(matchingBlocks(" abcd", "abcd abcd", spaceIsJunk))).toEqual([
      [1, 0, 4],
      [5, 9, 0],
    ]);
    expect(sequenceMatcherRatio(" abcd", "abcd abcd", spaceIsJunk)).toBe(0.5714285714285714);
    expect(triples(matchingBlocks("a b  c", "a  b c", spaceIsJunk))).toEqual([
      [0, 0, 2],
      [2, 3, 2],
      [5, 5, 1],
      [6, 6, 0],
    ]);
    expect(sequenceMatcherRatio("a b  c", "a  b c", spaceIsJunk)).toBe(0.8333333333333334);
  });
});

// Multi-paragraph texts from a seeded MINSTD generator (x ← 48271·x mod 2³¹−1, exact in doubles), built the same
// way in the Python script that produced the expected ratios.
const WORDS = [
  "the",
  "a",
  "river",
  "stone",
  "quiet",
  "evening",
  "tapir",
  "poem",
  "light",
  "over",
  "under",
  "green",
  "memory",
  "blog",
  "post",
  "rocks",
  "whisper",
  "and",
  "of",
  "gentle",
  "storm",
  "eel",
  "tree",
  "seen",
  "between",
  "deep",
];

function minstd(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 48271) % 2147483647;
    return x;
  };
}

function word(next: () => number): string {
  return WORDS[next() % WORDS.length] ?? "";
}

function generatedText(seed: number, words: number): string {
  const next = minstd(seed);
  const out: string[] = [];
  let sentenceLength = 0;
  for (let i = 0; i < words; i++) {
    let w = word(next);
    if (sentenceLength === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
    sentenceLength++;
    if (next() % 9 === 0) {
      w += ".";
      sentenceLength = 0;
      if (next() % 5 === 0) w += "\n\n";
    }
    out.push(w);
  }
  return out.join(" ").replaceAll("\n\n ", "\n\n");
}

/** Replace roughly one word in `every` with a random one (the condition draws first, as in the Python). */
function mutated(text: string, seed: number, every: number): string {
  const next = minstd(seed);
  return text
    .split(" ")
    .map((w) => (next() % every === 0 ? word(next) : w))
    .join(" ");
}

describe("long multi-paragraph texts", () => {
  it("generates the same text as the Python script", () => {
    const text = generatedText(11, 450);
    expect(text.length).toBe(2585);
    expect(text.slice(0, 120)).toBe(
      "Over post stone river poem green eel rocks the. Seen. Over under eel storm stone. A blog whisper quiet of the gentle riv",
    );
  });

  const LONG: [string, string, string, number, number][] = [
    [
      "lightly edited",
      generatedText(11, 450),
      mutated(generatedText(11, 450), 5, 7),
      0.47170911919113356,
      0.9056970639704452,
    ],
    [
      "heavily edited",
      generatedText(3, 700),
      mutated(generatedText(3, 700), 9, 3),
      0.27484412775162237,
      0.7881409848581244,
    ],
    ["unrelated", generatedText(29, 800), generatedText(31, 800), 0.03132187055087066, 0.16296134048844596],
  ];

  it.each(LONG)("%s (autojunk on and off)", (_name, a, b, withAutojunk, withoutAutojunk) => {
    expect(sequenceMatcherRatio(a, b)).toBe(withAutojunk);
    expect(sequenceMatcherRatio(a, b, { autojunk: false })).toBe(withoutAutojunk);
  });

  it("has the lengths the Python run saw", () => {
    expect(LONG.map(([, a, b]) => [a.length, b.length])).toEqual([
      [2585, 2558],
      [3950, 3909],
      [4585, 4546],
    ]);
  });
});
