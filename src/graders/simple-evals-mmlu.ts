// The `simple_evals_mmlu` grader: simple-evals' multilingual MMLU answer extraction, first matching answer word wins.
// Reference: openai/simple-evals common.py@ee3b0318d8d1d9d72755a4120879be65f7c07e9e (`normalize_response`,
// `MULTILINGUAL_ANSWER_PATTERN_TEMPLATE`, `MULTILINGUAL_ANSWER_REGEXES`, `normalize_extracted_answer`), used by
// mmlu_eval.py@ee3b0318d8d1d9d72755a4120879be65f7c07e9e.
import { translatePythonPattern } from "./python-pattern.js";
import { pythonStrip } from "./python-whitespace.js";
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

/** `MULTILINGUAL_ANSWER_REGEXES`, in the reference's order and its Python regex syntax (only `\s` is special). */
export const MULTILINGUAL_ANSWER_WORDS: readonly string[] = [
  "Answer\\s*:",
  "Answer\\s*:\u200b\u200b\u200b\u200b\u200b\u200b", // Korean invisible characters
  "\u0989\u09a4\u09cd\u09a4\u09b0\\s*:",
  "\u0909\u0924\u094d\u0924\u0930\\s*:",
  "\u0989\u09a4\u09cd\u09a4\u09b0\u0983",
  "\u0989\u09a4\u09cd\u09a4\u09b0\\s*:",
  "Antwort\\s*:",
  "\ub2f5\ubcc0\\s*:",
  "\uc815\ub2f5\\s*:",
  "\ub2f5\\s*:",
  "\u7b54\u6848\\s*\uff1a",
  "\u7b54\u6848\\s*:",
  "\u7b54\\s*\uff1a",
  "\u7b54\\s*:",
  "\u7b54\u590d\\s*\uff1a",
  "\u7b54\u66f0\\s*\uff1a",
  "\u0627\u0644\u0625\u062c\u0627\u0628\u0629:",
  "\u0627\u0644\u062c\u0648\u0627\u0628:",
  "\u0625\u062c\u0627\u0628\u0629:",
  "\u0627\u0644\u0625\u062c\u0627\u0628\u0629 \u0627\u0644\u0646\u0647\u0627\u0626\u064a\u0629:",
  "\u0627\u0644\u0625\u062c\u0627\u0628\u0629 \u0627\u0644\u0635\u062d\u064a\u062d\u0629:",
  "\u0627\u0644\u0625\u062c\u0627\u0628\u0629 \u0627\u0644\u0635\u062d\u064a\u062d\u0629 \u0647\u064a:",
  "\u0627\u0644\u0625\u062c\u0627\u0628\u0629 \u0647\u064a:",
  "\u0627\u0644\u062c\u0648\u0627\u0628 \u0627\u0644\u0646\u0647\u0627\u0626\u064a:",
  "Respuesta\\s*:",
  "Risposta\\s*:",
  "\u7b54\u3048\\s*:",
  "\u7b54\u3048\\s*\uff1a",
  "\u56de\u7b54\\s*:",
  "\u56de\u7b54\\s*\uff1a",
  "\u89e3\u7b54\\s*:",
  "Jawaban\\s*:",
  "R\u00e9ponse\\s*:",
  "Resposta\\s*:",
  "Jibu\\s*:",
  "Idahun\\s*:",
  "\u00ccd\u00e1h\u00f9n\\s*:",
  "Id\u00e1h\u00f9n\\s*:",
  "A\u0300m\u1ecd\u0300na\u0300\\s*:",
  "\u00c0d\u00e1h\u00f9n\\s*:",
  "A\u0300nu\u0301go\u0323\\s*:",
  "\u00c0\u1e63\u00e0y\u00e0n\\s*:",
];

/** `MULTILINGUAL_ANSWER_PATTERN_TEMPLATE` after the word: spaces/tabs, then one letter (Arabic أ–د is a range). */
const LETTER_TAIL =
  "[ \\t]*([A-D]|[\\u0623-\\u062f]|[\\u0985]|[\\u09ac]|[\\u09a1]|[\\u09a2]|[\\uff21]|[\\uff22]|[\\uff23]|[\\uff24])";

/** One compiled regex per answer word, `(?i)` as Python applies it; `re.search` = the leftmost match. */
const ANSWER_REGEXES: readonly RegExp[] = MULTILINGUAL_ANSWER_WORDS.map(
  (word) => new RegExp(translatePythonPattern(word, { isIgnoreCase: true }) + LETTER_TAIL, "iu"),
);

/** `normalize_response`: the reference's markdown and LaTeX removals, in its order. */
const RESPONSE_REMOVALS: readonly string[] = [
  "**",
  "$\\boxed{",
  "}$",
  "\\$",
  "$\\text{",
  "$",
  "\\mathrm{",
  "\\{",
  "\\text",
  "\\(",
  "\\mathbf{",
  "{",
  "\\boxed",
];

/** `normalize_extracted_answer`: Arabic, Bengali and full-width letters to " A"–" D", then stripped. */
const LETTER_REPLACEMENTS: readonly (readonly [string, string])[] = [
  ["\u0623", " A"],
  ["\u0628", " B"],
  ["\u062c", " C"],
  ["\u062f", " D"],
  ["\u0985", " A"],
  ["\u09ac", " B"],
  ["\u09a1", " C"],
  ["\u09a2", " D"],
  ["\uff21", " A"],
  ["\uff22", " B"],
  ["\uff23", " C"],
  ["\uff24", " D"],
];

/** The reference's `normalize_response`. */
export function normalizeResponse(response: string): string {
  let text = response;
  for (const removal of RESPONSE_REMOVALS) text = text.replaceAll(removal, "");
  return text;
}

/** The reference's `normalize_extracted_answer` (Python `str.strip()` whitespace). */
export function normalizeExtractedAnswer(extracted: string): string {
  let text = extracted;
  for (const [letter, latin] of LETTER_REPLACEMENTS) text = text.replaceAll(letter, latin);
  return pythonStrip(text);
}

/** The extracted letter as the reference keeps it (`a` stays `a`), or null when no answer word is followed by one. */
export function extractSimpleEvalsMmluAnswer(response: string): { answer: string; word: string } | null {
  const text = normalizeResponse(response);
  for (const [index, regex] of ANSWER_REGEXES.entries()) {
    const letter = regex.exec(text)?.[1];
    if (letter !== undefined)
      return { answer: normalizeExtractedAnswer(letter), word: MULTILINGUAL_ANSWER_WORDS[index] ?? "" };
  }
  return null;
}

/** Correct when the extracted answer equals the gold letter exactly (case-sensitive, as the reference compares). */
export function simpleEvalsMmlu(input: GraderInput): Grade {
  const found = extractSimpleEvalsMmluAnswer(input.response);
  if (found === null) {
    return noAnswerGrade("no multilingual 'Answer: X' found");
  }
  const isCorrect = found.answer === input.gold;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: found.answer,
    isUnparsed: false,
    reason: `${JSON.stringify(found.word)} → ${JSON.stringify(found.answer)} ${isCorrect ? "=" : "≠"} gold ${JSON.stringify(input.gold)}`,
  };
}
