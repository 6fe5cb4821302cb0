// The instance's test patch applied over the model's change: the files it touches first put back as they were at
// the base commit (SWE-bench's eval script: `git checkout <base_commit> <modified test files>`, then `git apply -v`;
// swebench/harness/test_spec/python.py@726c5461e2ef52d83cf1ea2107870a8bb3328d57). Files it creates are removed
// first too (SWE-bench leaves them, and a model patch that made one would stop the test patch). A failure here is
// the harness's, not the model's: it throws `SweHarnessError`.

import type { SampleContainer } from "../../containers/types.js";
import { shellQuote } from "../../core/shell-quote.js";
import { outputOf, runStep, tail } from "./container-steps.js";
import { createdFiles, modifiedFiles } from "./patch-files.js";
import { SweHarnessError } from "./swe-harness-error.js";

export interface TestPatchOptions {
  /** The revision the touched files are restored from (the base commit, or HEAD of the spec flow's repository). */
  readonly revision: string;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** The script that restores the touched files and applies `patchPath`. */
export function testPatchScript(testPatch: string, patchPath: string, revision: string): string {
  const lines: string[] = [];
  const modified = modifiedFiles(testPatch);
  if (modified.length > 0)
    lines.push(`git checkout ${shellQuote(revision)} -- ${modified.map(shellQuote).join(" ")}`);
  const created = createdFiles(testPatch);
  if (created.length > 0) lines.push(`rm -rf -- ${created.map(shellQuote).join(" ")}`);
  lines.push(`git apply --verbose ${patchPath}`);
  return lines.join(" && ");
}

export async function applyTestPatch(
  container: SampleContainer,
  instanceId: string,
  testPatch: string,
  patchPath: string,
  options: TestPatchOptions,
): Promise<void> {
  const script = testPatchScript(testPatch, patchPath, options.revision);
  const result = await runStep(container, script, options);
  if (result.status === "ok") return;
  const output = tail(outputOf(result));
  throw new SweHarnessError(
    `Evaluation error (not the model's fault): the test patch of ${instanceId} did not apply ` +
      `(${result.reason ?? `exit ${result.exitCode}`}): ${output.trim().split("\n").at(-1) ?? ""}`,
    { details: { step: "test patch", command: script, exitCode: result.exitCode, output } },
  );
}
