// Parses a BIG-Bench-Hard `cot-prompts/<task>.txt` file into its description and its exemplars (question, reasoning, answer).
import { DatasetError } from "../../errors.js";

export interface BbhExemplar {
  /** The exemplar verbatim: "Q: …\nA: Let's think step by step. … So the answer is X." */
  text: string;
  /** The question after "Q: " (what the dataset calls `input`). */
  input: string;
  /** Everything after "A: Let's think step by step." and its one separating space or newline. */
  reasoning: string;
  /** The X of the final "So the answer is X." */
  answer: string;
}

export interface BbhPromptFile {
  /** The task description (the text before the first "Q: " exemplar; two paragraphs for snarks). */
  description: string;
  exemplars: BbhExemplar[];
}

const CANARY_END = "\n-----\n";
const COT_OPENER = "\nA: Let's think step by step.";
const FINAL_ANSWER = /So the answer is ([^\n]*?)\.?\s*$/;

/**
 * Drops the canary header (everything up to the "-----" line) and trailing whitespace, splits on blank lines,
 * keeps the sections before the first "Q: " as the description, and splits each exemplar into its question,
 * its reasoning and the answer of its final "So the answer is X." sentence.
 */
export function parseBbhPromptFile(text: string, source: string): BbhPromptFile {
  const canaryEnd = text.indexOf(CANARY_END);
  const body = (canaryEnd >= 0 ? text.slice(canaryEnd + CANARY_END.length) : text).replace(/\s+$/, "");
  const sections = body.split("\n\n");
  const firstExemplar = sections.findIndex((section) => section.startsWith("Q: "));
  if (firstExemplar < 1) throw new DatasetError(`${source}: no task description before the first "Q: ".`);
  const exemplars = sections.slice(firstExemplar).map((exemplar, index) => {
    const opener = exemplar.indexOf(COT_OPENER);
    const answer = FINAL_ANSWER.exec(exemplar)?.[1];
    if (!exemplar.startsWith("Q: ") || opener < 0 || answer === undefined) {
      throw new DatasetError(
        `${source}: exemplar ${index + 1} is not "Q: …\\nA: Let's think step by step. … So the answer is X."`,
      );
    }
    return {
      text: exemplar,
      input: exemplar.slice("Q: ".length, opener),
      reasoning: exemplar.slice(opener + COT_OPENER.length + 1),
      answer,
    };
  });
  return { description: sections.slice(0, firstExemplar).join("\n\n"), exemplars };
}

/** The exemplar without its reasoning: "Q: …\nA: X" (DeepEval's `shot_prompts`, the non-CoT form). */
export function directExemplarText(exemplar: BbhExemplar): string {
  return `Q: ${exemplar.input}\nA: ${exemplar.answer}`;
}
