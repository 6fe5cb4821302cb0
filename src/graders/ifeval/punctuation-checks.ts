// The `punctuation:no_comma` instruction.

/** No comma anywhere in the response. */
export function checkNoComma(response: string): boolean {
  return !response.includes(",");
}
