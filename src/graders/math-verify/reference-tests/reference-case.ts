// The shape of reference test cases ported as data, and how each group reads its answers.
import type { ExtractionFlavor, ExtractionTarget } from "../extraction-patterns.js";
import type { VerifyOptions } from "../verify-answer.js";

/**
 * Which targets a group extracts with, as its source test's helper does: `latex` is LatexExtractionConfig(boxed at
 * priority 0), `expr` ExprExtractionConfig(), `parse-defaults` parse()'s own defaults (LaTeX boxed at 50, then expr).
 */
export type CaseTargets = "latex" | "expr" | "latex-expr" | "parse-defaults";

/** [gold, prediction, expected verdict, verify options]. */
export type ReferenceCase = readonly [string, string, boolean, VerifyOptions?];

export interface ReferenceCaseGroup {
  /** `tests/<file>::<test function>` in the reference repository. */
  source: string;
  targets: CaseTargets;
  cases: readonly ReferenceCase[];
}

export function caseTargets(targets: CaseTargets): ExtractionTarget[] {
  switch (targets) {
    case "latex":
      return [{ kind: "latex", boxedMatchPriority: 0 }];
    case "expr":
      return [{ kind: "expr" }];
    case "latex-expr":
      return [{ kind: "latex", boxedMatchPriority: 0 }, { kind: "expr" }];
    case "parse-defaults":
      return [{ kind: "latex", boxedMatchPriority: 50 }, { kind: "expr" }];
    default: {
      const unreachable: never = targets;
      return unreachable;
    }
  }
}

export type { ExtractionFlavor };
