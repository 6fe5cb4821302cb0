// `llm-bench grade`: the responses file, where verdicts go, and the accuracy options of `run` but --verbose.
import { z } from "zod";
import { accuracyOptions } from "./accuracy-options.js";
import { generationOptions } from "./generation-options.js";
import { longContextOptions } from "./long-context-options.js";
import { option, optionGroup } from "./option.js";

// The simulated user's server and sampling do not apply: grade replays every turn of a conversation from the file.
const {
  verbose: _verbose,
  userModel: _userModel,
  userBaseUrl: _userBaseUrl,
  userApiKey: _userApiKey,
  userTemperature: _userTemperature,
  ...gradedAccuracyOptions
} = accuracyOptions.options;

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

/** `grade`'s accuracy options: those of `run` but `--verbose` (nothing is printed per sample) and the user model's. */
export const gradeAccuracyOptions = optionGroup("Accuracy", gradedAccuracyOptions);

// The tokenizer does not apply (grade sends nothing, so no prompt is cut); the flags that decide which samples a
// run had (passkey's lengths and depths, MRCR's context limit) and what the journal keeps do.
const { tokenizer: _tokenizer, ...gradedLongContextOptions } = longContextOptions.options;

/** `grade`'s long-context options: those of `run` but `--tokenizer`. */
export const gradeLongContextOptions = optionGroup(longContextOptions.title, gradedLongContextOptions);
