// A varied text sample for tokenizer cross-checks: English, code, digits, CJK, emoji, runs of whitespace, accents.
export const VARIED_TEXTS: readonly string[] = [
  "The quick brown fox jumps over the lazy dog.",
  "It's 3:45 p.m. on 2024-07-19; the total was $1,234,567.89 (about 12.5% more).",
  'def fib(n: int) -> int:\n    """Return the n-th Fibonacci number."""\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n',
  "const x = { a: [1, 2, 3], b: `template` + value };\n\tif (x.a.length !== 3) throw new Error('bad');",
  "日本語の文章と中文句子，还有한국어 문장도 있습니다。",
  "Emoji: 🎉🚀👩‍💻 and flags 🇫🇷🇯🇵, plus ✓ ✗ → ∑ ∫ ≠.",
  "spaces    between\n\n\nnewlines\t\ttabs   and trailing   ",
  "  leading spaces, naïve café, Ωμέγα, Привет мир, مرحبا بالعالم",
  "0123456789 00000 1e10 3.14159265358979 -42 +7 0xFF 0b1010",
  '<p class="x">HTML &amp; entities</p> https://example.com/path?q=a+b&r=%20',
];

/** The sample as one text (sections joined by blank lines). */
export const VARIED_TEXT = VARIED_TEXTS.join("\n\n");
