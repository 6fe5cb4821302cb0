// IFEval's sentence count: the number of sentences nltk's English Punkt tokenizer finds (`count_sentences`).
import { englishPunktParameters } from "./english-punkt-parameters.js";
import { punktSentenceSpans } from "./punkt-sentence-tokenizer.js";

/** The sentences of `text` under nltk's English Punkt model, as `sent_tokenize` returns them. */
export function englishSentences(text: string): string[] {
  return punktSentenceSpans(text, englishPunktParameters()).map(([start, end]) => text.slice(start, end));
}

/** `len(tokenizer.tokenize(text))` with nltk's English Punkt model. */
export function countSentences(text: string): number {
  return punktSentenceSpans(text, englishPunktParameters()).length;
}
