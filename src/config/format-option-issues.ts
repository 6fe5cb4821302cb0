// Turns zod issues of options into one message that names each option by the flag a user types.
import type { z } from "zod";
import { inspectOption } from "./inspect-option.js";
import type { Option } from "./option.js";

/**
 * `issues` of parsing `input` against a schema built from option groups: an issue at an option's key is told as
 * `--flag: expected <words>, got <value>` (`--flag (key)` when the key holds a converted value, as `timeoutMs`
 * of `--timeout`), a cross-option rule's issue with its own message, a missing required option as `--flag X is
 * required`; an issue at a key with no option (a positional, a library-only setting) keeps its message, prefixed
 * by the key unless plain.
 */
export function formatOptionIssues(
  issues: readonly z.core.$ZodIssue[],
  options: ReadonlyMap<string, Option>,
  input: unknown,
  extra: { plainKeys?: readonly string[] } = {},
): string {
  const values = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const messages = issues.map((issue) => {
    const [key] = issue.path;
    if (typeof key !== "string") return issue.message;
    const entry = options.get(key);
    if (entry === undefined) {
      return extra.plainKeys?.includes(key) === true ? issue.message : `${key}: ${issue.message}`;
    }
    const flag = `--${entry.flag}`;
    const value = values[key];
    if (issue.code === "custom" || issue.path.length > 1) return `${flag}: ${issue.message}`;
    if (value === undefined)
      return `${flag}${entry.placeholder === undefined ? "" : ` ${entry.placeholder}`} is required`;
    // `timeoutMs` is not what `--timeout` reads (seconds): say which value was wrong.
    const label = entry.fromText === undefined || camelCase(entry.flag) === key ? flag : `${flag} (${key})`;
    return `${label}: expected ${inspectOption(entry).schemaExpected}, got ${JSON.stringify(value)}`;
  });
  return [...new Set(messages)].join("; ");
}

const camelCase = (flag: string): string =>
  flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
