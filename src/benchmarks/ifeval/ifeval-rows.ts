// An IFEval row (`google/IFEval`, train): the prompt, its instruction ids and one kwargs object per id — the
// definition's `rowSchema`, so every row is checked (ids known, kwargs usable) as it is read.
import { z } from "zod";
import { BenchError } from "../../errors.js";
import { parseIfevalInstructions } from "../../graders/ifeval/parse-ifeval-instructions.js";

export const ifevalRowSchema = z
  .object({
    key: z.union([z.number().int(), z.string().min(1)]),
    prompt: z.string(),
    instruction_id_list: z.array(z.string()).min(1, "a row names at least one instruction"),
    // Hugging Face's rows list every kwargs key (unused ones null); the official file only the used ones.
    kwargs: z.array(z.record(z.string(), z.unknown()).nullable()),
  })
  .transform((row, context) => {
    try {
      parseIfevalInstructions(row.instruction_id_list, row.kwargs);
    } catch (error) {
      if (!(error instanceof BenchError)) throw error;
      context.addIssue({ code: "custom", path: ["instruction_id_list"], message: error.message });
      return z.NEVER;
    }
    // The journal's "gold": the instructions the answer must follow.
    return { ...row, key: String(row.key), gold: row.instruction_id_list.join(", ") };
  });

export type IfevalRow = z.output<typeof ifevalRowSchema>;
