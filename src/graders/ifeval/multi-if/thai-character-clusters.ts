// Thai Character Cluster boundaries as newmm uses them (pythainlp `tokenize/tcc_p.py`, the "improved" rules).

/** `k` of tcc_p.py: an optional final consonant cluster closed by a thanthakhat (karan). */
const K = "(?:[ก-ฮ][ก-ฮ]?[ูุิ]?[์])?";
/** `t`: an optional tone mark. */
const T = "[่-๋]?";
/**
 * Python's `$` (no MULTILINE) also matches before a newline that ends the string; tcc_p.py matches on the rest
 * of the text, so its end is the text's end here too.
 */
const END = "\\n?$";

/** tcc_p.py's rules in its order (`c` = a consonant `[ก-ฮ]`); the first that matches wins, as in Python's `re`. */
const TCC_RULES = [
  `เ[ก-ฮ]็[ก-ฮ]${K}`,
  `เ[ก-ฮ][ก-ฮ]${T}าะ${K}`,
  `เ[ก-ฮ][ก-ฮ]ี${T}ยะ${K}`,
  `เ[ก-ฮ][ก-ฮ]ี${T}ย(?=[เ-ไก-ฮ]|${END})${K}`,
  `เ[ก-ฮ][ก-ฮ]็[ก-ฮ]${K}`,
  `เ[ก-ฮ]ิ[ก-ฮ]์[ก-ฮ]${K}`,
  `เ[ก-ฮ]ิ${T}[ก-ฮ]${K}`,
  `เ[ก-ฮ]ี${T}ยะ?${K}`,
  `เ[ก-ฮ]ื${T}อะ?${K}`,
  `เ[ก-ฮ][ิีุู]${T}ย(?=[เ-ไก-ฮ]|${END})${K}`,
  `เ[ก-ฮ]${T}า?ะ?${K}`,
  `[ก-ฮ]ั${T}วะ${K}`,
  `[ก-ฮ][ัื]${T}[ก-ฮ][ุิะ]?${K}`,
  "[ก-ฮ][ิุู]์",
  `[ก-ฮ][ะ-ู]${T}${K}`,
  "[ก-ฮ]รร[ก-ฮ]์",
  "[ก-ฮ]็",
  `[ก-ฮ]${T}[ะาำ]?${K}`,
  `[ก-ฮ]${K}`,
  "แ[ก-ฮ]็[ก-ฮ]",
  "แ[ก-ฮ][ก-ฮ]์",
  `แ[ก-ฮ]${T}ะ`,
  "แ[ก-ฮ][ก-ฮ]็[ก-ฮ]",
  "แ[ก-ฮ][ก-ฮ][ก-ฮ]์",
  `โ[ก-ฮ]${T}ะ`,
  `[เ-ไ][ก-ฮ]${T}`,
  "ก็",
  "อึ",
  "หึ",
] as const;

const TCC_PATTERN = new RegExp(TCC_RULES.join("|"), "uy");

/**
 * tcc_p.py's `tcc_pos`: the end of every cluster, where a cluster is the first rule's match at the position or else
 * one character (one code point, as Python counts). `isBoundary[i]` says whether position `i` (a UTF-16
 * index) ends one; position 0 never does.
 */
export function thaiCharacterClusters(text: string): Uint8Array {
  const isBoundary = new Uint8Array(text.length + 1);
  let position = 0;
  while (position < text.length) {
    TCC_PATTERN.lastIndex = position;
    const match = TCC_PATTERN.exec(text);
    if (match !== null) position += match[0].length;
    else position += (text.codePointAt(position) ?? 0) > 0xffff ? 2 : 1;
    isBoundary[position] = 1;
  }
  return isBoundary;
}
