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

  it("recognises a conversation's turn by the user messages so far, and tells conversations sharing a turn apart", () => {
    const turns = new Map([
      ["paris", ["What is the capital of France? One word.", "Now say it in French.", "Are you sure?"]],
      ["rome", ["What is the capital of Italy? One word.", "Now say it in French."]],
      // Starts like "rome" and goes on: "rome"'s last turn is answered as this one's second turn.
      ["rome-more", ["What is the capital of Italy? One word.", "Now say it in French.", "Spell it."]],
      // Repeats a user message: each occurrence is its own turn.
      ["echo", ["Say yes.", "Are you sure?", "Are you sure?"]],
    ]);
    const samples: BenchmarkSample[] = [...turns.keys()].map((id) => ({ id, task: "c", gold: id }));
    const turnsOf = (sample: BenchmarkSample) => turns.get(sample.id) ?? [];
    const conversations: Benchmark = {
      ...tableBenchmark("c", []).benchmark,
      oracle: {
        promptSuffix: (sample) => turnsOf(sample)[0] ?? "",
        conversationTurns: turnsOf,
        answer: (sample, _isCorrect, _variant, _recipe, _suffix, turn) => `${sample.id}@${turn}`,
      },
    };
    const index = buildOracleIndex({
      benchmarks: [
        { benchmark: conversations, recipe: FAKE_RECIPE, samples },
        tableBenchmark("single", [{ id: "s", gold: "42", suffix: "Six times seven?" }]),
      ],
      accuracy: 1,
    });
    // 3 + 2 + 3 + 3 turns, less "rome"'s last (the same request as "rome-more"'s second), and the single sample.
    expect(index.size).toBe(11);
    const france = "What is the capital of France? One word.";
    const italy = "What is the capital of Italy? One word.";
    const answerOf = (tail: string, earlier: readonly string[]) => {
      const entry = index.match(tail, earlier)?.entry;
      return entry === undefined ? undefined : `${entry.sample.id}@${entry.turn}`;
    };
    expect(answerOf(france, [])).toBe("paris@0");
    expect(answerOf("Now say it in French.", [france])).toBe("paris@1");
    expect(index.match("Now say it in French.", [italy])?.isAmbiguous).toBe(false);
    expect(answerOf("Now say it in French.", [italy])).toBe("rome-more@1");
    expect(answerOf("Spell it.", [italy, "Now say it in French."])).toBe("rome-more@2");
    expect(answerOf("Are you sure?", ["Say yes."])).toBe("echo@1");
    expect(answerOf("Are you sure?", ["Say yes.", "Are you sure?"])).toBe("echo@2");
    expect(answerOf("Are you sure?", [france, "Now say it in French."])).toBe("paris@2");
    // Another conversation's earlier turns, or none: not this sample's turn.
    expect(index.match("Now say it in French.", ["What is the capital of Spain? One word."])).toBeUndefined();
    expect(index.match("Now say it in French.", [])).toBeUndefined();
    expect(index.match(france, [italy])).toBeUndefined();
    // A single-turn sample matches whatever came before it.
    expect(index.match("Six times seven?", ["Hello"])?.entry.sample.id).toBe("s");
  });
});
