// One MRCR row as a sample: what grading, the oracle and the (lazily built) prompt need, its bins as facets. The
// conversation itself is on disk (`spilled-texts.ts`): a sample holds only where it is.
import type { SpilledText } from "../spilled-texts.js";
import type { BenchmarkSample } from "../types.js";

export interface MrcrSample extends BenchmarkSample {
  /**
   * Where the row's `prompt` as published (its messages as a JSON string) is in the load's spill file; read back
   * and parsed only when the prompt is built.
   */
  readonly promptJson: SpilledText;
  /** The row's `answer` (it starts with the random string). */
  readonly answer: string;
  readonly randomStringToPrepend: string;
  /** The conversation's last user message (the ask): how the mock server recognises the sample. */
  readonly finalAsk: string;
  /** o200k_base tokens of the messages' contents (the card's `n_tokens(messages)`) and of the answer. */
  readonly promptTokens: number;
  readonly answerTokens: number;
  /** `needles` (2, 4, 8) and `context_bin` (`mrcr-bins.ts`). */
  readonly facets: Readonly<{ needles: string; context_bin: string }>;
}
