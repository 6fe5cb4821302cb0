// word2number 1.1's `w2n.word_to_num` (akshaynagpal/w2n word2number/w2n.py@1f36329cbdb66d941c7107a39769d5c659e44727, tag 1.1), quirks kept.

import { pythonFloatRepr } from "../python-repr.js";
import { pythonSplit } from "../python-whitespace.js";
import { pythonInt } from "./python-text.js";

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ["zero", 0],
  ["one", 1],
  ["two", 2],
  ["three", 3],
  ["four", 4],
  ["five", 5],
  ["six", 6],
  ["seven", 7],
  ["eight", 8],
  ["nine", 9],
  ["ten", 10],
  ["eleven", 11],
  ["twelve", 12],
  ["thirteen", 13],
  ["fourteen", 14],
  ["fifteen", 15],
  ["sixteen", 16],
  ["seventeen", 17],
  ["eighteen", 18],
  ["nineteen", 19],
  ["twenty", 20],
  ["thirty", 30],
  ["forty", 40],
  ["fifty", 50],
  ["sixty", 60],
  ["seventy", 70],
  ["eighty", 80],
  ["ninety", 90],
  ["hundred", 100],
  ["thousand", 1000],
  ["million", 1000000],
  ["billion", 1000000000],
]);
const POINT = "point";
const DECIMAL_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** Where word2number raises ValueError or IndexError: the caller keeps its text unchanged. */
class NotANumber extends Error {}

function numberOfWord(word: string): number {
  const value = NUMBER_WORDS.get(word);
  if (value === undefined) throw new NotANumber(word);
  return value;
}

/** `number_formation`: 4 words a·b+c+d, 3 words a·b+c, 2 words a·b (with a hundred) or a+b, else the first. */
function numberFormation(words: readonly string[]): number {
  const numbers = words.map(numberOfWord);
  const [first, second, third, fourth] = numbers;
  if (first === undefined) throw new NotANumber("empty multiplier");
  if (numbers.length === 4) return first * (second ?? 0) + (third ?? 0) + (fourth ?? 0);
  if (numbers.length === 3) return first * (second ?? 0) + (third ?? 0);
  if (numbers.length === 2) return numbers.includes(100) ? first * (second ?? 0) : first + (second ?? 0);
  return first;
}

/** `get_decimal_sum`: the digit words after "point" as the float 0.ddd; any other word makes it the int 0. */
function decimalSum(words: readonly string[]): number | undefined {
  if (words.some((word) => !DECIMAL_WORDS.includes(word))) return undefined;
  return Number(`0.${words.map((word) => DECIMAL_WORDS.indexOf(word)).join("")}`);
}

function wordToNumber(sentence: string): { value: number; isFloat: boolean } | { integer: bigint } {
  const lowered = sentence.replaceAll("-", " ").toLowerCase();
  if (/^\p{Nd}+$/u.test(lowered)) {
    const integer = pythonInt(lowered);
    if (integer === undefined) throw new NotANumber("too many digits");
    return { integer };
  }
  let numbers = pythonSplit(lowered).filter((word) => NUMBER_WORDS.has(word) || word === POINT);
  if (numbers.length === 0) throw new NotANumber("no number words");
  const count = (word: string) => numbers.filter((item) => item === word).length;
  if (count("thousand") > 1 || count("million") > 1 || count("billion") > 1 || count(POINT) > 1) {
    throw new NotANumber("redundant number word");
  }
  let decimals: string[] = [];
  const pointIndex = numbers.indexOf(POINT);
  if (pointIndex >= 0) {
    decimals = numbers.slice(pointIndex + 1);
    numbers = numbers.slice(0, pointIndex);
  }
  const billion = numbers.indexOf("billion");
  const million = numbers.indexOf("million");
  const thousand = numbers.indexOf("thousand");
  if ((thousand > -1 && (thousand < million || thousand < billion)) || (million > -1 && million < billion)) {
    throw new NotANumber("malformed number");
  }
  let total = 0;
  if (numbers.length === 1) total += numberOfWord(numbers[0] ?? "");
  else if (numbers.length > 1) {
    if (billion > -1) total += numberFormation(numbers.slice(0, billion)) * 1000000000;
    if (million > -1) {
      total += numberFormation(numbers.slice(billion > -1 ? billion + 1 : 0, million)) * 1000000;
    }
    if (thousand > -1) {
      const from = million > -1 ? million + 1 : billion > -1 ? billion + 1 : 0;
      total += numberFormation(numbers.slice(from, thousand)) * 1000;
    }
    const last = numbers.length - 1;
    if (thousand > -1 && thousand !== last) total += numberFormation(numbers.slice(thousand + 1));
    else if (million > -1 && million !== last) total += numberFormation(numbers.slice(million + 1));
    else if (billion > -1 && billion !== last) total += numberFormation(numbers.slice(billion + 1));
    else if (thousand === -1 && million === -1 && billion === -1) total += numberFormation(numbers);
  }
  const fraction = decimals.length > 0 ? decimalSum(decimals) : undefined;
  if (fraction !== undefined) return { value: total + fraction, isFloat: true };
  return { value: total, isFloat: false };
}

/**
 * Qwen2.5-Math's `convert_word_number`: `str(w2n.word_to_num(text))`, or the text unchanged when word2number
 * raises. Any standalone number word turns the whole text into that number ("one solution" → "1"), a lone
 * "point" gives "0", and a string of digits loses its leading zeros ("025" → "25").
 */
export function convertWordNumber(text: string): string {
  try {
    const result = wordToNumber(text);
    if ("integer" in result) return result.integer.toString();
    if (result.isFloat) return pythonFloatRepr(result.value);
    return Number.isSafeInteger(result.value) ? String(result.value) : BigInt(result.value).toString();
  } catch (error) {
    if (error instanceof NotANumber) return text;
    throw error;
  }
}
