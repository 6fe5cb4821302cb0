// Every spelling a command accepts (flags, aliases, `--no-` forms, one-letter forms), each mapped to its option.
import { inspectOption } from "../config/inspect-option.js";
import type { Option, OptionGroup } from "../config/option.js";

export interface FlagEntry {
  /** The option's value name: `baseUrl`. */
  key: string;
  option: Option;
  /** "value": the next word is the value; true / false: a boolean spelling and what it sets. */
  sets: "value" | boolean;
  /** This spelling's own text conversion (an alias's), else the option's. */
  fromText: ((text: string) => unknown) | undefined;
}

/** Spellings with their dashes (`--base-url`, `-v`) → entry. Two options of one command may not share a spelling. */
export function flagTable(groups: readonly OptionGroup[]): Map<string, FlagEntry> {
  const table = new Map<string, FlagEntry>();
  const add = (spelling: string, entry: FlagEntry): void => {
    const taken = table.get(spelling);
    if (taken !== undefined && taken.option !== entry.option) {
      throw new Error(`${spelling} is declared by two options (${taken.key} and ${entry.key})`);
    }
    table.set(spelling, entry);
  };
  for (const group of groups) {
    for (const [key, option] of Object.entries(group.options)) {
      const { kind, negation } = inspectOption(option);
      const isBoolean = kind === "boolean";
      const primary: FlagEntry = { key, option, sets: isBoolean ? true : "value", fromText: option.fromText };
      if (negation !== "only") add(`--${option.flag}`, primary);
      if (negation !== "none") add(`--no-${option.flag}`, { ...primary, sets: false });
      if (option.short !== undefined) add(`-${option.short}`, primary);
      for (const alias of option.aliases ?? []) {
        const name = typeof alias === "string" ? alias : alias.flag;
        const fromText = typeof alias === "string" ? option.fromText : (alias.fromText ?? option.fromText);
        add(`--${name}`, { ...primary, fromText });
      }
    }
  }
  return table;
}

/** The spellings of one option as `--help` lists them, first the flag's own. */
export function optionSpellings(option: Option): string[] {
  const { negation } = inspectOption(option);
  return [
    ...(negation === "only" ? [] : [`--${option.flag}`]),
    ...(negation === "none" ? [] : [`--no-${option.flag}`]),
    ...(option.aliases ?? []).map((alias) => `--${typeof alias === "string" ? alias : alias.flag}`),
    ...(option.short === undefined ? [] : [`-${option.short}`]),
  ];
}
