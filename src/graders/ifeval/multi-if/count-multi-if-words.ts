// Multi-IF's word count (`NumberOfWords`): by the detected language, Thai tokens, CJK characters or `\w+` words.
import { countWords } from "../count-words.js";
import { countCjkWords } from "./count-cjk-words.js";
import { countingScript } from "./counting-script.js";
import { thaiWordTokenize } from "./thai-word-tokenize.js";

/**
 * Thai: pythainlp word tokens, whitespace tokens included (`thaiWordTokenize`, newmm); Chinese or
 * Japanese: `countCjkWords`; anything else, Hindi included: IFEval's `\w+` count.
 */
export function countMultiIfWords(text: string): number {
  const script = countingScript(text);
  switch (script) {
    case "thai":
      return thaiWordTokenize(text).length;
    case "chinese-japanese":
      return countCjkWords(text);
    case "hindi":
    case "default":
      return countWords(text);
    default: {
      const unreachable: never = script;
      return unreachable;
    }
  }
}
