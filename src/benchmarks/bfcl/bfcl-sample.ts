// A BFCL sample as this benchmark loads it: the turn's messages, the function docs and the possible answers.
import type { BfclFunctionDoc, BfclLanguage, BfclPossibleAnswer } from "../../graders/bfcl/types.js";
import type { BenchmarkSample } from "../types.js";
import type { BfclCategory } from "./bfcl-categories.js";

export interface BfclBenchmarkSample extends BenchmarkSample {
  task: BfclCategory;
  /** `question[0]`, as in the data. */
  messages: readonly { role: "system" | "user" | "assistant"; content: string }[];
  /** The docs as in the data (the checker's); requests get `preprocessBfclFunctionDocs` of them. */
  functions: BfclFunctionDoc[];
  possibleAnswer: BfclPossibleAnswer[];
  /** The category's language (BFCL's is_java / is_js). */
  language: BfclLanguage;
}
