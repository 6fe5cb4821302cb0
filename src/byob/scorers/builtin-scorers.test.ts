// Every built-in scorer against NeMo's own function bodies, run in CPython 3.11 on the same inputs
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/scorers.py@76c865c3c09132c1d102a0a84454c36823f19cff;
// the script kept outside the repository).
import { describe, expect, it } from "vitest";
import type { ScorerFunction, ScorerInput } from "../scorer.js";
import {
  BUILTIN_SCORERS,
  contains,
  exactMatch,
  multipleChoiceAcc,
  resolveGoldIndex,
} from "./builtin-scorers.js";
import { allOf, anyOf } from "./combine-scorers.js";

const CASES: [string, string, string, Record<string, unknown>, Record<string, number | boolean>][] = [
  [
    "bleu",
    "the cat sat on the mat",
    "the cat is on the mat",
    {},
    {
      bleu_1: 0.8571428571428571,
      bleu_2: 0.7559289460184544,
      bleu_3: 0.6114214174657597,
      bleu_4: 0.488923022434901,
    },
  ],
  [
    "bleu",
    "a",
    "a b c d e",
    {},
    {
      bleu_1: 0.01831563888873418,
      bleu_2: 0.01831563888873418,
      bleu_3: 0.01831563888873418,
      bleu_4: 0.01831563888873418,
    },
  ],
  ["bleu", "", "x", {}, { bleu_1: 0.0, bleu_2: 0.0, bleu_3: 0.0, bleu_4: 0.0 }],
  [
    "rouge",
    "the cat sat on the mat",
    "the cat is on the mat",
    {},
    { rouge_1: 0.8333333333333334, rouge_2: 0.6, rouge_l: 0.8333333333333334 },
  ],
  [
    "rouge",
    "police killed the gunman",
    "the gunman was killed by police",
    {},
    { rouge_1: 0.8, rouge_2: 0.25, rouge_l: 0.4 },
  ],
  ["rouge", "a　b  c", "A B\tC", {}, { rouge_1: 1.0, rouge_2: 1.0, rouge_l: 1.0 }],
  [
    "f1_token",
    "The cat  the",
    "the the dog",
    {},
    { f1: 0.6666666666666666, precision: 0.6666666666666666, recall: 0.6666666666666666 },
  ],
  ["exact_match", "  Paris\n", "paris", {}, { correct: true }],
  ["contains", "It is Paris.", "paris ", {}, { correct: true }],
  ["regex_match", "Answer: 42", "ans\\w+:\\s*4\\d", {}, { correct: true }],
  ["regex_match", "x", "(", {}, { correct: false }],
  [
    "retrieval_metrics",
    "",
    "",
    { retrieved: ["d3", "d1", "d7", "d2"], relevant: ["d1", "d2", "d9"], k: 3 },
    {
      precision_at_k: 0.3333333333333333,
      recall_at_k: 0.3333333333333333,
      mrr: 0.5,
      ndcg: 0.2960819109658652,
    },
  ],
  [
    "retrieval_metrics",
    "",
    "",
    { retrieved: ["a", "b"], relevant: ["b"] },
    { precision_at_k: 0.5, recall_at_k: 1.0, mrr: 0.5, ndcg: 0.6309297535714575 },
  ],
  [
    "any_of",
    "It is Paris.",
    "paris",
    {},
    { contains_correct: true, exact_match_correct: false, correct: true },
  ],
  [
    "all_of",
    "It is Paris.",
    "paris",
    {},
    { contains_correct: true, exact_match_correct: false, correct: false },
  ],
];

function input(response: string, target: string, metadata: Record<string, unknown> = {}): ScorerInput {
  return { response, target, metadata, prompt: undefined, reasoning: "", finishReason: "stop" };
}

function scorerNamed(name: string): ScorerFunction {
  if (name === "any_of") return anyOf(contains, exactMatch);
  if (name === "all_of") return allOf(contains, exactMatch);
  const found = BUILTIN_SCORERS[name];
  if (found === undefined) throw new Error(`no scorer ${name}`);
  return found;
}

describe("NeMo's built-in scorers", () => {
  it.each(CASES)("%s(%j, %j)", async (name, response, target, metadata, expected) => {
    const scored = await (scorerNamed(name) as (sample: ScorerInput) => unknown)(
      input(response, target, metadata),
    );
    expect(scored).toEqual(expected);
  });

  it("names combined scorers as NeMo does", () => {
    expect(anyOf(contains, exactMatch).name).toBe("any_of(contains, exact_match)");
    expect(Object.keys(BUILTIN_SCORERS)).toEqual([
      "contains",
      "exact_match",
      "f1_token",
      "regex_match",
      "bleu",
      "rouge",
      "retrieval_metrics",
      "multiple_choice_acc",
    ]);
  });

  it("multiple_choice_acc resolves a letter, an index or the text, and reads the candidates' log-probabilities", () => {
    const choices = [
      { text: " Paris", logprob: -1, isGreedy: true },
      { text: " Lyon", logprob: -2, isGreedy: false },
      { text: " a much longer wrong answer", logprob: -1.5, isGreedy: false },
    ];
    expect(resolveGoldIndex("A", [" Paris", " Lyon"])).toBe(0);
    expect(resolveGoldIndex("1", [" Paris", " Lyon"])).toBe(1);
    expect(resolveGoldIndex("lyon", [" Paris", " Lyon"])).toBe(1);
    expect(resolveGoldIndex("Z", [" Paris"])).toBeUndefined();
    const sample = { ...input(" Paris", "A"), choices };
    // acc_norm divides by UTF-8 bytes: the long wrong answer wins it.
    expect(multipleChoiceAcc(sample)).toEqual({ acc: 1, acc_norm: 0, acc_greedy: 1 });
    expect(multipleChoiceAcc(input(" Paris", "A"))).toEqual({ acc: 0, acc_norm: 0, acc_greedy: 0 });
  });
});
