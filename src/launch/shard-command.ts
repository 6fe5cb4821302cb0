// One shard's command, written once for every launcher: the launched command with `--shard I/N` and
// `--output-dir <launch dir>/shard-I`, where I is the task's index, known only on the compute node — and, when the
// shard already holds a run directory (a task submitted again), `--resume` of it.

import { readableShellQuote } from "../core/shell-quote.js";
import { shardDirOf } from "./launch-layout.js";
import type { LaunchedCommand } from "./launched-command.js";

/** The shard's index inside a word; each launcher writes it its own way (`"$index"`, `$(JOB_COMPLETION_INDEX)`). */
export interface ShardIndex {
  readonly kind: "shard-index";
}

export const SHARD_INDEX: ShardIndex = { kind: "shard-index" };

/** A command word made of literal text and the shard index. */
export type Word = readonly (string | ShardIndex)[];

export interface ShardCommandInput {
  /** The program: `[node, /abs/dist/cli/main.js]` or `["llm-bench"]`. */
  program: readonly string[];
  launched: LaunchedCommand;
  shards: number;
  /** Absolute. */
  launchDir: string;
}

/** The words of a shard's first attempt: program, command, the user's arguments, then the shard's own. */
export function shardCommandWords(input: ShardCommandInput): Word[] {
  return [
    ...input.program.map((word) => [word]),
    [input.launched.command],
    ...input.launched.args.map((word) => [word]),
    ["--shard"],
    [SHARD_INDEX, `/${input.shards}`],
    ["--output-dir"],
    [shardDirOf(input.launchDir, ""), SHARD_INDEX],
  ];
}

/** A word for a POSIX shell in which the shell variable `indexVariable` holds the index. */
export function shellWord(word: Word, indexVariable: string): string {
  const parts = word.filter((part) => part !== "");
  if (parts.length === 0) return "''";
  return parts
    .map((part) => (typeof part === "string" ? readableShellQuote(part) : `"$${indexVariable}"`))
    .join("");
}

/**
 * POSIX sh lines that run the shard whose index is in `$indexVariable`: make its directory, find a run directory
 * an earlier attempt left there and resume it (same arguments plus `--resume`), else start it.
 */
export function shardShellLines(input: ShardCommandInput, indexVariable: string): string[] {
  const command = shardCommandWords(input)
    .map((word) => shellWord(word, indexVariable))
    .join(" ");
  const shardDir = shellWord([shardDirOf(input.launchDir, ""), SHARD_INDEX], indexVariable);
  return [
    `shard_dir=${shardDir}`,
    `mkdir -p "$shard_dir"`,
    `run_dir=""`,
    `for candidate in "$shard_dir"/*/; do`,
    `  if [ -f "\${candidate}run.json" ]; then run_dir="\${candidate%/}"; fi`,
    "done",
    `if [ -n "$run_dir" ]; then`,
    `  echo "shard $${indexVariable}: resuming $run_dir" >&2`,
    `  exec ${command} --resume "$run_dir"`,
    "fi",
    `exec ${command}`,
  ];
}
