// A GSM8K row (`openai/gsm8k`, config `main`): the question, the reference solution ending in `#### N`, and the gold
// number derived from it — the definition's `rowSchema`, so every test and train row is checked as it is read.
import { z } from "zod";

/** The number after the last `####` of a reference solution, commas and `$` removed. */
export function gsm8kGold(answer: string): string {
  const tail = answer.split("####").at(-1) ?? "";
  return tail.trim().replace(/[,$]/g, "");
}

export const gsm8kRowSchema = z
  .object({
    question: z.string(),
    answer: z.string().regex(/####\s*\S/, "expected a solution ending in '#### N'"),
  })
  .transform((row, context) => {
    const gold = gsm8kGold(row.answer);
    if (!/^-?\d+(?:\.\d+)?$/.test(gold)) {
      context.addIssue({ code: "custom", path: ["answer"], message: `"#### ${gold}" is not a number` });
      return z.NEVER;
    }
    return { question: row.question, answer: row.answer, gold };
  });

export type Gsm8kRow = z.output<typeof gsm8kRowSchema>;
