// Math-Verify's test suite (tests/*.py at the pinned commit) run against our parse + verify, group by group.
// Data from huggingface/Math-Verify tests/*.py@5d148cfaaf99214c2e4ffb4bc497ab042c592a7a
import { describe, expect, it } from "vitest";
import { parseAnswer } from "../parse-answer.js";
import { verifyAnswer } from "../verify-answer.js";
import { MATH_VERIFY_CASES } from "./math-verify-cases.js";
import { caseTargets } from "./reference-case.js";

for (const group of MATH_VERIFY_CASES) {
  describe(group.source, () => {
    const targets = caseTargets(group.targets);
    group.cases.forEach(([gold, prediction, expected, options], index) => {
      it(`case ${index + 1}: ${JSON.stringify(prediction).slice(0, 60)} ${expected ? "=" : "≠"} ${JSON.stringify(gold).slice(0, 40)}`, () => {
        const verdict = verifyAnswer(
          parseAnswer(gold, { targets }),
          parseAnswer(prediction, { targets }),
          options,
        );
        expect(verdict).toBe(expected);
      });
    });
  });
}
