// Deterministic filler words: a language's passage as a cyclic word stream, with the words a plan forbids left out.
import { FILLER_PASSAGES } from "./filler-passages.js";

const PUNCTUATION = /[.,!?;:।۔،"'()]/g;

/** The words of a passage, punctuation removed (English lower-cased, other languages as written). */
function passageWords(language: string): string[] {
  const passage = FILLER_PASSAGES[language] ?? FILLER_PASSAGES["en"] ?? "";
  const text = language === "en" ? passage.toLowerCase() : passage;
  return text
    .replace(PUNCTUATION, " ")
    .split(/\s+/)
    .filter((word) => word !== "");
}

/** Hands out filler words in passage order, starting at an offset, skipping words the filter rejects. */
export class FillerStream {
  readonly #words: string[];
  #index: number;

  constructor(options: { language: string; isAllowed: (word: string) => boolean; offset: number }) {
    let words = passageWords(options.language).filter(options.isAllowed);
    if (words.length === 0) words = passageWords("en").filter(options.isAllowed);
    this.#words = words;
    this.#index = words.length === 0 ? 0 : (options.offset * 11) % words.length;
  }

  /** Whether the stream has any word at all (a plan may forbid every one). */
  get isEmpty(): boolean {
    return this.#words.length === 0;
  }

  /** The next word ("" when the stream is empty). */
  next(): string {
    const word = this.#words[this.#index % Math.max(1, this.#words.length)] ?? "";
    this.#index++;
    return word;
  }

  /** The next word that also passes `predicate`, or undefined after one full cycle without one. */
  nextWhere(predicate: (word: string) => boolean): string | undefined {
    for (let tries = 0; tries < this.#words.length; tries++) {
      const word = this.next();
      if (predicate(word)) return word;
    }
    return undefined;
  }
}
