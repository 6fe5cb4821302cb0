// The model's patch applied to /testbed: `git apply` (then `--3way`, the spec's fallback), then SWE-bench's further
// fallbacks, a pristine tree restored before each new attempt, and a patch found already applied counted as applied —
// SWE-bench/SWE-bench swebench/harness/run_evaluation.py (`GIT_APPLY_CMDS` and the reverse check)
// @7a21e05772954cc81471ae19d56f436cecf43c54. The tree is restored with `git reset --hard` rather than that
// commit's `git checkout -- .`, which leaves the unmerged paths a failed `--3way` writes.
import type { SampleContainer } from "../../containers/types.js";
import { outputOf, runStep, tail } from "./container-steps.js";

export const PATCH_APPLY_COMMANDS = [
  "git apply --verbose",
  "git apply --verbose --3way",
  "git apply --verbose --reject",
  "patch --batch --forward --fuzz=5 -p1 -i",
] as const;

export interface PatchApplyAttempt {
  readonly command: string;
  readonly exitCode: number | null;
  readonly output: string;
}

export interface PatchApplyResult {
  readonly isApplied: boolean;
  /** The command that applied it ("already applied" when the reverse check found it in the tree). */
  readonly appliedBy?: string;
  readonly attempts: readonly PatchApplyAttempt[];
}

/** Tries each command on `patchPath` (a file in the container) until one exits 0. */
export async function applyModelPatch(
  container: SampleContainer,
  patchPath: string,
  options: { readonly timeoutMs: number; readonly signal?: AbortSignal },
): Promise<PatchApplyResult> {
  const attempts: PatchApplyAttempt[] = [];
  for (const [index, command] of PATCH_APPLY_COMMANDS.entries()) {
    const restore = index === 0 ? "" : "git reset --hard --quiet; git clean -fd --quiet\n";
    const result = await runStep(container, `${restore}${command} ${patchPath}`, options);
    attempts.push({ command, exitCode: result.exitCode, output: tail(outputOf(result)) });
    if (result.status === "ok") return { isApplied: true, appliedBy: command, attempts };
  }
  const reverse = await runStep(container, `git apply --check --reverse ${patchPath}`, options);
  if (reverse.status === "ok") return { isApplied: true, appliedBy: "already applied", attempts };
  return { isApplied: false, attempts };
}
