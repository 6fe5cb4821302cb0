// The IFEval dialects: Google's official checkers and Multi-IF's multilingual adaptation of them.
import { pythonStrip } from "../python-whitespace.js";
import { type InstructionChecks, instructionChecks } from "./instruction-checks.js";
import { multiIfInstructionChecks } from "./multi-if/multi-if-checks.js";

export const IFEVAL_DIALECTS = ["google", "multi-if"] as const;
export type IfevalDialect = (typeof IFEVAL_DIALECTS)[number];

export interface IfevalDialectRules {
  checks: InstructionChecks;
  /** Whether the strict verdict runs the check at all (loose variants always need a non-blank text). */
  isStrictChecked: (response: string) => boolean;
}

export const ifevalDialects: Record<IfevalDialect, IfevalDialectRules> = {
  /** `evaluation_lib.py`: `if response.strip() and …`. */
  google: { checks: instructionChecks, isStrictChecked: (response) => pythonStrip(response) !== "" },
  /** Multi-IF `metrics.py` `gen_acc_strict`: `if response and …`, so a whitespace-only response is checked. */
  "multi-if": { checks: multiIfInstructionChecks, isStrictChecked: (response) => response !== "" },
};
