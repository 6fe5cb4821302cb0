// `grade BENCH --responses FILE`: the pre-generated answers of a benchmark, think blocks split off as reasoning.
import { z } from "zod";
import { splitThink } from "../core/split-think.js";
import type { PregeneratedResponse } from "./grade-responses.js";
import { readResponsesFile } from "./read-responses-file.js";

// A line names its sample by `id`, or by `prompt` — the text the sample's prompt ends with (its last user message),
// as Google's IFEval response files do.
const lineSchema = z
  .object({
    id: z.union([z.string(), z.number().transform(String)]).optional(),
    prompt: z.string().optional(),
    response: z.string().optional(),
    /** A multi-turn sample's answers, one per turn in order. */
    responses: z.array(z.string()).min(1, "give at least one answer").optional(),
    reasoning: z.string().optional(),
  })
  .refine((line) => line.id !== undefined || line.prompt !== undefined, {
    message: 'name the sample with "id" (or "prompt", the text of its prompt)',
    path: ["id"],
  })
  .refine((line) => (line.response === undefined) !== (line.responses === undefined), {
    message:
      'give the answer as "response" (or, for a multi-turn benchmark, "responses": one answer per turn)',
    path: ["response"],
  });

export function readPregeneratedResponses(responsesFile: string): PregeneratedResponse[] {
  return readResponsesFile(responsesFile, lineSchema).map(({ line, value }) => {
    const answer = splitThink(value.response ?? "");
    return {
      ...(value.id === undefined ? {} : { id: value.id }),
      ...(value.prompt === undefined ? {} : { prompt: value.prompt }),
      ...(value.responses === undefined ? {} : { turns: value.responses }),
      response: answer.text.trim(),
      reasoning: value.reasoning ?? answer.reasoning,
      isThinkUnclosed: answer.isThinkUnclosed,
      source: `${responsesFile} line ${line}`,
    };
  });
}
