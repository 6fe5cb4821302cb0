// The command a launcher runs in every shard (`llm-bench launch … -- run BENCH… [options]`): checked before submission.

import type { Option } from "../config/option.js";
import { outputOptions, resumeOptions } from "../config/output-options.js";
import { shardOptions } from "../config/shard-options.js";
import { ConfigError } from "../errors.js";

/** The commands a launch may run in its shards. */
export const LAUNCHABLE_COMMANDS = ["run"] as const;
export type LaunchableCommand = (typeof LAUNCHABLE_COMMANDS)[number];

export interface LaunchedCommand {
  command: LaunchableCommand;
  /** The command's own arguments (benchmarks and options), as the user gave them. */
  args: string[];
}

/** Options the launcher sets for each shard, so the user may not: the shard, where it writes, what it resumes. */
const OWNED_OPTIONS: readonly { option: Option; why: string }[] = [
  { option: shardOptions.options.shard, why: "each task gets its own shard" },
  { option: shardOptions.options.shards, why: "the launcher's --shards N sets the count" },
  {
    option: outputOptions.options.outputDir,
    why: "each shard writes to <launch dir>/shard-<i>; give the launcher's --output-dir",
  },
  {
    option: resumeOptions.options.resume,
    why: "a resubmitted task resumes its shard's run directory by itself",
  },
];

function spellings(option: Option): string[] {
  return [
    `--${option.flag}`,
    ...(option.aliases ?? []).map((alias) => `--${typeof alias === "string" ? alias : alias.flag}`),
    ...(option.short === undefined ? [] : [`-${option.short}`]),
  ];
}

/**
 * `tokens`: what follows `--` on the launcher's command line (undefined when there is no `--`). Refuses a missing
 * command, one that cannot be launched, and the options the launcher owns.
 */
export function parseLaunchedCommand(tokens: readonly string[] | undefined, usage: string): LaunchedCommand {
  if (tokens === undefined || tokens.length === 0) {
    throw new ConfigError(
      `${tokens === undefined ? "no -- before the command to launch" : "nothing after --"}: name the command and its ` +
        `arguments after --, e.g. -- run gsm8k --base-url http://host:8000/v1. Usage: ${usage}`,
    );
  }
  const [command, ...args] = tokens;
  const launchable = LAUNCHABLE_COMMANDS.find((name) => name === command);
  if (launchable === undefined) {
    throw new ConfigError(
      `the command after -- must be one of ${LAUNCHABLE_COMMANDS.join(", ")} (got "${command ?? ""}"): ` +
        "a launch runs `llm-bench run` in every shard and merges the shards' run directories.",
    );
  }
  for (const { option, why } of OWNED_OPTIONS) {
    const spelling = givenSpelling(args, option);
    if (spelling !== undefined) {
      throw new ConfigError(`${spelling} cannot be given to the launched ${launchable}: ${why}.`);
    }
  }
  return { command: launchable, args };
}

/** The spelling under which `option` appears in `args` (`--flag`, `--flag=…`, an alias, `-x`), if it does. */
export function givenSpelling(args: readonly string[], option: Option): string | undefined {
  return spellings(option).find((spelling) =>
    args.some((token) => token === spelling || token.startsWith(`${spelling}=`)),
  );
}
