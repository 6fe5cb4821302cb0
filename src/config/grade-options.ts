// `llm-bench grade`: the responses file, where verdicts go, and the accuracy options of `run` but --verbose.
import { z } from "zod";
import { accuracyOptions } from "./accuracy-options.js";
import { generationOptions } from "./generation-options.js";
import { option, optionGroup } from "./option.js";

const { verbose: _verbose, ...gradedAccuracyOptions } = accuracyOptions.options;

export const gradeOptions = optionGroup("Grade", {
  responses: option({
    schema: z.string().min(1),
    flag: "responses",
    placeholder: "FILE.jsonl",
    help: "Pre-generated responses, one JSON object a line (required).",
  }),
  output: option({
    schema: z.string().min(1).optional(),
    flag: "output",
    placeholder: "FILE",
    help: "With --grader alone: write the verdicts here.",
    defaultHelp: "stdout",
  }),
  model: option({
    schema: z.string().min(1).optional(),
    flag: "model",
    placeholder: "NAME",
    help: "Model name for the run directory.",
    defaultHelp: "pregenerated",
  }),
  endpointType: generationOptions.options.endpointType,
});

/** `grade`'s accuracy options: those of `run` but `--verbose` (nothing is printed per sample). */
export const gradeAccuracyOptions = optionGroup("Accuracy", gradedAccuracyOptions);
