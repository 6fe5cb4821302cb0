// nltk's `word_tokenize(text)`: English Punkt sentences, each split by the improved Treebank tokenizer.
import { englishSentences } from "./punkt/count-sentences.js";
import { treebankWordTokenize } from "./treebank-word-tokenizer.js";

/** The tokens `nltk.word_tokenize(text)` returns (language "english", `preserve_line=False`). */
export function wordTokenize(text: string): string[] {
  return englishSentences(text).flatMap((sentence) => treebankWordTokenize(sentence));
}
