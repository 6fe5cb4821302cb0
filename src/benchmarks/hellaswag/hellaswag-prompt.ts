// HellaSwag prompt text: DeepEval's generative template (as aiperf sends it) and lm-evaluation-harness's form.
// References: confident-ai/deepeval deepeval/benchmarks/hellaswag/template.py and hellaswag.py (confinement)
// @a2e0d4cfd3118352d321c1c84bdeba17d4a201bc; ai-dynamo/aiperf src/aiperf/accuracy/benchmarks/hellaswag.py
// @68e913b92a07d153f6beb00e56cd04e725457e87 (appends "\n\n" + the confinement); EleutherAI/lm-evaluation-harness
// lm_eval/tasks/hellaswag/hellaswag.yaml and utils.py @4e7e0d47f33bc71070c1d38394bafbb52b117163.
import { letterOf } from "../../graders/multiple-choice.js";
import type { LoglikelihoodPrompt } from "../types.js";
import type { HellaswagItem } from "./hellaswag-sample.js";

export const HELLASWAG_CONFINEMENT = "\n\nOutput 'A', 'B', 'C', or 'D'. Full answer not needed.";

/** DeepEval `HellaSwagTemplate.format_question`: ctx, "\nA. …" per ending, "\nAnswer:" (+ " X\n\n" for a shot). */
export function hellaswagQuestion(
  item: Pick<HellaswagItem, "ctx" | "endings" | "label">,
  isShot: boolean,
): string {
  const options = item.endings.map((ending, index) => `\n${letterOf(index)}. ${ending}`).join("");
  const question = `${item.ctx}${options}\nAnswer:`;
  return isShot ? `${question} ${letterOf(item.label)}\n\n` : question;
}

/**
 * DeepEval `HellaSwagTemplate.generate_output`: the header naming the sample's activity label, the first
 * `shots` of the shot pool (one per activity label), the question, then the answer-format line.
 * (The header's grammar is DeepEval's, kept for parity.)
 */
export function hellaswagPromptText(item: HellaswagItem, shots: readonly HellaswagItem[]): string {
  const header = `The following are multiple choice questions (with answers) are sentence completion problems about ${item.activityLabel}.\n\n`;
  return header + shots.map((shot) => hellaswagQuestion(shot, true)).join("") + hellaswagSuffix(item);
}

/** The end of every generative HellaSwag prompt. */
export function hellaswagSuffix(item: Pick<HellaswagItem, "ctx" | "endings" | "label">): string {
  return hellaswagQuestion(item, false) + HELLASWAG_CONFINEMENT;
}

/**
 * The `lm-eval` recipe's generative form (lm-eval itself only scores likelihoods): its preprocessed query and
 * endings laid out as DeepEval lays out a question, "query\nA. …\nD. …\nAnswer:".
 */
export function lmEvalHellaswagQuestion(item: Pick<HellaswagItem, "lmQuery" | "lmEndings">): string {
  const options = item.lmEndings.map((ending, index) => `\n${letterOf(index)}. ${ending}`).join("");
  return `${item.lmQuery}${options}\nAnswer:`;
}

/** lm-evaluation-harness: context = shots ("query ending" joined by blank lines) + query; choices " " + ending. */
export function hellaswagLoglikelihood(
  item: HellaswagItem,
  shots: readonly HellaswagItem[],
): LoglikelihoodPrompt {
  const examples = shots.map((shot) => `${shot.lmQuery} ${shot.lmEndings[shot.label] ?? ""}\n\n`).join("");
  return {
    context: examples + item.lmQuery,
    continuations: item.lmEndings.map((ending) => ` ${ending}`),
    goldIndex: item.label,
  };
}
