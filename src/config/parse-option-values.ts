// Validates the values of a command's option groups as a whole, filling defaults; problems name the flags.
import { z } from "zod";
import { ConfigError } from "../errors.js";
import { formatOptionIssues } from "./format-option-issues.js";
import { type GroupsShape, groupsShape, type OptionGroup, optionsByKey } from "./option.js";

export function parseOptionValues<const Groups extends readonly OptionGroup[]>(
  groups: Groups,
  values: object,
): z.output<z.ZodObject<GroupsShape<Groups>>> {
  const schema = z.object(groupsShape(groups));
  const result = schema.safeParse(values);
  if (result.success) return result.data as z.output<z.ZodObject<GroupsShape<Groups>>>;
  throw new ConfigError(formatOptionIssues(result.error.issues, optionsByKey(groups), values));
}
