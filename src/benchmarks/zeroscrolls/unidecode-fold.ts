// The ASCII folding of `unidecode` for the characters English answers carry (ZeroSCROLLS' f1.py applies
// `unidecode` to normalised answers): a letter with diacritics becomes its base letter (NFKD, marks dropped, kept
// only when that gives ASCII), plus unidecode's table entries for Latin letters without a decomposition and for
// typographic punctuation. Other characters (other scripts, symbols) are kept as they are — unidecode would
// transliterate them; README.md says so.

const TABLE: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ł: "l",
  Ł: "L",
  ı: "i",
  ĸ: "q",
  ŋ: "ng",
  Ŋ: "NG",
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": ",",
  "\u201b": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": ",,",
  "\u201f": '"',
  "\u2013": "-",
  "\u2014": "--",
  "\u2026": "...",
  "\u00ab": "<<",
  "\u00bb": ">>",
  "\u00a0": " ",
  "\u00d7": "x",
};

const MARKS = /\p{M}/gu;
/** True when every UTF-16 unit of `text` is ASCII. */
function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

function foldChar(char: string): string {
  if (char.charCodeAt(0) < 0x80) return char;
  const fromTable = TABLE[char];
  if (fromTable !== undefined) return fromTable;
  const decomposed = char.normalize("NFKD").replace(MARKS, "");
  return decomposed !== "" && isAscii(decomposed) ? decomposed : char;
}

/** `unidecode(text)` for Latin letters with diacritics and typographic punctuation (see the header). */
export function unidecodeFold(text: string): string {
  if (isAscii(text)) return text;
  let folded = "";
  for (const char of text) folded += foldChar(char);
  return folded;
}
