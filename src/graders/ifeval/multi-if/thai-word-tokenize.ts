// An approximation of pythainlp's `word_tokenize(text)` (engine newmm, whitespace kept, broken numbers rejoined),
// which Multi-IF counts as the words of a Thai response.

/** Thai-script characters that are not Thai digits (newmm reads Thai digits as numbers, like `\d`). */
const THAI_RUN = /[\u0e00-\u0e4f\u0e5a-\u0e7f]+/y;
/**
 * newmm's tokens outside Thai script, tried in its order: Latin letters (and `-`), numbers with `,`/`.` groups,
 * spaces and tabs, a newline, any other run up to Thai script or whitespace; else one character (a lone `\r`).
 */
const NON_THAI_TOKEN = /[-a-zA-Z]+|\p{Nd}+(?:[,.]\p{Nd}+)*|[ \t]+|\r?\n|[^\u0e00-\u0e7f \t\r\n]+|[\s\S]/uy;
/** pythainlp's `rejoin_formatted_num`: tokens over a number with `.`, `,` or `:` separators become one. */
const FORMATTED_NUMBER = /(?:\p{Nd}+[.,:])+\p{Nd}+/gu;

const thaiSegmenter = new Intl.Segmenter("th", { granularity: "word" });

function rawTokens(text: string): string[] {
  const tokens: string[] = [];
  let position = 0;
  while (position < text.length) {
    THAI_RUN.lastIndex = position;
    const thai = THAI_RUN.exec(text);
    if (thai !== null) {
      for (const { segment } of thaiSegmenter.segment(thai[0])) tokens.push(segment);
      position += thai[0].length;
      continue;
    }
    NON_THAI_TOKEN.lastIndex = position;
    const token = NON_THAI_TOKEN.exec(text)?.[0] ?? text.slice(position);
    tokens.push(token);
    position += token.length;
  }
  return tokens;
}

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
 * The word tokens of a text as pythainlp's default `word_tokenize` gives them, approximately: Thai-script runs
 * are cut by ICU's dictionary word breaker (`Intl.Segmenter("th")`) where newmm uses maximal matching over
 * pythainlp's own dictionary; everything else follows newmm's rules exactly (a run of spaces is one token, as is
 * a newline, a Latin word, a number or a run of other symbols), and formatted numbers are rejoined.
 */
export function thaiWordTokenize(text: string): string[] {
  return rejoinFormattedNumbers(text, rawTokens(text));
}
