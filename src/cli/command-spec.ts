// What a command declares: its name, help texts and the option groups it takes (its flags and `--help` come from them).
import type { OptionGroup } from "../config/option.js";

export interface CommandSpec<Groups extends readonly OptionGroup[] = readonly OptionGroup[]> {
  name: string;
  /** One line for `llm-bench --help`. */
  summary: string;
  /** After "Usage: "; more forms on further lines. */
  usage: string;
  /** The paragraph under the usage in the command's `--help`. */
  description: string;
  groups: Groups;
}

export function commandSpec<const Groups extends readonly OptionGroup[]>(
  spec: CommandSpec<Groups>,
): CommandSpec<Groups> {
  return spec;
}
