// A Multi-IF row (`facebook/Multi-IF`, multiIF_20241018.csv): up to three user turns, each a JSON `{role, content}`,
// with the instructions that turn's answer must follow (cumulative: a later turn keeps the earlier ones) — the
// definition's `rowSchema`, so every row is checked (JSON, known ids, usable kwargs) as it is read.
import { z } from "zod";
import { BenchError } from "../../errors.js";
import { parseIfevalInstructions } from "../../graders/ifeval/parse-ifeval-instructions.js";

/** The turns Multi-IF's conversations have at most. */
export const MULTI_IF_TURNS = 3;

export interface MultiIfTurn {
  /** The user message of the turn. */
  content: string;
  instructionIds: string[];
  /** One kwargs object per instruction id. */
  kwargs: Record<string, unknown>[];
}

const cell = z.union([z.string(), z.number().transform(String)]).optional();

const turnMessageSchema = z.object({ role: z.literal("user"), content: z.string() });

/** A turn's prompt cell: Multi-IF leaves a conversation's missing turns empty (or "None", as its code treats them). */
function isMissing(text: string | undefined): boolean {
  return text === undefined || text === "" || text === "None";
}

/** A JSON cell, or the CSV's already parsed value. */
function parseJsonCell(text: unknown): unknown {
  return typeof text === "string" ? JSON.parse(text) : text;
}

/** A turn's kwargs: a JSON list whose entries are JSON objects written as strings (or objects). */
function kwargsOf(text: unknown): Record<string, unknown>[] {
  const list = parseJsonCell(text);
  if (!Array.isArray(list)) throw new Error("the kwargs are not a JSON list");
  return list.map((entry) => {
    const value = parseJsonCell(entry);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new Error("a kwargs entry is not a JSON object");
    }
    return value as Record<string, unknown>;
  });
}

export const multiIfRowSchema = z
  .object({
    key: z.union([z.string().min(1), z.number().transform(String)]),
    language: z.string().min(1),
    turn_1_prompt: cell,
    turn_1_instruction_id_list: cell,
    turn_1_kwargs: cell,
    turn_2_prompt: cell,
    turn_2_instruction_id_list: cell,
    turn_2_kwargs: cell,
    turn_3_prompt: cell,
    turn_3_instruction_id_list: cell,
    turn_3_kwargs: cell,
  })
  .passthrough()
  .transform((row, context) => {
    const turns: MultiIfTurn[] = [];
    for (let number = 1; number <= MULTI_IF_TURNS; number++) {
      const prompt = row[`turn_${number}_prompt` as const] as string | undefined;
      // Multi-IF skips a turn without a prompt; the conversation ends there.
      if (isMissing(prompt)) break;
      const where = `turn_${number}`;
      try {
        const message = turnMessageSchema.parse(parseJsonCell(prompt));
        const instructionIds = z
          .array(z.string())
          .parse(parseJsonCell(row[`turn_${number}_instruction_id_list` as const]));
        const kwargs = kwargsOf(row[`turn_${number}_kwargs` as const]);
        parseIfevalInstructions(instructionIds, kwargs);
        turns.push({ content: message.content, instructionIds, kwargs });
      } catch (error) {
        const message =
          error instanceof z.ZodError
            ? (error.issues[0]?.message ?? "invalid")
            : error instanceof BenchError || error instanceof Error
              ? error.message
              : String(error);
        context.addIssue({ code: "custom", path: [`${where}_prompt`], message: `${where}: ${message}` });
        return z.NEVER;
      }
    }
    if (turns.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["turn_1_prompt"],
        message: "the conversation has no first turn",
      });
      return z.NEVER;
    }
    const last = turns.at(-1);
    return {
      key: row.key,
      language: row.language,
      turns,
      // What the conversation opens with (the prompt template's field), and the journal's "gold": the last turn's
      // instructions, which include every earlier turn's.
      first_prompt: turns[0]?.content ?? "",
      gold: last?.instructionIds.join(", ") ?? "",
    };
  });

export type MultiIfRow = z.output<typeof multiIfRowSchema>;
