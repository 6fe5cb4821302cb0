// Reads a command's arguments by its option groups: spellings, value conversion and each value's own check.
import { inspectOption } from "../config/inspect-option.js";
import { type GivenValues, numberFromText, type OptionGroup } from "../config/option.js";
import { ConfigError } from "../errors.js";
import type { CommandSpec } from "./command-spec.js";
import { type FlagEntry, flagTable } from "./flag-table.js";
import { nearestName } from "./nearest-name.js";

export interface ParsedCommandLine<Groups extends readonly OptionGroup[]> {
  /** The options given (flags, then environment variables), converted and checked; defaults are not filled in. */
  values: GivenValues<Groups>;
  positionals: string[];
  isHelp: boolean;
}

const HELP_SPELLINGS = new Set(["--help", "-h"]);

/**
 * `--flag value`, `--flag=value`, `--no-flag`, `-v`; `--` ends the options. The word after a flag that takes a
 * value is its value even when it starts with a dash (`--concurrency -4`, `--system-prompt -`), unless it is
 * another flag of the command. A repeated flag's last value wins (an option that `joinsRepeats` keeps them all); a
 * comma list's values add up.
 */
export function parseCommandLine<const Groups extends readonly OptionGroup[]>(
  spec: CommandSpec<Groups>,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = {},
): ParsedCommandLine<Groups> {
  const end = argv.indexOf("--");
  const options = end === -1 ? argv : argv.slice(0, end);
  if (options.some((token) => HELP_SPELLINGS.has(token)))
    return { values: {}, positionals: [], isHelp: true };
  const table = flagTable(spec.groups);
  const values: Record<string, unknown> = {};
  const booleansGiven = new Map<string, { spelling: string; value: boolean }>();
  const positionals: string[] = [];
  for (let index = 0; index < options.length; index++) {
    const token = options[index] ?? "";
    if (!token.startsWith("-") || token === "-" || /^-\d/.test(token)) {
      positionals.push(token);
      continue;
    }
    const equals = token.startsWith("--") ? token.indexOf("=") : -1;
    const spelling = equals === -1 ? token : token.slice(0, equals);
    const entry = table.get(spelling);
    if (entry === undefined) throw new ConfigError(unknownOptionMessage(spelling, table, spec.name));
    if (entry.sets !== "value") {
      if (equals !== -1)
        throw new ConfigError(`${spelling} takes no value (got "${token.slice(equals + 1)}").`);
      const earlier = booleansGiven.get(entry.key);
      if (earlier !== undefined && earlier.value !== entry.sets) {
        throw new ConfigError(`${earlier.spelling} and ${spelling} contradict each other; give one.`);
      }
      booleansGiven.set(entry.key, { spelling, value: entry.sets });
      values[entry.key] = entry.sets;
      continue;
    }
    let text = equals === -1 ? undefined : token.slice(equals + 1);
    if (text === undefined) {
      const next = options[index + 1];
      if (next === undefined || table.has(next.split("=")[0] ?? next) || HELP_SPELLINGS.has(next)) {
        const placeholder = entry.option.placeholder;
        throw new ConfigError(
          `${spelling} needs a value${placeholder === undefined ? "" : ` (${placeholder})`}.`,
        );
      }
      text = next;
      index++;
    }
    setValue(values, entry, spelling, text);
  }
  if (end !== -1) positionals.push(...argv.slice(end + 1));
  for (const entry of table.values()) {
    const name = entry.option.env;
    const text = name === undefined ? undefined : env[name];
    if (text !== undefined && text !== "" && values[entry.key] === undefined) {
      setValue(values, { ...entry, fromText: entry.option.fromText }, `$${name}`, text);
    }
  }
  return { values: values as GivenValues<Groups>, positionals, isHelp: false };
}

function setValue(values: Record<string, unknown>, entry: FlagEntry, spelling: string, text: string): void {
  const { kind, expected } = inspectOption(entry.option);
  let value: unknown;
  if (entry.fromText !== undefined) {
    value = entry.fromText(text);
  } else if (kind === "number") {
    value = numberFromText(text);
  } else if (kind === "list") {
    const earlier = values[entry.key];
    const items =
      entry.option.isWholeItem === true
        ? [text]
        : text
            .split(",")
            .map((item) => item.trim())
            .filter((item) => item !== "");
    value = [...(Array.isArray(earlier) ? earlier : []), ...items];
    if (Array.isArray(value) && value.length === 0) value = undefined;
  } else if (kind === "json") {
    value = jsonFromText(text, spelling);
  } else {
    value = text;
  }
  const separator = entry.option.joinsRepeats;
  const earlier = values[entry.key];
  if (separator !== undefined && typeof earlier === "string" && typeof value === "string") {
    value = `${earlier}${separator}${value}`;
  }
  if (value === undefined) {
    delete values[entry.key];
    return;
  }
  const result = entry.option.schema.safeParse(value);
  if (!result.success) {
    const custom = result.error.issues.find((issue) => issue.code === "custom");
    throw new ConfigError(
      custom === undefined
        ? `${spelling}: expected ${expected}, got "${text}".`
        : `${spelling}: ${custom.message}.`,
    );
  }
  values[entry.key] = result.data;
}

function jsonFromText(text: string, spelling: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `${spelling}: not valid JSON (${reason}). Example: ${spelling} '{"temperature": 0, "stop": ["\\n"]}'`,
    );
  }
}

function unknownOptionMessage(
  spelling: string,
  table: ReadonlyMap<string, FlagEntry>,
  command: string,
): string {
  const nearest = nearestName(
    spelling,
    [...table.keys()].filter((name) => name.startsWith("--")),
  );
  const suggestion = nearest === undefined ? "." : `; did you mean ${nearest}?`;
  return `unknown option ${spelling}${suggestion} See \`llm-bench ${command} --help\`.`;
}
