// The emoji the `emoji` package (which Multi-IF's CJK word count uses) finds: each one, ZWJ sequences whole.

/** One emoji: a keycap, an RGI emoji, or any other non-ASCII emoji code point (unqualified forms included). */
const SINGLE_EMOJI =
  "(?:[#*0-9]\\uFE0F?\\u20E3|\\p{RGI_Emoji}|[\\p{Emoji}--[\\p{ASCII}\\p{Regional_Indicator}]]\\uFE0F?[\\u{1F3FB}-\\u{1F3FF}]?)";

/**
 * Emoji as `emoji.emoji_count` / `emoji.replace_emoji` find them (longest first): RGI emoji and keycaps, the
 * unqualified single code points (`☺`, `❤`, `©`), and emoji joined by ZWJ as one. Unicode data is Node's (ICU).
 */
export const EMOJI_PATTERN = new RegExp(`${SINGLE_EMOJI}(?:\\u200D${SINGLE_EMOJI})*`, "gv");
