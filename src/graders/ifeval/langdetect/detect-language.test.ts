// langdetect with seed 0: verdicts and probabilities as python3-langdetect 1.0.9 gives them with `DetectorFactory.seed = 0`.
import { describe, expect, it } from "vitest";
import { PythonRandom } from "../../../stats/python-random.js";
import { detectLanguage, detectLanguageProbabilities } from "./detect-language.js";

describe("PythonRandom as langdetect draws from it", () => {
  it("draws what CPython's random.Random(0) draws", () => {
    const random = new PythonRandom(0);
    expect(random.random()).toBe(0.8444218515250481);
    expect(random.random()).toBe(0.7579544029403025);
    expect(random.gauss()).toBeCloseTo(-0.6797144480784211, 15);
    expect(random.gauss()).toBeCloseTo(0.3705035674606598, 15);
    expect(random.randbelow(1000)).toBe(523);
    expect(random.randbelow(7)).toBe(3);
  });
});

describe("detectLanguage", () => {
  it.each([
    ["The response is English", "en", 0.9999957048326695],
    ["Desayunamos en McDonald's hoy", "es", 0.9999950099402254],
    ["Today we visit the Louvre", "en", 0.9999985745179845],
    ["Ceci est une phrase en français.", "fr", 0.9999956302010568],
    ["Dies ist ein deutscher Satz über das Wetter.", "de", 0.9999970786681239],
    ["यह हिंदी में लिखा गया एक वाक्य है।", "hi", 0.9999979157997075],
    ["これは日本語の文です。", "ja", 0.9999999976292386],
    ["Это предложение на русском языке.", "ru", 0.9999967784364865],
    ["every letter is lowercase.", "en", 0.9999978302166348],
  ])("%j is %s", (text, language, probability) => {
    expect(detectLanguage(text)).toBe(language);
    const [top] = detectLanguageProbabilities(text) ?? [];
    expect(top?.probability).toBeCloseTo(probability, 12);
  });

  it("ranks every language above 0.1, as detect_langs does", () => {
    const ranked = detectLanguageProbabilities(
      "THIS IS AN ENGLISH SENTENCE. EVERY LETTER IS CAPITALIZED!!! AMAZING.",
    );
    expect(ranked?.map((entry) => entry.language)).toEqual(["en", "de"]);
    expect(ranked?.[0]?.probability).toBeCloseTo(0.8571392243337093, 12);
    expect(ranked?.[1]?.probability).toBeCloseTo(0.14286013578750822, 12);
  });

  it("returns undefined where langdetect raises 'No features in text'", () => {
    expect(detectLanguage("1234 !!! ...")).toBeUndefined();
    expect(detectLanguage("")).toBeUndefined();
  });

  it("gives the same answer on every one of 100 runs", () => {
    const texts = [
      "THIS IS AN ENGLISH SENTENCE. EVERY LETTER IS CAPITALIZED!!! AMAZING.",
      "Ok",
      "Hola amigo, ¿cómo estás? Bien, gracias.",
    ];
    for (const text of texts) {
      const first = JSON.stringify(detectLanguageProbabilities(text));
      for (let run = 0; run < 100; run++)
        expect(JSON.stringify(detectLanguageProbabilities(text))).toBe(first);
    }
  });
});
