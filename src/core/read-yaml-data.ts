// Every YAML file this tool reads (reference files, benchmark definitions, Terminal-Bench task.yaml and compose
// files) goes through here: YAML as data only. The `yaml` package's core schema builds plain values; a tag it does
// not know — `!!js/function`, `!!python/object/…`, any custom `!tag` — is refused rather than read (nothing here
// can construct a function or a class), and an alias bomb stops at `maxAliasCount` instead of filling memory.
import { type Document, type LineCounter, parseDocument } from "yaml";

/** Alias expansions allowed while building the value (the `yaml` package's own default, stated here). */
export const MAX_YAML_ALIAS_COUNT = 100;

export type YamlData =
  | { status: "ok"; value: unknown; document: Document.Parsed }
  | { status: "error"; message: string; line: number | undefined };

/** `text` as plain data; a syntax error, a tag, or too many aliases come back as an error with its line. */
export function readYamlData(text: string, options: { lineCounter?: LineCounter } = {}): YamlData {
  const document = parseDocument(text, {
    schema: "core",
    customTags: [],
    merge: false,
    uniqueKeys: true,
    ...(options.lineCounter === undefined ? {} : { lineCounter: options.lineCounter }),
  });
  const lineOf = (problem: { linePos?: [{ line: number }, ...unknown[]] | undefined }) =>
    problem.linePos?.[0].line;
  const [syntaxError] = document.errors;
  if (syntaxError !== undefined)
    return { status: "error", message: firstLine(syntaxError.message), line: lineOf(syntaxError) };
  const tagWarning = document.warnings.find((warning) => warning.code === "TAG_RESOLVE_FAILED");
  if (tagWarning !== undefined) {
    const tag = /Unresolved tag: (\S+)/.exec(tagWarning.message)?.[1] ?? "a tag";
    return {
      status: "error",
      message: `the tag ${tag} is not allowed: YAML here is plain data (maps, lists, strings, numbers, booleans, null); remove the tag.`,
      line: lineOf(tagWarning),
    };
  }
  try {
    return { status: "ok", value: document.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT }), document };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      status: "error",
      message: /alias/i.test(message)
        ? `more than ${MAX_YAML_ALIAS_COUNT} alias expansions (an alias bomb?): ${firstLine(message)}`
        : firstLine(message),
      line: undefined,
    };
  }
}

/** The message's first line, without the colon that introduces the `yaml` package's code frame. */
function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).replace(/:\s*$/, "");
}
