// The `longbench_v2` grader: LongBench v2's answer extraction and judgement, as THUDM/LongBench `pred.py`
// (`extract_answer`) and `result.py` do them @2e00731f8d0bff23dc4325161044d0ed8af94c1e: every `*` removed, then the
// first "The correct answer is (X)", else the first "The correct answer is X" (X one of A–D, case kept); no match is
// no prediction (None), wrong for any gold; right when the prediction equals the gold letter.
import type { Grade, GraderInput } from "./types.js";

const WITH_PARENTHESES = /The correct answer is \(([A-D])\)/;
const BARE = /The correct answer is ([A-D])/;

/** The letter LongBench v2 reads from a response, or undefined where it reads None. */
export function extractLongbenchV2Answer(response: string): string | undefined {
  const text = response.replaceAll("*", "");
  return (WITH_PARENTHESES.exec(text) ?? BARE.exec(text))?.[1];
}

export function longbenchV2(input: GraderInput): Grade {
  const prediction = extractLongbenchV2Answer(input.response);
  const isCorrect = prediction !== undefined && prediction === input.gold;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: prediction ?? null,
    isUnparsed: prediction === undefined,
    reason:
      prediction === undefined
        ? 'no "The correct answer is (X)" or "The correct answer is X" after removing "*"'
        : `answer ${prediction} ${isCorrect ? "=" : "≠"} gold ${input.gold}`,
  };
}
