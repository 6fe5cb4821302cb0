// Validates run options and turns every problem into a message that names the flag.
import { ConfigError } from "../errors.js";
import { formatOptionIssues } from "./format-option-issues.js";
import { optionsByKey } from "./option.js";
import { PROFILE_OPTION_GROUPS } from "./profile-options.js";
import { RUN_OPTION_GROUPS, type RunOptions, type RunOptionsInput, runOptionsSchema } from "./run-options.js";
import { recipeWithTauMode } from "./tau-mode.js";

const runOptionsByKey = optionsByKey(RUN_OPTION_GROUPS);
const libraryOptionsByKey = optionsByKey([...PROFILE_OPTION_GROUPS, ...RUN_OPTION_GROUPS]);

export function parseRunOptions(input: RunOptionsInput): RunOptions {
  const checked = applyScoring(input);
  const result = runOptionsSchema.safeParse(checked);
  if (result.success) {
    const recipe = recipeWithTauMode(result.data.recipe, result.data.tauMode);
    return recipe === undefined ? result.data : { ...result.data, recipe };
  }
  throw new ConfigError(
    formatOptionIssues(result.error.issues, runOptionsByKey, checked, { plainKeys: ["benchmarks"] }),
  );
}

/** `timeoutMs` → `--timeout`, `maxTokens` → `--max-tokens`: the flag of a `run` or `profile` option. */
export function flagName(key: string): string {
  const entry = libraryOptionsByKey.get(key);
  return entry === undefined ? key : `--${entry.flag}`;
}

/**
 * `--scoring loglikelihood` scores `context + option` on the completions endpoint: it implies
 * `--endpoint-type completions`, conflicts with an explicit `chat`, and has no use for a grader or CoT.
 */
function applyScoring(input: RunOptionsInput): RunOptionsInput {
  if (input.scoring !== "loglikelihood") return input;
  if (input.endpointType === "chat") {
    throw new ConfigError(
      "--scoring loglikelihood scores each option with `echo` + `logprobs` on the completions endpoint; " +
        "drop --endpoint-type chat (loglikelihood implies --endpoint-type completions).",
    );
  }
  if (input.grader !== undefined) {
    throw new ConfigError(
      `--grader ${input.grader} does not apply to --scoring loglikelihood (the option with the highest log-probability is the answer).`,
    );
  }
  if (input.cot === true) {
    throw new ConfigError("--cot does not apply to --scoring loglikelihood (nothing is generated).");
  }
  return { ...input, endpointType: "completions" };
}
