// Multi-IF's sentence count for Hindi responses (`count_hindi_num_sentences`).
import { pythonStrip } from "../../python-whitespace.js";

const AFTER_TERMINATOR = /(?<=[।!?])/u;

/**
 * The pieces of the text cut after every danda `।`, `!` and `?` that are not blank. A full stop, a double danda
 * `॥` or a line break does not end a sentence.
 */
export function countHindiSentences(text: string): number {
  return text.split(AFTER_TERMINATOR).filter((piece) => pythonStrip(piece) !== "").length;
}
