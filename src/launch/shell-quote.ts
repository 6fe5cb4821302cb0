// Quotes a word for a POSIX shell: left bare when it holds only safe characters, else single-quoted.

const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** The word as a shell reads it back byte for byte (`it's` → `'it'\''s'`). */
export function shellQuote(word: string): string {
  if (SAFE_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
