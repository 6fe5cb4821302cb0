// The kwargs each IFEval instruction takes, as zod schemas: the arguments of the official `build_description`.
import { z } from "zod";

/** The official `_COMPARISON_RELATION`: "less than" is `<`, "at least" is `>=`. */
export const comparisonRelationSchema = z.enum(["less than", "at least"]);
export type ComparisonRelation = z.infer<typeof comparisonRelationSchema>;

const count = z.int().nonnegative();
const noKwargs = z.strictObject({});

/**
 * Per instruction id, its kwargs. The official code draws a random value for a missing (or negative) argument;
 * a grader must not, so here every argument the check reads is required.
 */
export const instructionKwargsSchemas = {
  "keywords:existence": z.strictObject({ keywords: z.array(z.string()).min(1) }),
  "keywords:frequency": z.strictObject({
    keyword: z.string().min(1),
    frequency: count,
    relation: comparisonRelationSchema,
  }),
  "keywords:forbidden_words": z.strictObject({ forbidden_words: z.array(z.string()).min(1) }),
  "keywords:letter_frequency": z.strictObject({
    letter: z.string().refine((letter) => [...letter].length === 1, "one character"),
    let_frequency: count,
    let_relation: comparisonRelationSchema,
  }),
  "language:response_language": z.strictObject({ language: z.string().min(1) }),
  "length_constraints:number_sentences": z.strictObject({
    num_sentences: count,
    relation: comparisonRelationSchema,
  }),
  "length_constraints:number_paragraphs": z.strictObject({ num_paragraphs: count }),
  "length_constraints:number_words": z.strictObject({ num_words: count, relation: comparisonRelationSchema }),
  "length_constraints:nth_paragraph_first_word": z
    .strictObject({ num_paragraphs: count, nth_paragraph: z.int().positive(), first_word: z.string() })
    .refine((kwargs) => kwargs.nth_paragraph <= kwargs.num_paragraphs, "nth_paragraph ≤ num_paragraphs"),
  "detectable_content:number_placeholders": z.strictObject({ num_placeholders: count }),
  "detectable_content:postscript": z.strictObject({ postscript_marker: z.string() }),
  "detectable_format:number_bullet_lists": z.strictObject({ num_bullets: count }),
  "detectable_format:constrained_response": noKwargs,
  "detectable_format:number_highlighted_sections": z.strictObject({ num_highlights: count }),
  "detectable_format:multiple_sections": z.strictObject({ section_spliter: z.string(), num_sections: count }),
  "detectable_format:json_format": noKwargs,
  "detectable_format:title": noKwargs,
  "combination:two_responses": noKwargs,
  "combination:repeat_prompt": z.strictObject({ prompt_to_repeat: z.string().min(1) }),
  "startend:end_checker": z.strictObject({ end_phrase: z.string() }),
  "change_case:capital_word_frequency": z.strictObject({
    capital_frequency: z.int(),
    capital_relation: comparisonRelationSchema,
  }),
  "change_case:english_capital": noKwargs,
  "change_case:english_lowercase": noKwargs,
  "punctuation:no_comma": noKwargs,
  "startend:quotation": noKwargs,
} as const;

export type IfevalInstructionId = keyof typeof instructionKwargsSchemas;
export type InstructionKwargs = {
  [Id in IfevalInstructionId]: z.infer<(typeof instructionKwargsSchemas)[Id]>;
};

/** Every instruction id of the official `instructions_registry.INSTRUCTION_DICT`, in its order. */
export const IFEVAL_INSTRUCTION_IDS = Object.keys(instructionKwargsSchemas) as IfevalInstructionId[];

/** Holds `count` against `threshold` under the relation, as every official frequency check does. */
export function compareCount(count: number, relation: ComparisonRelation, threshold: number): boolean {
  return relation === "less than" ? count < threshold : count >= threshold;
}
