// One command-line option declared once: its value schema (validation and default) with its flag, aliases and help.
import type { z } from "zod";

/** Another spelling of an option's flag; `fromText` replaces the option's own text conversion for it. */
export interface OptionAlias {
  flag: string;
  fromText?: (text: string) => unknown;
}

/**
 * An option: `schema` validates the value and carries its default (`.default(…)`), and from it the command line
 * derives the value's kind (a boolean flag, a number, a comma list, a JSON object or text), the words of a
 * validation message ("a positive integer") and the default shown in `--help`.
 */
export interface Option<Schema extends z.ZodType = z.ZodType> {
  schema: Schema;
  /** The flag without its dashes: `base-url`. */
  flag: string;
  aliases?: readonly (string | OptionAlias)[];
  /** One letter: `v` for `-v`. */
  short?: string;
  /** The value's name in `--help`: `URL`, `N`. Booleans have none. */
  placeholder?: string;
  help: string;
  /** The default in words when the schema has none (`the benchmark's`) or its value would mislead. */
  defaultHelp?: string;
  /** An environment variable read when the flag is absent (command line only; empty counts as absent). */
  env?: string;
  /** Text → value when the kind's own conversion does not fit (`--timeout` seconds → `timeoutMs`). */
  fromText?: (text: string) => unknown;
  /** The accepted values in words, for messages, when the schema's would mislead (scaled units). */
  expected?: string;
  /** A list option whose every value is one item, commas kept (`--sbatch "--mail-type=END,FAIL"`, repeated). */
  isWholeItem?: boolean;
  /**
   * A text option given more than once keeps every value, joined by this separator (`--base-url A --base-url B` →
   * `A,B`), instead of the last one winning.
   */
  joinsRepeats?: string;
}

export type OptionMap = Record<string, Option>;

/** Options shown together under one heading of `--help`; a command declares the groups it takes. */
export interface OptionGroup<Options extends OptionMap = OptionMap> {
  title: string;
  /** A line printed under the heading. */
  note?: string;
  options: Options;
}

export function option<Schema extends z.ZodType>(spec: Option<Schema>): Option<Schema> {
  return spec;
}

export function optionGroup<Options extends OptionMap>(
  title: string,
  options: Options,
  extra: { note?: string } = {},
): OptionGroup<Options> {
  return { title, options, ...extra };
}

/** The same option with a default of its own (`--max-retries`: 2 for `run`, 0 for `profile`). */
export function withDefault<Inner extends z.ZodType>(
  base: Option<z.ZodOptional<Inner>>,
  value: z.core.util.NoUndefined<z.output<Inner>>,
): Option<z.ZodDefault<Inner>> {
  const { defaultHelp: _defaultHelp, ...rest } = base;
  return { ...rest, schema: base.schema.unwrap().default(value) };
}

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

/** Every option of the groups, keyed by its value's name. */
export type GroupsOptions<Groups extends readonly OptionGroup[]> = UnionToIntersection<
  Groups[number]["options"]
>;

export type GroupsShape<Groups extends readonly OptionGroup[]> = {
  [Key in keyof GroupsOptions<Groups>]: GroupsOptions<Groups>[Key] extends Option<infer Schema>
    ? Schema
    : never;
};

/** What the command line gives: the values of the options it was told, converted and checked one by one. */
export type GivenValues<Groups extends readonly OptionGroup[]> = {
  [Key in keyof GroupsShape<Groups>]?: GroupsShape<Groups>[Key] extends z.ZodType
    ? z.output<GroupsShape<Groups>[Key]>
    : never;
};

/** The zod object shape of the groups' options (spread it into a schema). */
export function groupsShape<const Groups extends readonly OptionGroup[]>(
  groups: Groups,
): GroupsShape<Groups> {
  const shape: Record<string, z.ZodType> = {};
  for (const group of groups) {
    for (const [key, entry] of Object.entries(group.options)) shape[key] = entry.schema;
  }
  return shape as GroupsShape<Groups>;
}

/** The options of the groups by value name (a later group's option of the same name wins). */
export function optionsByKey(groups: readonly OptionGroup[]): Map<string, Option> {
  const byKey = new Map<string, Option>();
  for (const group of groups) for (const [key, entry] of Object.entries(group.options)) byKey.set(key, entry);
  return byKey;
}

/** The values of `source` that belong to `group` and are defined (to pass one group's options on). */
export function groupValues<Options extends OptionMap>(
  source: object,
  group: OptionGroup<Options>,
): { [Key in keyof Options]?: z.output<Options[Key]["schema"]> } {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(group.options)) {
    const value: unknown = (source as Record<string, unknown>)[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked as { [Key in keyof Options]?: z.output<Options[Key]["schema"]> };
}

/** `"12"` → 12; text that is not a finite number stays text, so the option's schema rejects it by name. */
export function numberFromText(text: string): unknown {
  const value = Number(text);
  return text.trim() === "" || !Number.isFinite(value) ? text : value;
}
