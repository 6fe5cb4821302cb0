// LongBench v2's chain of thought as `pred.py` runs it (THUDM/LongBench @2e00731f8d0bff23dc4325161044d0ed8af94c1e):
// a first request (the CoT template, or the no-context one, up to 1024 tokens), then an answer request whose
// template carries the first response (`$COT$`, stripped) with 128 tokens; the answer is read from the second.
import { extractLongbenchV2Answer } from "../../graders/longbench-v2.js";
import { pythonStrip } from "../../graders/python-whitespace.js";
import type { BenchmarkSample, RecipeProgram, SampleSession, ScorerOutput } from "../types.js";
import { fillLongbenchV2Template, LONGBENCH_V2_TEMPLATES } from "./longbench-v2-prompt.js";
import type { LongbenchV2Sample } from "./longbench-v2-sample.js";

/** `query_llm(prompt, …, max_new_tokens=128)` for the answer pass. */
export const ANSWER_PASS_MAX_TOKENS = 128;

/** `pred.py` writes no line for a sample whose request returned '' (it `continue`s): here it is wrong, and says so. */
function emptyAnswer(pass: string): ScorerOutput {
  return {
    correct: false,
    compensated: 0,
    reason: `the ${pass} response was empty (LongBench's pred.py leaves such a sample out of its results)`,
  };
}

/** The grade of the answer pass: `extract_answer`, `judge = pred == answer`; `compensated` as result.py's. */
export function longbenchV2Verdict(response: string, gold: string): ScorerOutput {
  const prediction = extractLongbenchV2Answer(response);
  const correct = prediction === gold;
  return {
    correct,
    // result.py with `compensated = True`: a None prediction counts 0.25.
    compensated: correct ? 1 : prediction === undefined ? 0.25 : 0,
    ...(prediction === undefined ? {} : { extracted: prediction }),
    reason:
      prediction === undefined
        ? 'no "The correct answer is (X)" or "The correct answer is X" after removing "*"'
        : `answer ${prediction} ${correct ? "=" : "≠"} gold ${gold}`,
  };
}

/**
 * The first request's text, cut to the budget. A template without `$DOC$` (no context) does not read the context:
 * replacing it would change nothing. Built here so that the context is not held while the model answers.
 */
async function firstPrompt(sample: LongbenchV2Sample, template: string): Promise<string> {
  const context = template.includes("$DOC$") ? await sample.context.read() : "";
  return sample.fitToBudget(fillLongbenchV2Template(template, { ...sample, context }));
}

/** The two-pass program whose first request fills `firstTemplate`. */
export function longbenchV2CotProgram(
  name: string,
  firstTemplate: keyof typeof LONGBENCH_V2_TEMPLATES,
): RecipeProgram {
  const template = LONGBENCH_V2_TEMPLATES[firstTemplate];
  return {
    name,
    kind: "program",
    async run(input: BenchmarkSample, session: SampleSession): Promise<ScorerOutput> {
      const sample = input as LongbenchV2Sample;
      const first = await firstPrompt(sample, template);
      const reasoning = await session.send([{ role: "user", content: first }]);
      if (reasoning.response === "") return emptyAnswer("first (chain-of-thought)");
      const cot = pythonStrip(reasoning.response);
      const second = await sample.fitToBudget(
        fillLongbenchV2Template(LONGBENCH_V2_TEMPLATES["0shot_cot_ans"], { ...sample, context: "" }, cot),
      );
      const answer = await session.send([{ role: "user", content: second }], {
        maxTokens: ANSWER_PASS_MAX_TOKENS,
      });
      if (answer.response === "") return emptyAnswer("answer");
      return longbenchV2Verdict(pythonStrip(answer.response), sample.gold);
    },
  };
}
