// extractSwePatch against SWE-bench's `extract_diff` (SWE-bench/SWE-bench@7a21e05772954cc81471ae19d56f436cecf43c54
// swebench/inference/make_datasets/utils.py): each row's expected patch is what that Python function returned for the
// same answer (run once on these strings; the values are copied here).
import { describe, expect, it } from "vitest";
import { extractSwePatch } from "./extract-patch.js";

/** [case, answer, what extract_diff returned]. */
const CASES: readonly (readonly [string, string, string])[] = [
  [
    "fenced diff",
    "Here is the fix:\n```diff\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n```\nDone.",
    "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n",
  ],
  ["fenced patch", "```patch\n--- a/x\n+++ b/x\n```", "--- a/x\n+++ b/x\n"],
  ["diff after python", "```python\nprint(1)\n```\n```diff\n--- a/y\n+++ b/y\n```", "--- a/y\n+++ b/y\n"],
  ["only python", "```python\nprint(1)\n```\ntext\n```\nplain\n```", "print(1)\n"],
  ["unlabelled fence", "```\n--- a/z\n+++ b/z\n```", "--- a/z\n+++ b/z\n"],
  ["patch tag", "<patch>\n--- a/p\n+++ b/p\n</patch>", "\n--- a/p\n+++ b/p\n"],
  ["tag before fence", "```diff\nfenced\n```\n<patch>\ntagged\n</patch>", "\ntagged\n"],
  ["other tag first", "<think>\nhmm\n</think>\nno fences here", "\nhmm\n"],
  ["other tag vs python fence", "```python\nx\n```\n<explanation>why</explanation>", "why"],
  ["mismatched tags", "<patch>\nbody\n</diff>", "<patch>\nbody\n</diff>"],
  ["raw", "--- a/r\n+++ b/r\n@@ -1 +1 @@\n-x\n+y\n", "--- a/r\n+++ b/r\n@@ -1 +1 @@\n-x\n+y\n"],
  ["eos", "--- a/r\n+++ b/r\n</s>trailing", "--- a/r\n+++ b/r\n"],
  ["empty", "", ""],
  ["space before label", "``` diff\n--- a/s\n```", "``` diff\n--- a/s\n```"],
  ["no newline after label", "```diff --- a/s```", "```diff --- a/s```"],
  ["unclosed fence", "```diff\n--- a/u\n+++ b/u\n", "```diff\n--- a/u\n+++ b/u\n"],
  ["hyphen tag", "<my-patch>x</my-patch>", "x"],
  ["unicode label", "```dïff\nbody\n```", "body\n"],
  ["two diffs", "```diff\nfirst\n```\n```diff\nsecond\n```", "first\n"],
  ["nested fence inside tag", "<patch>\n```diff\ninner\n```\n</patch>", "\n```diff\ninner\n```\n"],
];

describe("extractSwePatch", () => {
  it.each(CASES)("%s", (_name, response, expected) => {
    expect(extractSwePatch(response)).toBe(expected);
  });

  it("keeps a fenced diff's final newline, which git apply needs", () => {
    expect(extractSwePatch("```diff\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\n+y\n```")).toMatch(/\+y\n$/);
  });
});
