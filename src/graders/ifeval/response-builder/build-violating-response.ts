// A response that breaks a set of IFEval instructions for sure: strict and loose prompt-level verdicts both false.
import { evaluateIfevalInstructions } from "../evaluate-ifeval.js";
import type { IfevalInstruction } from "../parse-ifeval-instructions.js";
import { FillerStream } from "./filler-stream.js";
import { fillerWordFilter, planResponse } from "./response-plan.js";

const LINES = 4;
const WORDS_PER_LINE = 10;

/** Four lines of plain English, each with a capital and a comma: no format, no structure, no marker. */
function plainLines(variant: number, isAllowed: (word: string) => boolean, extra = ""): string[] {
  const words = new FillerStream({ language: "en", isAllowed, offset: variant });
  return Array.from({ length: LINES }, () => {
    const line = Array.from({ length: WORDS_PER_LINE }, () => words.next());
    line.splice(WORDS_PER_LINE / 2, 0, ...(extra === "" ? [] : [extra]));
    const [head = "", ...rest] = line;
    return `${head.charAt(0).toUpperCase()}${head.slice(1)} ${rest.slice(0, 4).join(" ")}, ${rest.slice(4).join(" ")}.`;
  });
}

/** A text that breaks this one instruction in every loose variant (lines are repeated so none is decisive). */
function violationOf(instruction: IfevalInstruction, variant: number): string {
  const isAllowed = fillerWordFilter(planResponse([instruction]));
  const plain = plainLines(variant, isAllowed).join("\n");
  switch (instruction.instructionId) {
    case "keywords:frequency":
      return instruction.kwargs.relation === "less than"
        ? plainLines(
            variant,
            () => true,
            `${instruction.kwargs.keyword} `.repeat(instruction.kwargs.frequency).trim(),
          ).join("\n")
        : plain;
    case "keywords:forbidden_words":
      return plainLines(variant, () => true, instruction.kwargs.forbidden_words[0] ?? "").join("\n");
    case "keywords:letter_frequency":
      return instruction.kwargs.let_relation === "less than"
        ? plainLines(
            variant,
            () => true,
            instruction.kwargs.letter.repeat(instruction.kwargs.let_frequency),
          ).join("\n")
        : "Ok.";
    case "language:response_language":
      return instruction.kwargs.language === "en" ? "Guten Morgen, wie geht es dir heute?" : plain;
    case "length_constraints:number_sentences":
      return instruction.kwargs.relation === "less than"
        ? plainLines(variant, () => true, ". ".repeat(instruction.kwargs.num_sentences)).join("\n")
        : "Short answer";
    case "length_constraints:number_words":
      return instruction.kwargs.relation === "less than"
        ? plainLines(variant, () => true, "word ".repeat(instruction.kwargs.num_words).trim()).join("\n")
        : "Short answer";
    case "length_constraints:number_paragraphs":
      return instruction.kwargs.num_paragraphs === 1 ? plainLines(variant, isAllowed).join("\n***\n") : plain;
    case "detectable_format:number_bullet_lists":
      return instruction.kwargs.num_bullets === 0
        ? plainLines(variant, isAllowed)
            .map((line) => `- ${line}`)
            .join("\n")
        : plain;
    case "change_case:capital_word_frequency":
      return instruction.kwargs.capital_relation === "less than"
        ? plainLines(
            variant,
            () => true,
            "NOTE ".repeat(Math.max(1, instruction.kwargs.capital_frequency)).trim(),
          ).join("\n")
        : plain.toLowerCase();
    default:
      return plain;
  }
}

/** A response that follows none / not all of them: strict prompt-level verdict false (and loose false too). */
export function buildViolatingResponse(
  instructions: readonly IfevalInstruction[],
  options: { prompt: string; variant: number },
): string {
  const variant = Math.max(0, Math.trunc(options.variant));
  const candidates = [
    plainLines(variant, () => true).join("\n"),
    ...instructions.map((instruction) => violationOf(instruction, variant)),
  ];
  for (const candidate of candidates) {
    const result = evaluateIfevalInstructions(candidate, instructions);
    if (!result.strict.isFollowed && !result.loose.isFollowed) return candidate;
  }
  // A blank response follows nothing (a set without instructions is followed by anything).
  return "";
}
