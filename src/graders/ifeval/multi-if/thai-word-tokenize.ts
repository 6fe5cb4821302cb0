// pythainlp's `word_tokenize(text)` (engine newmm, whitespace kept, broken numbers rejoined), which Multi-IF counts
// as the words of a Thai response.
import { newmmSegment } from "./newmm-segment.js";
import { thaiDictionary } from "./thai-dictionary.js";

/** pythainlp's `rejoin_formatted_num`: tokens over a number with `.`, `,` or `:` separators become one. */
const FORMATTED_NUMBER = /(?:\p{Nd}+[.,:])+\p{Nd}+/gu;

/** Joins the tokens from the one starting at or after a formatted number's start through its end. */
function rejoinFormattedNumbers(text: string, tokens: readonly string[]): string[] {
  const joined: string[] = [];
  let index = 0;
  let position = 0;
  for (const match of text.matchAll(FORMATTED_NUMBER)) {
    const end = match.index + match[0].length;
    while (index < tokens.length && position < match.index) {
      const token = tokens[index++] ?? "";
      joined.push(token);
      position += token.length;
    }
    let connected = "";
    while (index < tokens.length && position < end) {
      const token = tokens[index++] ?? "";
      connected += token;
      position += token.length;
    }
    if (connected !== "") joined.push(connected);
  }
  return [...joined, ...tokens.slice(index)];
}

/**
 * The word tokens of a text as pythainlp 5.0.4's default `word_tokenize` gives them: newmm over pythainlp's
 * dictionary (a run of spaces is one token, as is a newline, a Latin word, a number or a run of other symbols),
 * then `rejoin_formatted_num`.
 */
export function thaiWordTokenize(text: string): string[] {
  return rejoinFormattedNumbers(text, newmmSegment(text, thaiDictionary()));
}
