// SGLang's MMLU benchmark prompt (`benchmark/mmlu/bench_sglang.py`): first-k dev shots inline, one generated token.
// Matched: sgl-project/sglang benchmark/mmlu/bench_sglang.py@00b08c497f0735678e084ae5e3dd88ca06b46627
// (`format_subject`, `format_example`, `gen_prompt`, the `few_shot_mmlu` program, `run_batch` arguments).
import { letterOf } from "../../graders/multiple-choice.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import { LETTER_FIRST_PHRASINGS } from "./lm-eval-mmlu-format.js";
import type { MmluFormat } from "./mmlu-format.js";
import { pandasCellText } from "./pandas-cell-text.js";
import type { MmluRow } from "./read-mmlu-rows.js";

/** `gen_prompt`'s header: each subject word gets a leading space, so `…about abstract algebra.\n\n` has it after "about". */
export function sglangHeader(subject: string): string {
  const words = subject
    .split("_")
    .map((word) => ` ${word}`)
    .join("");
  return `The following are multiple choice questions (with answers) about${words}.\n\n`;
}

/** `format_example(include_answer=False)`: `{question}\nA. {a}\n…\nD. {d}\nAnswer:`, cells as pandas reads them. */
export function sglangQuestion(row: Pick<MmluRow, "question" | "choices">): string {
  const options = row.choices
    .map((choice, index) => `\n${letterOf(index)}. ${pandasCellText(choice)}`)
    .join("");
  return `${pandasCellText(row.question)}${options}\nAnswer:`;
}

/** `format_example(row, include_answer=True)`: the question's block, a space, the letter, a blank line. */
function sglangShot(row: MmluRow): string {
  return `${sglangQuestion(row)} ${letterOf(row.answerIndex)}\n\n`;
}

/** `gen_prompt(dev_df, subject, k)`: the header and the first k dev rows with their answers. */
export function sglangFewShotText(subject: string, orderedDev: readonly MmluRow[], nShots: number): string {
  return sglangHeader(subject) + orderedDev.slice(0, nShots).map(sglangShot).join("");
}

/**
 * `examples + question`: the header, `format_example(row) + " B\n\n"` for the first k dev rows (`dev_df[:k]`), then
 * the question. SGLang sends it raw to a completion backend and as one user message (then an assistant turn it
 * generates) to a chat one; a `--system-prompt` (SGLang sends none) goes first.
 */
export const sglangMmluFormat: MmluFormat = {
  orderShots: (dev) => [...dev],
  buildPrompt({ sample, orderedDev, options }) {
    return buildInlinePrompt({
      endpointType: options.endpointType,
      systemPrompt: resolveSystemPrompt(options.systemPrompt),
      text: sglangFewShotText(sample.subject, orderedDev, options.nShots) + sglangQuestion(sample),
    });
  },
  // `while len(tokenizer.encode(few_shot_examples)) > 1536: k -= 1`, tokenizer `encoding_for_model("gpt-3.5-turbo")`.
  shotTokenLimit: { encoding: "cl100k_base", maxTokens: 1536, fewShotText: sglangFewShotText },
  promptSuffix: (sample) => sglangQuestion(sample),
  phrasings: LETTER_FIRST_PHRASINGS,
};
