// Which counting rules Multi-IF applies to a response, from the language langdetect detects in it.
import { detectLanguage } from "../langdetect/detect-language.js";

export type CountingScript = "thai" | "hindi" | "chinese-japanese" | "default";

/** The codes Multi-IF sends to its Chinese/Japanese counters (langdetect 1.0.9 only ever returns the last three). */
const CHINESE_JAPANESE = new Set(["zh", "zh-cn", "zh-tw", "ja"]);

/**
 * langdetect's language of the text mapped to Multi-IF's counters: `th` → Thai, `hi` → Hindi, Chinese or
 * Japanese → character based, anything else → the English (Google) counters. A text langdetect cannot read counts
 * as English, as Multi-IF's fallback to `en` does.
 */
export function countingScript(text: string): CountingScript {
  const language = detectLanguage(text) ?? "en";
  if (language === "th") return "thai";
  if (language === "hi") return "hindi";
  if (CHINESE_JAPANESE.has(language)) return "chinese-japanese";
  return "default";
}
