// What the mock server answers an MRCR conversation with: the row's answer (it starts with the random string:
// ratio 1), or, wrong, the answer without that string (0) or with a sentence added (a ratio below 1).
import type { BenchmarkOracle } from "../types.js";
import type { MrcrSample } from "./mrcr-sample.js";

/** The answer as the model should write it: the random string, then the requested text. */
function rightAnswer(sample: MrcrSample): string {
  const prefix = sample.randomStringToPrepend;
  return sample.answer.startsWith(prefix) ? sample.answer : `${prefix}${sample.answer}`;
}

export const mrcrOracle: BenchmarkOracle<MrcrSample> = {
  promptSuffix: (sample) => sample.finalAsk,
  answer(sample, isCorrect, variant) {
    const right = rightAnswer(sample);
    if (isCorrect) return right;
    if (variant % 2 === 0) return right.slice(sample.randomStringToPrepend.length);
    return `${right}\nI hope you enjoy it.`;
  },
};
