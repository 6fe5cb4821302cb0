// Validates profile options and turns every problem into a message that names the flag.
import { ConfigError } from "../errors.js";
import { formatOptionIssues } from "./format-option-issues.js";
import { optionsByKey } from "./option.js";
import {
  PROFILE_OPTION_GROUPS,
  type ProfileOptions,
  type ProfileOptionsInput,
  profileOptionsSchema,
} from "./profile-options.js";

const profileOptionsByKey = optionsByKey(PROFILE_OPTION_GROUPS);

export function parseProfileOptions(input: ProfileOptionsInput): ProfileOptions {
  const result = profileOptionsSchema.safeParse(input);
  if (result.success) return result.data;
  throw new ConfigError(formatOptionIssues(result.error.issues, profileOptionsByKey, input));
}
