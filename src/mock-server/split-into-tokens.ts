// The mock's tokenizer: a "token" is a run of non-space characters with the whitespace before it.

const TOKEN_PATTERN = /\s*\S+/g;

/**
 * Splits `text` so that `tokens.join("") === text`: each token is a word with its leading whitespace, and
 * whitespace at the very end sticks to the last token. Empty text has no tokens.
 */
export function splitIntoTokens(text: string): string[] {
  const tokens = text.match(TOKEN_PATTERN);
  if (tokens === null) return text.length === 0 ? [] : [text];
  const joinedLength = tokens.reduce((length, token) => length + token.length, 0);
  if (joinedLength < text.length) {
    const last = tokens.length - 1;
    tokens[last] = `${tokens[last] ?? ""}${text.slice(joinedLength)}`;
  }
  return tokens;
}

/** The mock's prompt token count: the number of whitespace-separated words. */
export function countWords(text: string): number {
  let count = 0;
  let isInWord = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const isSpace = code === 32 || (code >= 9 && code <= 13) || code === 160;
    if (!isSpace && !isInWord) count++;
    isInWord = !isSpace;
  }
  return count;
}
