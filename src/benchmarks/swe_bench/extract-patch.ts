// The patch in a model's answer, found as the SWE-bench harness finds it: `extract_diff` of
// SWE-bench/SWE-bench@7a21e05772954cc81471ae19d56f436cecf43c54 swebench/inference/make_datasets/utils.py (the function
// `run_api.py` turns a completion into `model_patch` with).
//
// Its rules, in order: every `<tag>…</tag>` block (a tag of word characters and `-`, closed by the same tag) and
// every fenced block (three backticks, an optional word as the language, a newline, then up to the next three
// backticks) is a candidate; blocks tagged `diff` or `patch` come first, `<…>` blocks before fenced ones, each kind
// in the order they appear; the first candidate wins. Without any block the answer up to its first `</s>` is the
// patch. A block's text is kept exactly (no trimming), so a fenced diff keeps its final newline.

/** Python's `\w` on text: letters, digits (Unicode, as `re` matches `str`) and `_`. */
const WORD = "[\\p{L}\\p{N}_]";

/** `re.compile(r"\<([\w-]+)\>(.*?)\<\/\1\>", re.DOTALL)`. */
const TAGGED = new RegExp(`<((?:${WORD}|-)+)>([\\s\\S]*?)</\\1>`, "gu");

/** `re.compile(r"```(\w+)?\n(.*?)```", re.DOTALL)`. */
const FENCED = new RegExp(`\`\`\`(${WORD}+)?\\n([\\s\\S]*?)\`\`\``, "gu");

const DIFF_LABELS: ReadonlySet<string> = new Set(["diff", "patch"]);

/** The patch `response` carries ("" when the answer is empty). Pure. */
export function extractSwePatch(response: string): string {
  const diffMatches: string[] = [];
  const otherMatches: string[] = [];
  for (const pattern of [TAGGED, FENCED]) {
    for (const match of response.matchAll(pattern)) {
      const label = match[1] ?? "";
      const body = match[2] ?? "";
      (DIFF_LABELS.has(label) ? diffMatches : otherMatches).push(body);
    }
  }
  return diffMatches[0] ?? otherMatches[0] ?? response.split("</s>")[0] ?? "";
}
