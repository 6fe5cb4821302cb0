// The mock server's oracle for LongBench v2: each prompt is recognised by its question and choices with the
// template's end (what a middle cut keeps), and answered "The correct answer is (X)" in the forms extraction reads.
import { letterOf } from "../../graders/multiple-choice.js";
import { pythonStrip } from "../../graders/python-whitespace.js";
import type { BenchmarkOracle, Recipe } from "../types.js";
import { LONGBENCH_V2_TEMPLATES, longbenchV2PromptEnding } from "./longbench-v2-prompt.js";
import { longbenchV2Form } from "./longbench-v2-recipes.js";
import type { LongbenchV2Sample } from "./longbench-v2-sample.js";

/** The oracle's reasoning for a chain-of-thought first request (it then reads its own reasoning back). */
export const ORACLE_REASONING = "The text and the four choices were compared, one by one.";

/** Answer forms `extract_answer` reads: parenthesised, in markdown bold (the `*` are removed), bare. */
const PHRASINGS: readonly ((letter: string) => string)[] = [
  (letter) => `The correct answer is (${letter})`,
  (letter) => `**The correct answer is (${letter})**`,
  (letter) => `The correct answer is ${letter}.`,
];

function modulo(value: number, divisor: number): number {
  return ((Math.trunc(value) % divisor) + divisor) % divisor;
}

function letterAnswer(sample: LongbenchV2Sample, isCorrect: boolean, variant: number): string {
  const gold = "ABCD".indexOf(sample.gold);
  const wrongOffset = 1 + modulo(Math.floor(variant / PHRASINGS.length), 3);
  const letter = letterOf((gold + (isCorrect ? 0 : wrongOffset)) % 4);
  return (PHRASINGS[modulo(variant, PHRASINGS.length)] ?? PHRASINGS[0])?.(letter) ?? "";
}

/** Every first response this oracle may give to `recipe`'s chain-of-thought first request. */
function firstResponses(recipe: Recipe): string[] {
  const form = longbenchV2Form(recipe);
  // A first request that is also the 0-shot prompt (no context) is answered with a letter.
  if (form.cotFirst !== form.direct) return [ORACLE_REASONING];
  return PHRASINGS.flatMap((phrase) => ["A", "B", "C", "D"].map((letter) => phrase(letter)));
}

function endingOf(sample: LongbenchV2Sample, template: string, cot?: string): string {
  return longbenchV2PromptEnding(template, sample, cot);
}

export const longbenchV2Oracle: BenchmarkOracle<LongbenchV2Sample> = {
  promptSuffix(sample, recipe) {
    return endingOf(sample, LONGBENCH_V2_TEMPLATES[longbenchV2Form(recipe).direct]);
  },
  otherPromptSuffixes(sample, recipe) {
    const form = longbenchV2Form(recipe);
    const answerTemplate = LONGBENCH_V2_TEMPLATES["0shot_cot_ans"];
    const answerEndings = firstResponses(recipe).map((first) =>
      endingOf(sample, answerTemplate, pythonStrip(first)),
    );
    const cotFirst =
      form.cotFirst === form.direct ? [] : [endingOf(sample, LONGBENCH_V2_TEMPLATES[form.cotFirst])];
    return [...cotFirst, ...answerEndings];
  },
  answer(sample, isCorrect, variant, recipe, suffix) {
    const form = longbenchV2Form(recipe);
    if (form.cotFirst !== form.direct && suffix === endingOf(sample, LONGBENCH_V2_TEMPLATES[form.cotFirst])) {
      return ORACLE_REASONING;
    }
    return letterAnswer(sample, isCorrect, variant);
  },
};
