// The shot count a reference with a few-shot token budget ends up with (SGLang's MMLU): remembered per subject.
import type { TokenCounter } from "../../prompts/load-tiktoken-counter.js";
import type { ShotTokenLimit } from "./mmlu-format.js";
import type { MmluRow } from "./read-mmlu-rows.js";

/** Returns `(subject, orderedDev, nShots) → shots kept`: one fewer while the few-shot text is over the budget. */
export function createShotFitter(limit: ShotTokenLimit, countTokens: TokenCounter) {
  const fitted = new Map<string, number>();
  return (subject: string, orderedDev: readonly MmluRow[], nShots: number): number => {
    const key = `${subject}\u0000${nShots}`;
    const known = fitted.get(key);
    if (known !== undefined) return known;
    let kept = nShots;
    while (kept > 0 && countTokens(limit.fewShotText(subject, orderedDev, kept)) > limit.maxTokens) kept -= 1;
    fitted.set(key, kept);
    return kept;
  };
}
