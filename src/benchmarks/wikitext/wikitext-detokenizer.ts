// lm-eval's `wikitext_detokenizer` (EleutherAI/lm-evaluation-harness lm_eval/tasks/wikitext/preprocess_wikitext.py
// @4e7e0d47f33bc71070c1d38394bafbb52b117163): WikiText's tokenized spacing undone, rule by rule in the same order,
// with Python's `str.replace` (every occurrence, left to right) and `re.sub` (Python's Unicode `\s`).
import { PYTHON_WHITESPACE_CLASS } from "../../graders/python-whitespace.js";

const S = PYTHON_WHITESPACE_CLASS;

/** `re.sub(pattern, replacement, text)` for a pattern around one lazily matched group: open, inner, close. */
function collapseAround(text: string, open: string, inner: string, close: string): string {
  const pattern = new RegExp(`${open}${S}*(${inner}*?)${S}*${close}`, "g");
  return text.replace(
    pattern,
    (_match, group: string) => `${open.replace(/\\/g, "")}${group}${close.replace(/\\/g, "")}`,
  );
}

const PLAIN_RULES: readonly (readonly [string, string])[] = [
  [" @-@ ", "-"],
  [" @,@ ", ","],
  [" @.@ ", "."],
  [" : ", ": "],
  [" ; ", "; "],
  [" . ", ". "],
  [" ! ", "! "],
  [" ? ", "? "],
  [" , ", ", "],
];

const LATE_RULES: readonly (readonly [string, string])[] = [
  ["= = = =", "===="],
  ["= = =", "==="],
  ["= =", "=="],
  [" \u00b0 ", "\u00b0"],
  [" \n", "\n"],
  ["\n ", "\n"],
  [" N ", " 1 "],
  [" 's", "'s"],
];

export function wikitextDetokenize(page: string): string {
  let text = page.replaceAll("s '", "s'");
  // `re.sub(r"/' [0-9]/", r"/'[0-9]/", string)`: a literal "/' <digit>/" becomes the literal text "/'[0-9]/".
  text = text.replace(/\/' [0-9]\//g, "/'[0-9]/");
  for (const [from, to] of PLAIN_RULES) text = text.replaceAll(from, to);
  text = collapseAround(text, "\\(", "[^\\)]", "\\)");
  text = collapseAround(text, "\\[", "[^\\]]", "\\]");
  text = collapseAround(text, "{", "[^}]", "}");
  text = collapseAround(text, '"', '[^"]', '"');
  text = collapseAround(text, "'", "[^']", "'");
  for (const [from, to] of LATE_RULES) text = text.replaceAll(from, to);
  return text;
}
