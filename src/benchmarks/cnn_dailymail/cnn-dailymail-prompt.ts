// TensorRT-LLM's CNN/DailyMail prompt (NVIDIA/TensorRT-LLM tensorrt_llm/evaluate/cnn_dailymail.py
// @cd8f10dfc83fc4d2f057388e8e834a1528d0fd29, `generate_samples`): the article, " TL;DR:", stripped, and every
// " n't" joined to the word before it.
import { pythonStrip } from "../../graders/python-whitespace.js";

/** What follows the article. */
export const TLDR_SUFFIX = " TL;DR:";

/** `(article + " TL;DR:").strip().replace(" n't", "n't")`: Python's strip and its replace-all. */
export function cnnDailymailPromptText(article: string): string {
  return pythonStrip(`${article}${TLDR_SUFFIX}`).split(" n't").join("n't");
}
