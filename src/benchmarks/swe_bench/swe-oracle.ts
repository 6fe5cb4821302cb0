// The mock server's oracle for SWE-bench: a prompt is recognised by its whole text (it ends with the issue and the
// answer's form, and names the repository and commit); the right answer is the gold patch, the wrong one a patch that
// leaves the bug in place — either one that applies and changes nothing the tests see (it adds a note file) or one
// that does not apply (it edits a line the gold patch's first file does not have). A wrong patch that applies but
// fixes nothing cannot be derived from the gold patch in general; these two are wrong on every instance, and each
// exercises a different path of the evaluation (tests failing, patch refused).
import type { BenchmarkOracle } from "../types.js";
import type { SweBenchSample } from "./swe-instance.js";
import { swePromptText } from "./swe-prompt.js";

/** Prose put before the patch, by variant (answers are rarely a bare fence). */
const OPENINGS: readonly string[] = [
  "Here is a patch that resolves the issue:",
  "The problem is in the code the issue points to. This change fixes it:",
  "",
  "I traced the issue to its cause; the fix:",
];

/** Prose put after the patch, by variant. */
const CLOSINGS: readonly string[] = ["", "This keeps the existing behaviour for other inputs.", ""];

/** The path of the file the wrong, applying patch adds (no repository has it). */
export const ORACLE_NOTE_FILE = "LLM_BENCH_ORACLE_NOTE.txt";

function pick(items: readonly string[], variant: number): string {
  const index = ((Math.trunc(variant) % items.length) + items.length) % items.length;
  return items[index] ?? "";
}

/** A patch that applies at any commit and changes nothing a test reads: it adds a new text file. */
export function noteFilePatch(): string {
  return [
    `diff --git a/${ORACLE_NOTE_FILE} b/${ORACLE_NOTE_FILE}`,
    "new file mode 100644",
    "--- /dev/null",
    `+++ b/${ORACLE_NOTE_FILE}`,
    "@@ -0,0 +1 @@",
    "+This change does not address the issue.",
    "",
  ].join("\n");
}

/** The first file a patch changes (its `--- a/…` path, else its `+++ b/…` path for a new file). */
export function firstPatchedFile(patch: string): string {
  const before = /^--- a\/(\S+)/m.exec(patch)?.[1];
  const after = /^\+\+\+ b\/(\S+)/m.exec(patch)?.[1];
  return before ?? after ?? "README";
}

/** A patch that does not apply: it replaces, in the gold patch's first file, a line that file does not have. */
export function unappliablePatch(goldPatch: string): string {
  const file = firstPatchedFile(goldPatch);
  return [
    `diff --git a/${file} b/${file}`,
    `--- a/${file}`,
    `+++ b/${file}`,
    "@@ -1,1 +1,1 @@",
    "-llm-bench oracle: a line this file does not have",
    "+llm-bench oracle: its replacement",
    "",
  ].join("\n");
}

/** `patch` fenced as a diff (or between <patch> tags, when it holds a fence itself or the variant says so). */
function wrapped(patch: string, variant: number): string {
  const body = patch.endsWith("\n") ? patch : `${patch}\n`;
  if (body.includes("```") || variant % 5 === 4) return `<patch>\n${body}</patch>`;
  return `\`\`\`${variant % 3 === 2 ? "patch" : "diff"}\n${body}\`\`\``;
}

export const sweOracle: BenchmarkOracle<SweBenchSample> = {
  promptSuffix: (sample) => swePromptText(sample.instance),
  answer(sample, isCorrect, variant) {
    const patch = isCorrect
      ? sample.instance.patch
      : variant % 2 === 0
        ? noteFilePatch()
        : unappliablePatch(sample.instance.patch);
    return [pick(OPENINGS, variant), wrapped(patch, variant), pick(CLOSINGS, variant)]
      .filter((part) => part !== "")
      .join("\n\n");
  },
};
