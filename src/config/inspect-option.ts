// Reads an option's zod schema (through its JSON Schema) for what the command line needs: kind, words, default.
import { z } from "zod";
import type { Option } from "./option.js";

/** How the command line reads an option: a flag alone, or a value that is a number, a comma list, JSON or text. */
export type OptionKind = "boolean" | "number" | "list" | "json" | "text";

export interface OptionInspection {
  kind: OptionKind;
  /** The accepted values in words, as typed on the command line: "a positive integer", "chat or completions". */
  expected: string;
  /** The accepted values of the schema itself (differs from `expected` where the text is converted, as seconds). */
  schemaExpected: string;
  /** The default as `--help` shows it, or undefined when there is none. */
  defaultText: string | undefined;
  /** A boolean whose default is true (shown as `--no-x`) or unset (both `--x` and `--no-x`). */
  negation: "none" | "only" | "both";
  /** The values of a choice (`z.enum`), else undefined. */
  choices: readonly string[] | undefined;
}

interface JsonSchema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

const inspections = new WeakMap<Option, OptionInspection>();

export function inspectOption(option: Option): OptionInspection {
  const cached = inspections.get(option);
  if (cached !== undefined) return cached;
  const json = z.toJSONSchema(option.schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const kind = kindOf(json);
  const hasDefault = json.default !== undefined;
  const inspection: OptionInspection = {
    kind,
    expected: option.expected ?? expectedWords(json),
    schemaExpected: expectedWords(json),
    defaultText:
      option.defaultHelp ?? (hasDefault && kind !== "boolean" ? defaultWords(json.default) : undefined),
    negation: kind !== "boolean" ? "none" : json.default === true ? "only" : hasDefault ? "none" : "both",
    choices: json.enum?.map(String),
  };
  inspections.set(option, inspection);
  return inspection;
}

function kindOf(json: JsonSchema): OptionKind {
  switch (json.type) {
    case "boolean":
      return "boolean";
    case "integer":
    case "number":
      return "number";
    case "array":
      return "list";
    case "object":
      return "json";
    default:
      return "text";
  }
}

const isBound = (value: number | undefined): value is number =>
  value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER;

function numberWords(json: JsonSchema): string {
  const noun = json.type === "integer" ? "integer" : "number";
  const article = noun === "integer" ? "an" : "a";
  const low = isBound(json.minimum) ? json.minimum : undefined;
  const high = isBound(json.maximum) ? json.maximum : undefined;
  const lowOpen = isBound(json.exclusiveMinimum) ? json.exclusiveMinimum : undefined;
  const highOpen = isBound(json.exclusiveMaximum) ? json.exclusiveMaximum : undefined;
  if (lowOpen !== undefined && highOpen !== undefined)
    return `${article} ${noun} in (${lowOpen}, ${highOpen})`;
  const isPositive = lowOpen === 0 || (noun === "integer" && low === 1);
  if (isPositive) {
    if (high !== undefined) return `a positive ${noun} up to ${high}`;
    if (highOpen !== undefined) return `a positive ${noun} below ${highOpen}`;
    return `a positive ${noun}`;
  }
  if (lowOpen !== undefined && highOpen !== undefined)
    return `${article} ${noun} in (${lowOpen}, ${highOpen})`;
  if (low !== undefined && high !== undefined) return `${article} ${noun} from ${low} to ${high}`;
  const bounds = [
    low === undefined ? undefined : `≥ ${low}`,
    lowOpen === undefined ? undefined : `> ${lowOpen}`,
    high === undefined ? undefined : `≤ ${high}`,
    highOpen === undefined ? undefined : `< ${highOpen}`,
  ].filter((bound) => bound !== undefined);
  return bounds.length === 0 ? `${article} ${noun}` : `${article} ${noun} ${bounds.join(" and ")}`;
}

/** `["a", "b", "c"]` → `a, b or c`. */
export function choiceWords(choices: readonly unknown[]): string {
  const words = choices.map(String);
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

function expectedWords(json: JsonSchema): string {
  if (json.anyOf !== undefined) return json.anyOf.map(expectedWords).join(" or ");
  if (json.const !== undefined) return String(json.const);
  if (json.enum !== undefined) return choiceWords(json.enum);
  switch (json.type) {
    case "integer":
    case "number":
      return numberWords(json);
    case "boolean":
      return "no value";
    case "array":
      return "a comma list";
    case "object":
      return `a JSON object such as '{"top_p": 0.9}'`;
    default:
      if (json.format === "uri") return "a URL such as http://127.0.0.1:8000/v1";
      return (json.minLength ?? 0) > 0 ? "a non-empty value" : "a text";
  }
}

function defaultWords(value: unknown): string {
  if (typeof value === "string") return value === "" ? '""' : value;
  return JSON.stringify(value);
}
