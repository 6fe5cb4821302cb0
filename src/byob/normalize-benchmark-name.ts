// NeMo Evaluator BYOB's name normalisation (`_normalize_name` in
// NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/decorators.py@76c865c3c09132c1d102a0a84454c36823f19cff):
// lowercase; every character but a-z and 0-9 → "_"; runs of "_" collapsed; leading/trailing "_" stripped; the
// first 50 characters (cut after stripping, so a long name may end in "_", as NeMo's does).
import { ConfigError } from "../errors.js";

const MAX_LENGTH = 50;

export function normalizeBenchmarkName(name: string): string {
  const normalized = name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_LENGTH);
  if (normalized === "") {
    throw new ConfigError(
      `benchmark name ${JSON.stringify(name)} has no letter or digit (a-z, 0-9), so it normalises to nothing; use a name with at least one.`,
    );
  }
  return normalized;
}
