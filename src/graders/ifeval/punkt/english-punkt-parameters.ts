// nltk's English Punkt model (`tokenizers/punkt/english.pickle`) as `PunktParameters`, built once on first use.
import {
  ENGLISH_ABBREVIATION_TYPES,
  ENGLISH_COLLOCATIONS,
  ENGLISH_ORTHOGRAPHIC_CONTEXT,
  ENGLISH_SENTENCE_STARTERS,
} from "./punkt-english-data.js";
import type { PunktParameters } from "./punkt-parameters.js";

let english: PunktParameters | undefined;

function buildEnglishParameters(): PunktParameters {
  const orthographicContext = new Map<string, number>();
  for (const [flags, lines] of Object.entries(ENGLISH_ORTHOGRAPHIC_CONTEXT)) {
    for (const line of lines) {
      for (const type of line.split(" ")) orthographicContext.set(type, Number(flags));
    }
  }
  return {
    abbreviationTypes: new Set(ENGLISH_ABBREVIATION_TYPES.split("\n")),
    collocations: new Set(ENGLISH_COLLOCATIONS.split("\n")),
    sentenceStarters: new Set(ENGLISH_SENTENCE_STARTERS.split("\n")),
    orthographicContext,
  };
}

/** The English model's parameters (immutable; parsed from the bundled data on the first call). */
export function englishPunktParameters(): PunktParameters {
  english ??= buildEnglishParameters();
  return english;
}
