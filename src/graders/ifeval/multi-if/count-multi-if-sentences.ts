// Multi-IF's sentence count (`NumberOfSentences`): by the detected language, Thai, Hindi, CJK or Punkt sentences.
import { countSentences } from "../punkt/count-sentences.js";
import { countCjkSentences } from "./count-cjk-sentences.js";
import { countHindiSentences } from "./count-hindi-sentences.js";
import { countThaiSentences } from "./count-thai-sentences.js";
import { countingScript } from "./counting-script.js";

/**
 * Thai: crfcut sentences per line (`countThaiSentences`); Hindi: `countHindiSentences`;
 * Chinese or Japanese: `countCjkSentences`; anything else: IFEval's English Punkt count.
 */
export function countMultiIfSentences(text: string): number {
  const script = countingScript(text);
  switch (script) {
    case "thai":
      return countThaiSentences(text);
    case "hindi":
      return countHindiSentences(text);
    case "chinese-japanese":
      return countCjkSentences(text);
    case "default":
      return countSentences(text);
    default: {
      const unreachable: never = script;
      return unreachable;
    }
  }
}
