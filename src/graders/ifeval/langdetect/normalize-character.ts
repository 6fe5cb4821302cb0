// langdetect's character normalisation (`NGram.normalize`, `NGram.normalize_vi`) before n-grams are taken.
import {
  KANJI_CLASSES,
  LATIN1_EXCLUDED,
  VIETNAMESE_DIACRITICS,
  VIETNAMESE_LETTERS,
  VIETNAMESE_PRECOMPOSED,
} from "./normalization-tables.js";

const VIETNAMESE_COMBINING = new RegExp(`([${VIETNAMESE_LETTERS}])([${VIETNAMESE_DIACRITICS}])`, "gu");

let kanjiRepresentatives: Map<string, string> | undefined;

function kanjiRepresentative(character: string): string {
  if (kanjiRepresentatives === undefined) {
    kanjiRepresentatives = new Map();
    for (const kanjiClass of KANJI_CLASSES) {
      const representative = [...kanjiClass][0] ?? "";
      for (const member of kanjiClass) kanjiRepresentatives.set(member, representative);
    }
  }
  return kanjiRepresentatives.get(character) ?? character;
}

/** Whether the code point is in Unicode's Latin Extended Additional block (U+1E00–U+1EFF). */
export function isLatinExtendedAdditional(codePoint: number): boolean {
  return codePoint >= 0x1e00 && codePoint <= 0x1eff;
}

/** One character as langdetect reads it: punctuation, digits and symbols become a space; scripts fold. */
export function normalizeCharacter(character: string): string {
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint <= 0x7f) return /[A-Za-z]/.test(character) ? character : " ";
  if (codePoint <= 0xff) return LATIN1_EXCLUDED.includes(character) ? " " : character;
  if (codePoint >= 0x0180 && codePoint <= 0x024f) {
    if (character === "\u0219") return "\u015f";
    if (character === "\u021b") return "\u0163";
    return character;
  }
  if (codePoint >= 0x2000 && codePoint <= 0x206f) return " ";
  if (codePoint >= 0x0600 && codePoint <= 0x06ff) return character === "\u06cc" ? "\u064a" : character;
  if (isLatinExtendedAdditional(codePoint)) return codePoint >= 0x1ea0 ? "\u1ec3" : character;
  if (codePoint >= 0x3040 && codePoint <= 0x309f) return "\u3042";
  if (codePoint >= 0x30a0 && codePoint <= 0x30ff) return "\u30a2";
  if ((codePoint >= 0x3100 && codePoint <= 0x312f) || (codePoint >= 0x31a0 && codePoint <= 0x31bf))
    return "\u3105";
  if (codePoint >= 0x4e00 && codePoint <= 0x9fff) return kanjiRepresentative(character);
  if (codePoint >= 0xac00 && codePoint <= 0xd7af) return "\uac00";
  return character;
}

/** A Vietnamese base letter followed by a combining diacritic becomes the precomposed letter. */
export function normalizeVietnamese(text: string): string {
  return text.replace(VIETNAMESE_COMBINING, (_, letter: string, diacritic: string) => {
    const precomposed = [...(VIETNAMESE_PRECOMPOSED[VIETNAMESE_DIACRITICS.indexOf(diacritic)] ?? "")];
    return precomposed[VIETNAMESE_LETTERS.indexOf(letter)] ?? `${letter}${diacritic}`;
  });
}
