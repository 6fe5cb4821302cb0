import { describe, expect, it } from "vitest";
import type { Benchmark, BenchmarkSample } from "../benchmarks/types.js";
import { buildOracleIndex } from "./build-oracle-index.js";
import { FAKE_RECIPE } from "./test-support/fake-benchmark.js";

function tableBenchmark(name: string, rows: Array<{ id: string; gold: string; suffix: string }>) {
  const samples: BenchmarkSample[] = rows.map((row) => ({ id: row.id, task: name, gold: row.gold }));
  const suffixes = new Map(rows.map((row) => [row.id, row.suffix]));
  const benchmark: Benchmark = {
    name,
    description: "",
    dataset: "",
    recipes: [FAKE_RECIPE],
    maxNShots: 0,
    tasks: [],
    load: async () => ({ samples, buildPrompt: () => ({ type: "completion", text: "" }) }),
    oracle: { promptSuffix: (sample) => suffixes.get(sample.id) ?? "", answer: (sample) => sample.gold },
  };
  return { benchmark, recipe: FAKE_RECIPE, samples };
}

const LONG_TAIL =
  "\nReply with one letter only; anything else is graded as a wrong answer, so be careful.\nAnswer:";

describe("buildOracleIndex", () => {
  it("finds samples whose suffixes share a long common ending, by the part that differs", () => {
    const rows = Array.from({ length: 500 }, (_, index) => ({
      id: `${index}`,
      gold: "ABCD"[index % 4] ?? "A",
      suffix: `Question ${index}: pick one.${LONG_TAIL}`,
    }));
    const index = buildOracleIndex({ benchmarks: [tableBenchmark("b", rows)], accuracy: 1 });
    expect(index.size).toBe(500);
    expect(
      index.match(`Some few-shot preamble.\n\nQuestion 123: pick one.${LONG_TAIL}`)?.entry.sample.id,
    ).toBe("123");
    expect(index.match(`Question 1234: pick one.${LONG_TAIL}`)).toBeUndefined();
    expect(index.match(`Question 12: pick one.${LONG_TAIL} extra`)).toBeUndefined();
    expect(index.match("")).toBeUndefined();
  });

  it("handles short suffixes and a single sample", () => {
    const one = buildOracleIndex({
      benchmarks: [tableBenchmark("b", [{ id: "x", gold: "1", suffix: "2+2=?" }])],
      accuracy: 1,
    });
    expect(one.match("Compute: 2+2=?")?.entry.sample.id).toBe("x");
    expect(one.match("2=?")).toBeUndefined();
  });

  it("prefers the longest matching suffix and flags disagreeing matches as ambiguous", () => {
    const index = buildOracleIndex({
      benchmarks: [
        tableBenchmark("b", [
          { id: "short", gold: "A", suffix: "Answer:" },
          { id: "long", gold: "B", suffix: "Which one?\nAnswer:" },
          { id: "twin", gold: "C", suffix: "Twin question?\nAnswer:" },
          { id: "twin2", gold: "C", suffix: "Twin question?\nAnswer:" },
        ]),
      ],
      accuracy: 1,
    });
    expect(index.match("Q: Which one?\nAnswer:")).toMatchObject({
      entry: { sample: { id: "long" } },
      isAmbiguous: true,
    });
    expect(index.match("Nothing else\nAnswer:")).toMatchObject({
      entry: { sample: { id: "short" } },
      isAmbiguous: false,
    });
    // Two samples with the same suffix and the same gold are not ambiguous (the short one still disagrees).
    const twin = index.match("Twin question?\nAnswer:");
    expect(twin?.entry.sample.gold).toBe("C");
  });

  it("works out each sample's verdict from seed and accuracy", () => {
    const rows = Array.from({ length: 100 }, (_, index) => ({
      id: `${index}`,
      gold: "A",
      suffix: `q${index}?`,
    }));
    const none = buildOracleIndex({ benchmarks: [tableBenchmark("b", rows)], accuracy: 0 });
    const all = buildOracleIndex({ benchmarks: [tableBenchmark("b", rows)], accuracy: 1 });
    expect(none.match("q5?")?.entry.isCorrect).toBe(false);
    expect(all.match("q5?")?.entry.isCorrect).toBe(true);
  });

  it("tells two conversations sharing a later turn apart by their opener, and matches no later turn without it", () => {
    const turns = new Map([
      ["paris", ["What is the capital of France? One word.", "Now say it in French."]],
      ["rome", ["What is the capital of Italy? One word.", "Now say it in French."]],
    ]);
    const samples: BenchmarkSample[] = [
      { id: "paris", task: "c", gold: "Paris" },
      { id: "rome", task: "c", gold: "Rome" },
    ];
    const turnsOf = (sample: BenchmarkSample) => turns.get(sample.id) ?? [];
    const conversations: Benchmark = {
      ...tableBenchmark("c", []).benchmark,
      oracle: {
        promptSuffix: (sample) => turnsOf(sample)[0] ?? "",
        otherPromptSuffixes: (sample) => turnsOf(sample).slice(1),
        conversationOpener: (sample) => turnsOf(sample)[0] ?? "",
        answer: (sample) => sample.gold,
      },
    };
    const index = buildOracleIndex({
      benchmarks: [
        { benchmark: conversations, recipe: FAKE_RECIPE, samples },
        tableBenchmark("single", [{ id: "s", gold: "42", suffix: "Six times seven?" }]),
      ],
      accuracy: 1,
    });
    expect(index.size).toBe(5);
    const france = "What is the capital of France? One word.";
    const italy = "What is the capital of Italy? One word.";
    expect(index.match(france, france)?.entry.sample.id).toBe("paris");
    expect(index.match("Now say it in French.", france)).toMatchObject({
      entry: { sample: { id: "paris" }, suffix: "Now say it in French." },
      isAmbiguous: false,
    });
    expect(index.match("Now say it in French.", italy)).toMatchObject({
      entry: { sample: { id: "rome" } },
      isAmbiguous: false,
    });
    expect(index.match("Now say it in French.", "What is the capital of Spain? One word.")).toBeUndefined();
    expect(index.match("Now say it in French.")).toBeUndefined();
    // A conversation's first turn asked inside another conversation is not this sample either.
    expect(index.match(france, italy)).toBeUndefined();
    // A single-turn sample has no opener: any conversation may end with it.
    expect(index.match("Six times seven?", "Hello")?.entry.sample.id).toBe("s");
  });
});
