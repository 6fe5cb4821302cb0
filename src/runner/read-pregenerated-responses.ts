// `grade BENCH --responses FILE`: the pre-generated answers of a benchmark, think blocks split off as reasoning.
import { z } from "zod";
import { splitThink } from "../core/split-think.js";
import type { PregeneratedResponse } from "./grade-responses.js";
import { readResponsesFile } from "./read-responses-file.js";

const lineSchema = z.object({
  id: z.union([z.string(), z.number().transform(String)]),
  response: z.string(),
  reasoning: z.string().optional(),
});

export function readPregeneratedResponses(responsesFile: string): PregeneratedResponse[] {
  return readResponsesFile(responsesFile, lineSchema).map(({ line, value }) => {
    const answer = splitThink(value.response);
    return {
      id: value.id,
      response: answer.text.trim(),
      reasoning: value.reasoning ?? answer.reasoning,
      isThinkUnclosed: answer.isThinkUnclosed,
      source: `${responsesFile} line ${line}`,
    };
  });
}
