// Reads a row's instruction ids and kwargs into typed instructions, the way the official `build_description(**kwargs)` takes them.
import { DatasetError } from "../../errors.js";
import { type IfevalDialect, ifevalDialects } from "./ifeval-dialects.js";
import {
  type IfevalInstructionId,
  type InstructionKwargs,
  instructionKwargsSchemas,
} from "./instruction-kwargs.js";

/** One instruction of a sample with its validated kwargs. */
export type IfevalInstruction = {
  [Id in IfevalInstructionId]: { instructionId: Id; kwargs: InstructionKwargs[Id] };
}[IfevalInstructionId];

function isInstructionId(id: string, dialect: IfevalDialect): id is IfevalInstructionId {
  return Object.hasOwn(instructionKwargsSchemas, id) && Object.hasOwn(ifevalDialects[dialect].checks, id);
}

/** The kwargs without null / undefined values: Hugging Face's IFEval rows list every key, unused ones as null. */
function presentKwargs(kwargs: unknown): Record<string, unknown> {
  if (kwargs === null || kwargs === undefined) return {};
  if (typeof kwargs !== "object" || Array.isArray(kwargs))
    throw new DatasetError("IFEval kwargs must be objects");
  return Object.fromEntries(
    Object.entries(kwargs).filter(([, value]) => value !== null && value !== undefined),
  );
}

/**
 * Pairs each instruction id with its kwargs (same index), checks the id is one of the official registry's and
 * the kwargs are what its check needs. Throws a `DatasetError` naming the instruction otherwise. Google's and
 * Multi-IF's registries have the same ids and arguments.
 */
export function parseIfevalInstructions(
  instructionIds: readonly string[],
  kwargs: readonly unknown[],
  dialect: IfevalDialect = "google",
): IfevalInstruction[] {
  if (instructionIds.length !== kwargs.length) {
    throw new DatasetError(
      `IFEval row has ${instructionIds.length} instruction ids but ${kwargs.length} kwargs entries`,
    );
  }
  return instructionIds.map((instructionId, index) => {
    if (!isInstructionId(instructionId, dialect)) {
      const available = Object.keys(ifevalDialects[dialect].checks).join(", ");
      throw new DatasetError(`Unknown IFEval instruction "${instructionId}". Available: ${available}`);
    }
    const parsed = instructionKwargsSchemas[instructionId].safeParse(presentKwargs(kwargs[index]));
    if (!parsed.success) {
      throw new DatasetError(
        `Invalid kwargs for IFEval instruction "${instructionId}": ${parsed.error.message}`,
        {
          cause: parsed.error,
        },
      );
    }
    return { instructionId, kwargs: parsed.data } as IfevalInstruction;
  });
}
