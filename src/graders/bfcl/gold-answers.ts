// A BFCL sample's ground truth (or any calls) written as a model would answer: OpenAI tool_calls and prompting text.
import { dumpPythonJson } from "../python-json.js";
import { isPythonDict, PythonFloat, pythonRepr } from "../python-value.js";
import type { BfclFunctionDoc, BfclLanguage, BfclPossibleAnswer } from "./types.js";

/** What rendering needs of a sample: its function docs (for the declared types) and its possible answers. */
export interface BfclSample {
  id: string;
  functions: BfclFunctionDoc[];
  possibleAnswer: BfclPossibleAnswer[];
}

export type GoldCall = [name: string, args: Record<string, unknown>];

/** The first acceptable value (other than `""`) of each parameter; one with only `""` is omitted. */
export function goldArguments(answer: BfclPossibleAnswer): GoldCall {
  const [name, params] = Object.entries(answer)[0] ?? ["", {}];
  const chosen = Object.entries(params)
    .map(([param, options]) => [param, options.filter((option) => option !== "")] as const)
    .filter(([, options]) => options.length > 0)
    .map(([param, options]) => [param, firstOptions(options[0])] as const);
  return [name, Object.fromEntries(chosen)];
}

/** Nested dicts in possible answers hold lists of options too: take the first of each (dropping `""` ones). */
function firstOptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(firstOptions);
  if (!isPythonDict(value)) return value;
  const entries = Object.entries(value)
    .filter(([, options]) => !(Array.isArray(options) && options[0] === ""))
    .map(([key, options]) => [key, Array.isArray(options) ? firstOptions(options[0]) : options]);
  return Object.fromEntries(entries);
}

function paramType(functions: BfclFunctionDoc[], name: string, param: string): [string, string | undefined] {
  const details = functions.find((doc) => doc.name === name)?.parameters.properties[param];
  if (!isPythonDict(details)) return ["any", undefined];
  const items = details["items"];
  return [String(details["type"]), isPythonDict(items) ? String(items["type"]) : undefined];
}

function numberText(value: unknown): string {
  if (value instanceof PythonFloat) return pythonRepr(value);
  return String(value);
}

function javaElement(value: unknown, type: string | undefined): string {
  if (typeof value === "string") return type === "char" ? `'${value}'` : JSON.stringify(value);
  if (type === "long") return `${numberText(value)}L`;
  if (type === "float") return `${numberText(value)}f`;
  if (typeof value === "boolean") return String(value);
  return numberText(value);
}

const JAVA_ELEMENT_CLASS: Record<string, string> = {
  integer: "int",
  long: "long",
  boolean: "boolean",
  double: "double",
  float: "float",
  char: "char",
  String: "String",
};

/** A string as a Java/JavaScript argument: a string literal, or the text itself when it holds `"` (code). */
function stringSource(value: string): string {
  return value.includes('"') ? value : JSON.stringify(value);
}

/** A gold value as Java source of the declared type (a string gold stays a string literal: BFCL unquotes it). */
export function javaSource(value: unknown, type: string, itemType: string | undefined): string {
  if (typeof value === "string") return stringSource(value);
  const items = Array.isArray(value) ? value : [];
  switch (type) {
    case "Array":
      return `new ${JAVA_ELEMENT_CLASS[itemType ?? ""] ?? "Object"}[]{${items.map((item) => javaElement(item, itemType)).join(", ")}}`;
    case "ArrayList":
      return `new ArrayList<>(Arrays.asList(${items.map((item) => javaElement(item, itemType)).join(", ")}))`;
    case "HashMap": {
      const puts = Object.entries(value as Record<string, unknown>).map(
        ([key, item]) => `put(${JSON.stringify(key)}, ${javaElement(item, undefined)});`,
      );
      return `new HashMap<String, Object>() {{ ${puts.join(" ")} }}`;
    }
    default:
      return javaElement(value, type);
  }
}

/** A gold value as JavaScript source of the declared type. */
export function javascriptSource(value: unknown, type: string): string {
  if (typeof value === "string") return stringSource(value);
  if (type === "Bigint") return `${numberText(value)}n`;
  if (Array.isArray(value)) return `[${value.map((item) => javascriptSource(item, "String")).join(", ")}]`;
  if (isPythonDict(value)) {
    const entries = Object.entries(value).map(([key, item]) => `${key}: ${javascriptSource(item, "String")}`);
    return `{${entries.join(", ")}}`;
  }
  if (typeof value === "boolean") return String(value);
  return numberText(value);
}

/** The FC argument for Java/JavaScript: source text, a string gold as itself (BFCL's `any` keeps quotes). */
function fcSource(
  value: unknown,
  language: BfclLanguage,
  type: string,
  itemType: string | undefined,
): string {
  if (typeof value === "string") return value;
  return language === "java" ? javaSource(value, type, itemType) : javascriptSource(value, type);
}

/** A value sent unconverted (FC: as JSON; prompting: as a Python literal), to make type errors. */
export class RawValue {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

function isRawValue(value: unknown): value is RawValue {
  return value instanceof RawValue;
}

export interface GoldAnswers {
  fcMessage: { content: null; tool_calls: { function: { name: string; arguments: string } }[] };
  promptingText: string;
}

/** The sample's ground truth as an OpenAI tool_calls message (names with `.` → `_`) and as prompting text. */
export function goldAnswers(sample: BfclSample, language: BfclLanguage): GoldAnswers {
  return renderAnswers(sample, language, sample.possibleAnswer.map(goldArguments));
}

/**
 * Calls rendered as a model would send them: FC arguments as JSON (Java/JavaScript values as source strings; a
 * value that is not a string is sent as is, to test type errors), prompting text in the language's call syntax.
 */
export function renderAnswers(sample: BfclSample, language: BfclLanguage, calls: GoldCall[]): GoldAnswers {
  const toolCalls = calls.map(([name, args]) => {
    const fcArgs =
      language === "python"
        ? Object.fromEntries(
            Object.entries(args).map(([param, value]) => [param, isRawValue(value) ? value.value : value]),
          )
        : Object.fromEntries(
            Object.entries(args).map(([param, value]) => {
              const [type, itemType] = paramType(sample.functions, name, param);
              return [param, isRawValue(value) ? value.value : fcSource(value, language, type, itemType)];
            }),
          );
    return { function: { name: name.replaceAll(".", "_"), arguments: dumpPythonJson(fcArgs, null) } };
  });
  const texts = calls.map(([name, args]) => {
    const parts = Object.entries(args).map(([param, value]) => {
      const [type, itemType] = paramType(sample.functions, name, param);
      if (isRawValue(value)) return `${param}=${pythonRepr(value.value)}`;
      if (language === "java") return `${param}=${javaSource(value, type, itemType)}`;
      if (language === "javascript") return `${param}=${javascriptSource(value, type)}`;
      return `${param}=${pythonRepr(value)}`;
    });
    return `${name}(${parts.join(", ")})`;
  });
  return { fcMessage: { content: null, tool_calls: toolCalls }, promptingText: `[${texts.join(", ")}]` };
}
