// `grade --grader NAME`: one verdict per line of a responses file carrying id, response, target (and choices).
import { z } from "zod";
import { splitThink } from "../core/split-think.js";
import { ConfigError } from "../errors.js";
import { getGrader } from "../graders/registry.js";
import { readResponsesFile } from "./read-responses-file.js";

const lineSchema = z.object({
  id: z.union([z.string(), z.number().transform(String)]),
  response: z.string(),
  target: z.union([z.string(), z.number().transform(String)]),
  choices: z.array(z.string()).optional(),
});

export interface GraderVerdict {
  id: string;
  correct: boolean;
  extracted: string | null;
  unparsed: boolean;
}

export interface GraderVerdicts {
  verdicts: GraderVerdict[];
  correct: number;
  unparsed: number;
}

/** Grades every line of `responsesFile` (think blocks removed first); bad input throws a ConfigError. */
export function gradeWithGrader(options: { graderName: string; responsesFile: string }): GraderVerdicts {
  const grader = getGrader(options.graderName);
  const entries = readResponsesFile(options.responsesFile, lineSchema);
  const seen = new Set<string>();
  let correct = 0;
  let unparsed = 0;
  const verdicts = entries.map(({ line, value }): GraderVerdict => {
    if (seen.has(value.id))
      throw new ConfigError(`${options.responsesFile} line ${line}: field "id": duplicate id "${value.id}".`);
    seen.add(value.id);
    const answer = splitThink(value.response);
    const grade = answer.isThinkUnclosed
      ? { isCorrect: false, extracted: null, isUnparsed: true }
      : grader({
          response: answer.text.trim(),
          gold: value.target,
          ...(value.choices ? { choices: value.choices } : {}),
        });
    if (grade.isCorrect) correct++;
    if (grade.isUnparsed) unparsed++;
    return { id: value.id, correct: grade.isCorrect, extracted: grade.extracted, unparsed: grade.isUnparsed };
  });
  return { verdicts, correct, unparsed };
}
