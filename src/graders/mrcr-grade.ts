// OpenAI MRCR's grading rule (openai/mrcr dataset card, `grade`): a response that does not start with the row's
// `random_string_to_prepend` scores 0; otherwise that prefix is removed from the response and, if present, from
// the answer, and the score is `difflib.SequenceMatcher(None, response, answer).ratio()` (autojunk on, Python's
// default). Pure.
import { sequenceMatcherRatio } from "./difflib.js";

export interface MrcrScore {
  /** 0 without the prefix, else the SequenceMatcher ratio in [0, 1]. */
  score: number;
  /** Whether the response began with `random_string_to_prepend`, kept so reports can count format failures. */
  startsWithPrefix: boolean;
}

/** Python's `str.removeprefix`. */
function removePrefix(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

export function mrcrScore(response: string, answer: string, randomStringToPrepend: string): MrcrScore {
  if (!response.startsWith(randomStringToPrepend)) return { score: 0, startsWithPrefix: false };
  const score = sequenceMatcherRatio(
    removePrefix(response, randomStringToPrepend),
    removePrefix(answer, randomStringToPrepend),
  );
  return { score, startsWithPrefix: true };
}
