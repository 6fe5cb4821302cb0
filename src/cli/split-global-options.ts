// Finds the command in `llm-bench [options] COMMAND [options]` and hands it the options given before it.
import { ConfigError } from "../errors.js";
import type { CommandSpec } from "./command-spec.js";
import { type FlagEntry, flagTable } from "./flag-table.js";
import { nearestName } from "./nearest-name.js";

/**
 * The llm-benchmarker spec's global options: accepted before any command, and ignored by a command with no use
 * for one (as the spec's click group does).
 */
export const GLOBAL_OPTION_SPELLINGS = ["--base-url", "--model", "--api-key", "--output-dir", "--data-dir"];

export type CommandLineStart =
  | { kind: "help"; isAsked: boolean }
  | { kind: "version" }
  | { kind: "command"; spec: CommandSpec; argv: string[] };

/**
 * Options before the command: the five global ones, and any option of the command itself (`llm-bench --model M
 * run mmlu --concurrency 16` is `llm-bench run --model M mmlu --concurrency 16`). They come first in the command's
 * arguments, so the same option after the command wins.
 */
export function splitGlobalOptions(argv: readonly string[], specs: readonly CommandSpec[]): CommandLineStart {
  let tables: Map<string, FlagEntry>[] | undefined; // read only when options come first
  const before: { spelling: string; tokens: string[] }[] = [];
  let index = 0;
  for (; index < argv.length; index++) {
    const token = argv[index] ?? "";
    if (token === "--help" || token === "-h") return { kind: "help", isAsked: true };
    if (token === "--version" || token === "-V") return { kind: "version" };
    if (!token.startsWith("-")) break;
    const equals = token.startsWith("--") ? token.indexOf("=") : -1;
    const spelling = equals === -1 ? token : token.slice(0, equals);
    tables ??= specs.map((spec) => flagTable(spec.groups));
    const entries = tables.flatMap((table) => table.get(spelling) ?? []);
    if (entries.length === 0) {
      const known = new Set(
        tables.flatMap((table) => [...table.keys()].filter((name) => name.startsWith("--"))),
      );
      const nearest = nearestName(spelling, known);
      throw new ConfigError(
        `unknown option ${spelling}${nearest === undefined ? "." : `; did you mean ${nearest}?`} See \`llm-bench --help\`.`,
      );
    }
    const isValued = equals === -1 && entries.some((entry) => entry.sets === "value");
    const value = argv[index + 1];
    if (isValued && value === undefined) throw new ConfigError(`${spelling} needs a value.`);
    before.push({ spelling, tokens: isValued && value !== undefined ? [token, value] : [token] });
    if (isValued) index++;
  }
  const name = argv[index];
  if (name === undefined) {
    if (before.length > 0) throw new ConfigError("name a command after the options; see `llm-bench --help`.");
    return { kind: "help", isAsked: false };
  }
  if (name === "help" && before.length === 0) return { kind: "help", isAsked: true };
  const spec = specs.find((candidate) => candidate.name === name);
  if (spec === undefined) {
    const nearest = nearestName(
      name,
      specs.map((candidate) => candidate.name),
    );
    throw new ConfigError(
      `unknown command "${name}"${nearest === undefined ? "" : `; did you mean ${nearest}?`} ` +
        `Commands: ${specs.map((candidate) => candidate.name).join(", ")}.`,
    );
  }
  const table = before.length === 0 ? new Map<string, FlagEntry>() : flagTable(spec.groups);
  const kept: string[] = [];
  for (const { spelling, tokens } of before) {
    if (table.has(spelling)) kept.push(...tokens);
    else if (!GLOBAL_OPTION_SPELLINGS.includes(spelling)) {
      throw new ConfigError(
        `${spelling} is not an option of \`llm-bench ${name}\`; see \`llm-bench ${name} --help\`.`,
      );
    }
  }
  return { kind: "command", spec, argv: [...kept, ...argv.slice(index + 1)] };
}
