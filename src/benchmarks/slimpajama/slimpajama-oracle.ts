// The mock server's oracle for slimpajama: nothing to answer — a perplexity run sends only scoring requests (token
// ids, scored with the mock's deterministic logprobs). A prompt is recognised by the end of its document.
import type { BenchmarkOracle } from "../types.js";
import type { SlimpajamaSample } from "./slimpajama-sample.js";

/** Characters of the document's end the oracle recognises its prompt by. */
const ORACLE_SUFFIX_CHARACTERS = 200;

export const slimpajamaOracle: BenchmarkOracle<SlimpajamaSample> = {
  promptSuffix: (sample) => Array.from(sample.text).slice(-ORACLE_SUFFIX_CHARACTERS).join(""),
  // A perplexity has no answer to be right or wrong: scoring requests generate one filler token, never read.
  answer: () => "",
};
