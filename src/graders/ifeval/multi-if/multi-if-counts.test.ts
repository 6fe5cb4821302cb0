// Multi-IF's language-dependent counters. Expected values come from running Multi-IF's `ifeval.py` functions
// (python3, langdetect 1.0.9 seeded 0, emoji 2.2.0) and pythainlp 5.0.4's newmm and crfcut.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pythonSplitLines } from "../python-text.js";
import { countCjkSentences } from "./count-cjk-sentences.js";
import { countCjkWords } from "./count-cjk-words.js";
import { countHindiSentences } from "./count-hindi-sentences.js";
import { countMultiIfSentences } from "./count-multi-if-sentences.js";
import { countMultiIfWords } from "./count-multi-if-words.js";
import { countThaiSentences } from "./count-thai-sentences.js";
import { countingScript } from "./counting-script.js";
import { crfcutFeatures } from "./crfcut-features.js";
import { thaiWordTokenize } from "./thai-word-tokenize.js";

describe("countingScript (langdetect, unreadable text → en)", () => {
  it.each([
    ["今天天气很好。我们去公园散步吧！你觉得怎么样？", "chinese-japanese"],
    ["日本の首都は東京です。東京はとても大きな都市です。", "chinese-japanese"],
    ["नमस्ते। आप कैसे हैं? मैं ठीक हूँ! धन्यवाद।", "hindi"],
    ["สวัสดีครับ วันนี้อากาศดีมาก", "thai"],
    ["Москва — столица России. Это очень большой город!", "default"],
    ["서울은 대한민국의 수도입니다. 서울은 매우 큰 도시입니다.", "default"],
    ["12345 !!! ???", "default"],
    ["   ", "default"],
  ])("%s → %s", (text, script) => {
    expect(countingScript(text)).toBe(script);
  });
});

describe("countCjkWords (count_words_chinese_japanese)", () => {
  it.each([
    ["今天天气很好。我们去公园散步吧！你觉得怎么样？", 20],
    ["人工智能正在改变世界。\n\n它带来了机遇，也带来了挑战……我们需要谨慎！！", 28],
    // The docstring's own example: the unqualified ☺ and ❤ count as emoji.
    ["こんにちは、ジェイソンさん、Jason? Nice to meet you☺ ❤", 19],
    ["日本の首都は東京です。東京はとても大きな都市です。私は東京が大好きです😀👍🏽", 35],
    ["서울은 대한민국의 수도입니다. 서울은 매우 큰 도시입니다.", 24],
    ["12345 !!! ???", 1],
    ["家族👨‍👩‍👧と1️⃣番", 6],
    ["   ", 0],
  ])("%s → %i", (text, words) => {
    expect(countCjkWords(text)).toBe(words);
  });
});

describe("countCjkSentences (split_chinese_japanese)", () => {
  it.each([
    ["今天天气很好。我们去公园散步吧！你觉得怎么样？", 3],
    // `……` and the second `！` start no sentence; the blank line has none.
    ["人工智能正在改变世界。\n\n它带来了机遇，也带来了挑战……我们需要谨慎！！", 2],
    ["「東京は日本の首都です。」", 2],
    // The space after `。` starts a sentence of its own (` 。`); `\r\n` is one line break.
    ["中文句子一。 。中文句子二\r\n第三句话？", 4],
    ["   ", 0],
  ])("%s → %i", (text, sentences) => {
    expect(countCjkSentences(text)).toBe(sentences);
  });
});

describe("countHindiSentences (count_hindi_num_sentences)", () => {
  it.each([
    ["नमस्ते। आप कैसे हैं? मैं ठीक हूँ! धन्यवाद।", 4],
    // A line break does not end a sentence; the unterminated tail is one.
    ["भारत एक विशाल देश है। यहाँ कई भाषाएँ बोली जाती हैं।\nहिंदी सबसे अधिक बोली जाने वाली भाषा है", 3],
    // Full stops and the double danda do not count; every `!` and `?` does.
    ["यह पहला वाक्य है. यह दूसरा है॥ तीसरा", 1],
    ["12345 !!! ???", 6],
  ])("%s → %i", (text, sentences) => {
    expect(countHindiSentences(text)).toBe(sentences);
  });
});

describe("countMultiIfWords / countMultiIfSentences", () => {
  it("counts Hindi words as IFEval's \\w+ (combining marks split words) and Hindi sentences by danda", () => {
    expect(countMultiIfWords("नमस्ते। आप कैसे हैं? मैं ठीक हूँ! धन्यवाद।")).toBe(13);
    expect(countMultiIfSentences("नमस्ते। आप कैसे हैं? मैं ठीक हूँ! धन्यवाद।")).toBe(4);
  });

  it("counts Chinese and Japanese by characters", () => {
    expect(countMultiIfWords("“北京是中国的首都。”")).toBe(8);
    expect(countMultiIfSentences("“北京是中国的首都。”")).toBe(2);
  });

  it("counts Russian, Korean and unreadable text with IFEval's counters", () => {
    expect(countMultiIfWords("Москва — столица России. Это очень большой город! Вы там были?")).toBe(10);
    expect(countMultiIfSentences("Москва — столица России. Это очень большой город! Вы там были?")).toBe(3);
    expect(countMultiIfWords("서울은 대한민국의 수도입니다. 서울은 매우 큰 도시입니다.")).toBe(7);
    expect(countMultiIfWords("12345 !!! ???")).toBe(1);
  });

  it("counts Thai words as pythainlp tokens, whitespace tokens included", () => {
    expect(countMultiIfWords("สวัสดีครับ วันนี้อากาศดีมาก")).toBe(6);
    expect(countMultiIfSentences("สวัสดีครับ วันนี้อากาศดีมาก")).toBe(1);
  });
});

/** `word_tokenize(text)` of pythainlp 5.0.4 (newmm.py, tcc_p.py, trie.py and _utils.py run in python3). */
const NEWMM_GOLDEN = readFileSync(
  new URL("../../../../test/fixtures/multi-if/thai-newmm-golden.jsonl", import.meta.url),
  "utf8",
)
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { text: string; tokens: string[] });

describe("thaiWordTokenize (pythainlp newmm)", () => {
  it("matches the dictionary maximally within Thai character clusters", () => {
    expect(thaiWordTokenize("กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย")).toEqual([
      "กรุงเทพมหานคร",
      "เป็น",
      "เมืองหลวง",
      "ของ",
      "ประเทศ",
      "ไทย",
    ]);
    // pythainlp's own example: whitespace runs are tokens.
    expect(thaiWordTokenize("วรรณกรรม ภาพวาด และการแสดงงิ้ว ")).toEqual([
      "วรรณกรรม",
      " ",
      "ภาพวาด",
      " ",
      "และ",
      "การแสดง",
      "งิ้ว",
      " ",
    ]);
  });

  it("cuts an unknown Thai run up to the next dictionary word or non-Thai token", () => {
    expect(thaiWordTokenize("กฎหมายคฝษฟฟฟกขคง")).toEqual(["กฎหมาย", "คฝษฟฟฟกขคง"]);
    expect(thaiWordTokenize("ฝนตกหนักตั้งแต่เมื่อคืน\r\nทำให้น้ำท่วม🙂👍🏽\rครับ")).toEqual([
      "ฝน",
      "ตกหนัก",
      "ตั้งแต่",
      "เมื่อคืน",
      "\r\n",
      "ทำให้",
      "น้ำท่วม",
      "🙂👍🏽",
      "\r",
      "ครับ",
    ]);
  });

  it("follows newmm's rules outside Thai script and rejoins formatted numbers", () => {
    expect(thaiWordTokenize("เงิน 1,234.5 บาท เวลา 19:32น. IP 127.0.0.1  (Thai) a-b\n๒๕๖๗")).toEqual([
      "เงิน",
      " ",
      "1,234.5",
      " ",
      "บาท",
      " ",
      "เวลา",
      " ",
      "19:32",
      "น.",
      " ",
      "IP",
      " ",
      "127.0.0.1",
      "  ",
      "(Thai)",
      " ",
      "a-b",
      "\n",
      "๒๕๖๗",
    ]);
  });

  it(`gives pythainlp's tokens for ${NEWMM_GOLDEN.length} recorded texts`, () => {
    const mismatches = NEWMM_GOLDEN.filter(({ text, tokens }) => {
      const ours = thaiWordTokenize(text);
      return ours.length !== tokens.length || ours.some((token, index) => token !== tokens[index]);
    });
    expect(mismatches).toEqual([]);
  });
});

/** Multi-IF's Thai count (crfcut's `segment` per `splitlines()` line; the model read by a CRFsuite reader in python3). */
const CRFCUT_GOLDEN = readFileSync(
  new URL("../../../../test/fixtures/multi-if/thai-crfcut-golden.jsonl", import.meta.url),
  "utf8",
)
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { text: string; sentences: number });

describe("crfcutFeatures (extract_features, window 2, up to trigrams)", () => {
  it("gives each token bias and 12 word, ender and starter n-grams over the padded tokens", () => {
    const [first, second] = crfcutFeatures(["ฉัน", "ไป"]);
    expect(first).toHaveLength(37);
    expect(first?.slice(0, 7)).toEqual([
      "bias",
      "word_1_-2_-1=xxpad",
      "ender_1_-2_-1=normal",
      "starter_1_-2_-1=normal",
      "word_1_-1_0=xxpad",
      "ender_1_-1_0=normal",
      "starter_1_-1_0=normal",
    ]);
    expect(first).toContain("starter_1_0_1=starter");
    expect(second).toContain("word_3_-2_1=xxpad|ฉัน|ไป");
    expect(second).toContain("ender_2_-1_1=normal|ender");
  });
});

describe("countThaiSentences (pythainlp crfcut per line)", () => {
  it.each([
    // pythainlp's tests (tests/test_tokenize.py) and documented examples.
    ["ฉันไปโรงเรียน เธอไปโรงพยาบาล", 2],
    ["วันนี้ฉันกินข้าว และโดดเรียน", 1],
    [
      "(1) บทความนี้ผู้เขียนสังเคราะห์ขึ้นมาจากผลงานวิจัยที่เคยทำมาในอดีต มิได้ทำการศึกษาค้นคว้าใหม่อย่างกว้างขวางแต่อย่างใด จึงใคร่ขออภัยในความบกพร่องทั้งปวงมา ณ ที่นี้",
      3,
    ],
    ["ฉันไปประชุมเมื่อวันที่ 11 มีนาคม", 1],
    ["ข้าราชการได้รับการหมุนเวียนเป็นระยะ และเขาได้รับมอบหมายให้ประจำในระดับภูมิภาค", 2],
    ["กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย มีประชากรมากกว่าสิบล้านคน ผมชอบไปเที่ยวที่นั่น", 3],
    // The CRF may keep a space inside a sentence.
    ["สวัสดีครับ วันนี้อากาศดีมาก", 1],
    // `!` and `?` end sentences; a space right after an end starts none; each line counts on its own.
    ["ภาษาไทยสวยงาม!  ใช่ไหม?\n\nขอบคุณ", 3],
    ["", 0],
    // A whitespace-only line has no sentence (crfcut relabels a leading space).
    ["   \n ", 0],
  ])("%s → %i", (text, sentences) => {
    expect(countThaiSentences(text)).toBe(sentences);
  });

  it(`counts as Multi-IF with pythainlp does for ${CRFCUT_GOLDEN.length} recorded texts`, () => {
    const mismatches = CRFCUT_GOLDEN.filter(({ text, sentences }) => countThaiSentences(text) !== sentences);
    expect(mismatches).toEqual([]);
  });
});

describe("pythonSplitLines", () => {
  it("splits on every Python line boundary and drops only a final empty line", () => {
    expect(pythonSplitLines("a\r\nb\rc\u2028d\x85e\n")).toEqual(["a", "b", "c", "d", "e"]);
    expect(pythonSplitLines("\n\nx")).toEqual(["", "", "x"]);
    expect(pythonSplitLines("")).toEqual([]);
  });
});
