// Every command's accepted flags and its `--help` are exactly the options of the groups it declares.
import { describe, expect, it } from "vitest";
import type { Option } from "../config/option.js";
import type { CommandSpec } from "./command-spec.js";
import { COMMAND_SPECS } from "./command-specs.js";
import { flagTable } from "./flag-table.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

/** The spellings an option must have, worked out from its schema by parsing values, not from its inspection. */
function expectedSpellings(option: Option): string[] {
  const isBoolean = option.schema.safeParse(true).success && !option.schema.safeParse("text").success;
  const unset = option.schema.safeParse(undefined);
  const defaultValue = unset.success ? unset.data : undefined;
  const aliases = (option.aliases ?? []).map(
    (alias) => `--${typeof alias === "string" ? alias : alias.flag}`,
  );
  const short = option.short === undefined ? [] : [`-${option.short}`];
  if (!isBoolean) return [`--${option.flag}`, ...aliases, ...short];
  const positive = defaultValue === true ? [] : [`--${option.flag}`];
  const negative = defaultValue === false ? [] : [`--no-${option.flag}`];
  return [...positive, ...negative, ...aliases, ...short];
}

function declaredSpellings(spec: CommandSpec): string[] {
  return spec.groups.flatMap((group) => Object.values(group.options).flatMap(expectedSpellings)).sort();
}

/** The spellings in the left column of `--help` (option rows start with two spaces and a dash). */
function helpSpellings(help: string): string[] {
  const spellings = help
    .split("\n")
    .filter((line) => /^ {2}-/.test(line))
    .flatMap((line) => (line.trim().split(/ {2,}/)[0] ?? "").split(/,? /))
    .filter((word) => /^--?[a-zA-Z]/.test(word));
  return spellings.sort();
}

describe.each(COMMAND_SPECS.map((spec) => [spec.name, spec] as const))("%s", (_name, spec) => {
  it("accepts exactly the flags of its option groups", () => {
    expect([...flagTable(spec.groups).keys()].sort()).toEqual(declaredSpellings(spec));
  });

  it("parses each of them, and nothing else", () => {
    for (const spelling of declaredSpellings(spec)) {
      const entry = flagTable(spec.groups).get(spelling);
      const argv = entry?.sets === "value" ? [spelling, "1"] : [spelling];
      try {
        parseCommandLine(spec, argv);
      } catch (error) {
        expect(String(error)).not.toMatch(/unknown option/);
      }
    }
    expect(() => parseCommandLine(spec, ["--no-such-option"])).toThrow(/unknown option --no-such-option/);
  });

  it("lists exactly those flags in --help, each with its placeholder and default", () => {
    const help = formatCommandHelp(spec);
    expect(helpSpellings(help)).toEqual([...declaredSpellings(spec), "--help", "-h"].sort());
    const text = help.replace(/\s+/g, " ");
    for (const group of spec.groups) {
      expect(help).toContain(`\n${group.title}:\n`);
      for (const option of Object.values(group.options)) {
        if (option.placeholder !== undefined) expect(text).toContain(` ${option.placeholder} `);
        const unset = option.schema.safeParse(undefined);
        const defaultValue = unset.success ? unset.data : undefined;
        if (option.defaultHelp !== undefined) expect(text).toContain(`(default: ${option.defaultHelp})`);
        else if (
          typeof defaultValue === "number" ||
          (typeof defaultValue === "string" && defaultValue !== "")
        ) {
          expect(text).toContain(`(default: ${defaultValue})`);
        }
      }
    }
    expect(parseCommandLine(spec, ["--help"]).isHelp).toBe(true);
    expect(parseCommandLine(spec, ["-h"]).isHelp).toBe(true);
  });
});

describe("flags across commands", () => {
  it("never take a value in one command and none in another (so options before a command read alike)", () => {
    const takesValue = new Map<string, Set<boolean>>();
    for (const spec of COMMAND_SPECS) {
      for (const [spelling, entry] of flagTable(spec.groups)) {
        const kinds = takesValue.get(spelling) ?? new Set<boolean>();
        kinds.add(entry.sets === "value");
        takesValue.set(spelling, kinds);
      }
    }
    const mixed = [...takesValue].filter(([, kinds]) => kinds.size > 1).map(([spelling]) => spelling);
    expect(mixed).toEqual([]);
  });

  it("leave --help and -h to help", () => {
    for (const spec of COMMAND_SPECS) {
      expect(flagTable(spec.groups).has("--help")).toBe(false);
      expect(flagTable(spec.groups).has("-h")).toBe(false);
    }
  });
});
