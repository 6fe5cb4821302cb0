// langdetect 1.0.9's `detect(text)` with the seed fixed (`DetectorFactory.seed = 0`), so the verdict is deterministic.

import { PythonRandom } from "../../../stats/python-random.js";
import { isPythonUpper } from "../python-text.js";
import { LANGUAGE_PROFILES } from "./language-profiles.js";
import { isLatinExtendedAdditional, normalizeCharacter, normalizeVietnamese } from "./normalize-character.js";

const ALPHA = 0.5;
const ALPHA_WIDTH = 0.05;
const ITERATION_LIMIT = 1000;
const PROBABILITY_THRESHOLD = 0.1;
const CONVERGENCE_THRESHOLD = 0.99999;
const BASE_FREQUENCY = 10000;
const TRIALS = 7;
const MAX_TEXT_LENGTH = 10000;
/** The seed every detection starts from; any fixed seed gives the same verdicts on IFEval's GPT-4 responses. */
export const LANGDETECT_SEED = 0;
const URL = /https?:\/\/[-_.?&~;+=/#0-9A-Za-z]{1,2076}/g;
const MAIL = /[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}/g;

interface LanguageModel {
  languages: readonly string[];
  /** Per n-gram, its probability in each language (0 where the profile lacks it). */
  probabilities: ReadonlyMap<string, Float64Array>;
}

let model: LanguageModel | undefined;

function loadModel(): LanguageModel {
  const languages = LANGUAGE_PROFILES.map((profile) => profile.name);
  const probabilities = new Map<string, Float64Array>();
  for (const [index, profile] of LANGUAGE_PROFILES.entries()) {
    for (const chunk of profile.grams) {
      for (const entry of chunk.split("\n")) {
        const [gram = "", count = "0"] = entry.split("\t");
        let row = probabilities.get(gram);
        if (row === undefined) {
          row = new Float64Array(LANGUAGE_PROFILES.length);
          probabilities.set(gram, row);
        }
        row[index] = Number(count) / (profile.nWords[[...gram].length - 1] ?? 1);
      }
    }
  }
  return { languages, probabilities };
}

/** `Detector.append` then `cleaning_text`: URLs and e-mails blanked, Vietnamese folded, spaces squeezed, cut. */
function cleanText(text: string): string[] {
  const folded = normalizeVietnamese(text.replace(URL, " ").replace(MAIL, " "));
  const characters: string[] = [];
  let previous = "";
  for (const character of [...folded].slice(0, MAX_TEXT_LENGTH)) {
    if (character !== " " || previous !== " ") characters.push(character);
    previous = character;
  }
  let latinCount = 0;
  let nonLatinCount = 0;
  for (const character of characters) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (character >= "A" && character <= "z") latinCount++;
    else if (codePoint >= 0x300 && !isLatinExtendedAdditional(codePoint)) nonLatinCount++;
  }
  if (latinCount * 2 >= nonLatinCount) return characters;
  return characters.filter((character) => character < "A" || character > "z");
}

/** `_extract_ngrams`: the 1- to 3-grams langdetect knows, skipping words written in capitals. */
function extractNgrams(characters: readonly string[], known: ReadonlyMap<string, unknown>): string[] {
  const ngrams: string[] = [];
  let grams = [" "];
  let isCapitalWord = false;
  for (const raw of characters) {
    const character = normalizeCharacter(raw);
    const last = grams.at(-1) ?? " ";
    if (last === " ") {
      grams = [" "];
      isCapitalWord = false;
      if (character === " ") continue;
    } else if (grams.length >= 3) {
      grams = grams.slice(1);
    }
    grams.push(character);
    if (isPythonUpper(character)) {
      if (isPythonUpper(last)) isCapitalWord = true;
    } else {
      isCapitalWord = false;
    }
    if (isCapitalWord) continue;
    for (let n = 1; n <= 3 && n <= grams.length; n++) {
      const gram = grams.slice(-n).join("");
      if (gram !== " " && known.has(gram)) ngrams.push(gram);
    }
  }
  return ngrams;
}

function normalize(probabilities: Float64Array): number {
  let sum = 0;
  for (const probability of probabilities) sum += probability;
  let max = 0;
  for (let index = 0; index < probabilities.length; index++) {
    const probability = (probabilities[index] ?? 0) / sum;
    if (max < probability) max = probability;
    probabilities[index] = probability;
  }
  return max;
}

export interface LanguageProbability {
  language: string;
  probability: number;
}

/**
 * `detect_langs(text)`: languages above 0.1, most probable first; undefined where langdetect raises
 * "No features in text" (nothing it knows after cleaning).
 */
export function detectLanguageProbabilities(text: string): LanguageProbability[] | undefined {
  model ??= loadModel();
  const { languages, probabilities } = model;
  const ngrams = extractNgrams(cleanText(text), probabilities);
  if (ngrams.length === 0) return undefined;
  const random = new PythonRandom(LANGDETECT_SEED);
  const total = new Float64Array(languages.length);
  for (let trial = 0; trial < TRIALS; trial++) {
    const current = new Float64Array(languages.length).fill(1 / languages.length);
    const weight = (ALPHA + random.gauss() * ALPHA_WIDTH) / BASE_FREQUENCY;
    for (let iteration = 0; ; iteration++) {
      const row = probabilities.get(ngrams[random.randbelow(ngrams.length)] ?? "");
      if (row !== undefined) {
        for (let index = 0; index < current.length; index++)
          current[index] = (current[index] ?? 0) * (weight + (row[index] ?? 0));
      }
      if (iteration % 5 === 0 && (normalize(current) > CONVERGENCE_THRESHOLD || iteration >= ITERATION_LIMIT))
        break;
    }
    for (let index = 0; index < total.length; index++)
      total[index] = (total[index] ?? 0) + (current[index] ?? 0) / TRIALS;
  }
  return languages
    .map((language, index) => ({ language, probability: total[index] ?? 0 }))
    .filter(({ probability }) => probability > PROBABILITY_THRESHOLD)
    .sort((left, right) => right.probability - left.probability);
}

/** `langdetect.detect(text)`: the most probable language, "unknown" when none passes 0.1, undefined when no features. */
export function detectLanguage(text: string): string | undefined {
  const ranked = detectLanguageProbabilities(text);
  if (ranked === undefined) return undefined;
  return ranked[0]?.language ?? "unknown";
}
