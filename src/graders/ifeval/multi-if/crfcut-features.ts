// crfcut's CRF attributes of each word token (pythainlp `tokenize/crfcut.py` `extract_features`, its defaults).

/** crfcut's `_ENDERS`: honorifics, particles, demonstratives and question words that tend to end a sentence. */
const ENDERS: ReadonlySet<string> = new Set([
  "ครับ",
  "ค่ะ",
  "คะ",
  "นะคะ",
  "นะ",
  "จ้ะ",
  "จ้า",
  "จ๋า",
  "ฮะ",
  "ๆ",
  "ได้",
  "แล้ว",
  "ด้วย",
  "เลย",
  "มาก",
  "น้อย",
  "กัน",
  "เช่นกัน",
  "เท่านั้น",
  "อยู่",
  "ลง",
  "ขึ้น",
  "มา",
  "ไป",
  "ไว้",
  "เอง",
  "อีก",
  "ใหม่",
  "จริงๆ",
  "บ้าง",
  "หมด",
  "ทีเดียว",
  "เดียว",
  "นั้น",
  "นี้",
  "เหล่านี้",
  "เหล่านั้น",
  "อย่างไร",
  "ยังไง",
  "หรือไม่",
  "มั้ย",
  "ไหน",
  "ไหม",
  "อะไร",
  "ทำไม",
  "เมื่อไหร่",
  "เมื่อไร",
]);

/** crfcut's `_STARTERS`: pronouns, connectors and demonstratives that tend to start one. */
const STARTERS: ReadonlySet<string> = new Set([
  "ผม",
  "ฉัน",
  "ดิฉัน",
  "ชั้น",
  "คุณ",
  "มัน",
  "เขา",
  "เค้า",
  "เธอ",
  "เรา",
  "พวกเรา",
  "พวกเขา",
  "กู",
  "มึง",
  "แก",
  "ข้าพเจ้า",
  "และ",
  "หรือ",
  "แต่",
  "เมื่อ",
  "ถ้า",
  "ใน",
  "ด้วย",
  "เพราะ",
  "เนื่องจาก",
  "ซึ่ง",
  "ไม่",
  "ตอนนี้",
  "ทีนี้",
  "ดังนั้น",
  "เพราะฉะนั้น",
  "ฉะนั้น",
  "ตั้งแต่",
  "ในที่สุด",
  "ก็",
  "กับ",
  "แก่",
  "ต่อ",
  "นั้น",
  "นี้",
  "เหล่านี้",
  "เหล่านั้น",
]);

/** `window` and `max_n_gram` as crfcut's `segment` calls `extract_features`. */
const WINDOW = 2;
const MAX_N_GRAM = 3;
const PAD = "xxpad";

/**
 * The attributes of each token, in crfcut's order: `bias`, then for each n-gram size 1..3 and each start `j`
 * from 2 before the token while the n-gram fits in 2 after it, `word_{n}_{from}_{to}=w|w`, `ender_…` and
 * `starter_…` (`ender`/`starter`/`normal` per word), over the tokens padded with two `xxpad` on each side.
 */
export function crfcutFeatures(tokens: readonly string[]): string[][] {
  const padded = [...Array<string>(WINDOW).fill(PAD), ...tokens, ...Array<string>(WINDOW).fill(PAD)];
  const enders = padded.map((word) => (ENDERS.has(word) ? "ender" : "normal"));
  const starters = padded.map((word) => (STARTERS.has(word) ? "starter" : "normal"));
  const features: string[][] = [];
  for (let index = WINDOW; index < padded.length - WINDOW; index++) {
    const word = ["bias"];
    for (let size = 1; size < Math.min(MAX_N_GRAM + 1, 2 + WINDOW * 2); size++) {
      for (let start = index - WINDOW; start < index + WINDOW + 2 - size; start++) {
        const position = `${size}_${start - index}_${start - index + size}`;
        word.push(`word_${position}=${padded.slice(start, start + size).join("|")}`);
        word.push(`ender_${position}=${enders.slice(start, start + size).join("|")}`);
        word.push(`starter_${position}=${starters.slice(start, start + size).join("|")}`);
      }
    }
    features.push(word);
  }
  return features;
}
