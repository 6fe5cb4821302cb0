// The prompt of a SWE-bench instance (the llm-benchmarker spec's "the problem statement to the model": one user
// message asking for a unified diff in a ```diff fence), and the issue text it carries — for SWE-bench Pro rows
// SWE-bench Pro's own composition of problem statement, requirements and interface (`create_problem_statement`,
// scaleapi/SWE-bench_Pro-os@ca10a60a5fcae51e6948ffe1485d4153d421e6c5 helper_code/create_problem_statement.py).
import type { SweInstance } from "./swe-instance.js";

/** The issue as the model reads it: SWE-bench's problem statement, or SWE-bench Pro's three parts. */
export function sweIssueText(instance: SweInstance): string {
  if (instance.requirements === undefined && instance.interface === undefined)
    return instance.problemStatement;
  return `${instance.problemStatement}

Requirements:
${instance.requirements ?? ""}

New interfaces introduced:
${instance.interface ?? ""}`;
}

/** The whole user message: the task, the issue, and the form of the answer. Pure. */
export function swePromptText(instance: SweInstance): string {
  return [
    `Resolve the issue below in the repository ${instance.repo}, checked out at commit ${instance.baseCommit}.`,
    "",
    "<issue>",
    sweIssueText(instance),
    "</issue>",
    "",
    "Answer with a single patch in unified diff format, as `git diff` writes it (paths relative to the repository " +
      "root, prefixed a/ and b/), that `git apply` can apply at that commit. Put the patch in one ```diff fenced " +
      "code block.",
  ].join("\n");
}
