// Row fields the way NeMo Evaluator's BYOB reads them
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/dataset.py and eval_logic.py
// @76c865c3c09132c1d102a0a84454c36823f19cff: `_remap_fields`, `_resolve_choices_from_row`).
import type { Row } from "../../datasets/types.js";

/** A dotted path through nested objects (`choices.text`); undefined when a step is missing or not an object. */
export function readFieldPath(row: Row, fieldPath: string): unknown {
  let value: unknown = row;
  for (const part of fieldPath.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, part)) {
      return undefined;
    }
    value = (value as Row)[part];
  }
  return value;
}

/** `{source: target}` renames, in the row's key order; unlisted keys pass through; a later key wins a clash. */
export function applyFieldMapping(row: Row, mapping: Readonly<Record<string, string>> | undefined): Row {
  if (mapping === undefined) return row;
  const mapped: Row = {};
  for (const [key, value] of Object.entries(row)) mapped[mapping[key] ?? key] = value;
  return mapped;
}
