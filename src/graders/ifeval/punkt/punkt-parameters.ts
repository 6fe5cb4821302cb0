// The parameters of a trained Punkt model (nltk's `PunktParameters`), and the orthographic-context flags.

export interface PunktParameters {
  /** Abbreviation types, lower case, without their final period (`dr`, `u.s`). */
  abbreviationTypes: ReadonlySet<string>;
  /** Word-type pairs around a period that is not a sentence break, keyed `first\tsecond`. */
  collocations: ReadonlySet<string>;
  /** Types that often start a sentence (`however`, `the`). */
  sentenceStarters: ReadonlySet<string>;
  /** Per type, the `ORTHO_*` flags of the contexts it was seen in. */
  orthographicContext: ReadonlyMap<string, number>;
}

export const ORTHO_BEGIN_UPPER = 1 << 1;
export const ORTHO_MIDDLE_UPPER = 1 << 2;
export const ORTHO_UNKNOWN_UPPER = 1 << 3;
export const ORTHO_BEGIN_LOWER = 1 << 4;
export const ORTHO_MIDDLE_LOWER = 1 << 5;
export const ORTHO_UNKNOWN_LOWER = 1 << 6;
export const ORTHO_UPPER = ORTHO_BEGIN_UPPER + ORTHO_MIDDLE_UPPER + ORTHO_UNKNOWN_UPPER;
export const ORTHO_LOWER = ORTHO_BEGIN_LOWER + ORTHO_MIDDLE_LOWER + ORTHO_UNKNOWN_LOWER;

/** The collocation key of two types. */
export function collocationKey(first: string, second: string): string {
  return `${first}\t${second}`;
}
