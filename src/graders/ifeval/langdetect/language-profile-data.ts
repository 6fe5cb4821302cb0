// The shape of one bundled langdetect profile: n-gram counts of one language.

export interface LanguageProfileData {
  /** The language code langdetect returns (`en`, `zh-cn`). */
  name: string;
  /** How many 1-, 2- and 3-grams the profile was built from. */
  nWords: readonly [number, number, number] | readonly number[];
  /** `gram\tcount` entries, newline-separated, in chunks. */
  grams: readonly string[];
}
