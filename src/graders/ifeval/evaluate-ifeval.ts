// IFEval's strict and loose verdicts for one sample, as the official `test_instruction_following_strict` / `_loose`
// (or Multi-IF's `gen_acc_strict` / `gen_acc_loose`).

import { pythonStrip } from "../python-whitespace.js";
import { type IfevalDialect, ifevalDialects } from "./ifeval-dialects.js";
import type { InstructionCheck, InstructionChecks } from "./instruction-checks.js";
import type { IfevalInstructionId } from "./instruction-kwargs.js";
import { type IfevalInstruction, parseIfevalInstructions } from "./parse-ifeval-instructions.js";

export interface IfevalSample {
  /** The prompt. No registered check reads it (the official rebuilds only instructions with a `prompt` arg). */
  prompt: string;
  response: string;
  instructionIds: readonly string[];
  /** One kwargs object per instruction id; null values are dropped (Hugging Face rows list every key). */
  kwargs: readonly unknown[];
  /** Whose checkers grade: Google's official ones (default) or Multi-IF's multilingual ones. */
  dialect?: IfevalDialect;
}

export interface InstructionVerdict {
  instructionId: IfevalInstructionId;
  isFollowed: boolean;
}

export interface IfevalVerdicts {
  /** Every instruction followed (true for a sample without instructions, as Python's `all([])`). */
  isFollowed: boolean;
  perInstruction: InstructionVerdict[];
}

export interface IfevalResult {
  strict: IfevalVerdicts;
  loose: IfevalVerdicts;
}

/**
 * The loose variants, in the official order: the response, without `*`, without its first line, without its
 * last line, without both, and those three without `*` (lines split on `\n`, each variant stripped).
 */
export function looseResponseVariants(response: string): string[] {
  const lines = response.split("\n");
  const withoutFirst = pythonStrip(lines.slice(1).join("\n"));
  const withoutLast = pythonStrip(lines.slice(0, -1).join("\n"));
  const withoutBoth = pythonStrip(lines.slice(1, -1).join("\n"));
  const withoutStars = (text: string): string => text.replaceAll("*", "");
  return [
    response,
    withoutStars(response),
    withoutFirst,
    withoutLast,
    withoutBoth,
    withoutStars(withoutFirst),
    withoutStars(withoutLast),
    withoutStars(withoutBoth),
  ];
}

function isFollowedBy(text: string, instruction: IfevalInstruction, checks: InstructionChecks): boolean {
  const check = checks[instruction.instructionId] as InstructionCheck<IfevalInstructionId>;
  return check(text, instruction.kwargs as never);
}

/** A loose variant counts only when it is not blank. */
function isLooseVariantFollowed(
  text: string,
  instruction: IfevalInstruction,
  checks: InstructionChecks,
): boolean {
  return pythonStrip(text) !== "" && isFollowedBy(text, instruction, checks);
}

function verdicts(perInstruction: InstructionVerdict[]): IfevalVerdicts {
  return { isFollowed: perInstruction.every((verdict) => verdict.isFollowed), perInstruction };
}

/**
 * Strict and loose verdicts of already parsed instructions (see `parseIfevalInstructions`). A blank response
 * follows nothing, except in Multi-IF's strict verdict, which checks any non-empty response.
 */
export function evaluateIfevalInstructions(
  response: string,
  instructions: readonly IfevalInstruction[],
  dialect: IfevalDialect = "google",
): IfevalResult {
  const { checks, isStrictChecked } = ifevalDialects[dialect];
  const variants = looseResponseVariants(response);
  const isBlank = pythonStrip(response) === "";
  const strict: InstructionVerdict[] = [];
  const loose: InstructionVerdict[] = [];
  for (const instruction of instructions) {
    const isStrict = isStrictChecked(response) && isFollowedBy(response, instruction, checks);
    const isLoose =
      (isStrict && !isBlank) ||
      variants.slice(1).some((variant) => isLooseVariantFollowed(variant, instruction, checks));
    strict.push({ instructionId: instruction.instructionId, isFollowed: isStrict });
    loose.push({ instructionId: instruction.instructionId, isFollowed: isLoose });
  }
  return { strict: verdicts(strict), loose: verdicts(loose) };
}

/** Strict and loose verdicts of one sample; throws a `DatasetError` for an unknown id or invalid kwargs. */
export function evaluateIfeval(sample: IfevalSample): IfevalResult {
  const dialect = sample.dialect ?? "google";
  return evaluateIfevalInstructions(
    sample.response,
    parseIfevalInstructions(sample.instructionIds, sample.kwargs, dialect),
    dialect,
  );
}
