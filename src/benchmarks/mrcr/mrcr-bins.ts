// OpenAI MRCR's context-length bins (openai/mrcr dataset card): a row's bin is the o200k_base token count of its
// prompt's message contents plus its answer, in [4096, 8192], (8192, 16384], …, (524288, 1048576].

/** The bins' edges in tokens: bin i is (EDGES[i], EDGES[i + 1]], the first one closed on the left too. */
const EDGES = [4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576] as const;

const BELOW = `<${EDGES[0]}`;
const ABOVE = `>${EDGES[EDGES.length - 1]}`;

/** The bins' names (`4096-8192` …), in order, with the two outside the card's range at either end. */
export const MRCR_CONTEXT_BINS: readonly string[] = [
  BELOW,
  ...EDGES.slice(1).map((upper, index) => `${EDGES[index]}-${upper}`),
  ABOVE,
];

/**
 * The bin of a row with `totalTokens` (prompt + answer): `4096-8192` holds 4096 to 8192 inclusive, `8192-16384`
 * holds 8193 to 16384, and so on. Counts outside the card's range (not in the published data) get `<4096` or
 * `>1048576`.
 */
export function mrcrContextBin(totalTokens: number): string {
  if (totalTokens < EDGES[0]) return BELOW;
  for (let index = 1; index < EDGES.length; index++) {
    const upper = EDGES[index] ?? 0;
    if (totalTokens <= upper) return `${EDGES[index - 1]}-${upper}`;
  }
  return ABOVE;
}
