// A BYOB prompt (or system prompt, or few-shot template): inline text or a .txt/.md/.jinja/.jinja2 file relative to
// the definition file; Jinja when the text holds `{%` or `{#` or the file ends .jinja/.jinja2, else Python
// `str.format`, as NeMo Evaluator's BYOB decides
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/decorators.py and eval_logic.py
// @76c865c3c09132c1d102a0a84454c36823f19cff: `_resolve_prompt`, `render_prompt` with jinja2's StrictUndefined).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse, Template, tokenize } from "@huggingface/jinja";
import { ConfigError, toError } from "../../errors.js";
import { pythonFormat, TemplateError } from "./python-format.js";

export interface PromptTemplate {
  /** The template text. */
  readonly source: string;
  /** "inline", or the file it was read from. */
  readonly origin: string;
  readonly kind: "format" | "jinja";
  /** The text for one row's fields; a field the row lacks is a TemplateError. */
  render(fields: Readonly<Record<string, unknown>>): string;
}

const TEMPLATE_EXTENSIONS = [".txt", ".md", ".jinja", ".jinja2"];
const JINJA_EXTENSIONS = [".jinja", ".jinja2"];

/** NeMo reads a value ending in .txt/.md/.jinja/.jinja2 as a file (case-sensitive, as `str.endswith`). */
export function isTemplatePath(value: string): boolean {
  return TEMPLATE_EXTENSIONS.some((extension) => value.endsWith(extension));
}

/** Names a Jinja template may use without the row defining them: statement words, globals, tests, `loop`. */
const JINJA_WORDS = new Set([
  "for",
  "in",
  "endfor",
  "if",
  "elif",
  "else",
  "endif",
  "set",
  "endset",
  "macro",
  "endmacro",
  "call",
  "endcall",
  "filter",
  "endfilter",
  "is",
  "not",
  "and",
  "or",
  "break",
  "continue",
  "generation",
  "endgeneration",
  "loop",
  "true",
  "false",
  "none",
  "True",
  "False",
  "None",
  "range",
  "raise_exception",
  "strftime_now",
  "namespace",
]);

/**
 * The variables a Jinja template reads that neither the row nor the template defines (`for x in`, `set x`, macro
 * parameters): jinja2's StrictUndefined raises on them. Attributes (`a.b`), filters (`| upper`), tests
 * (`is defined`) and keyword arguments (`f(a=1)`) are not variables.
 */
function undefinedVariables(source: string, fields: Readonly<Record<string, unknown>>): string[] {
  const tokens = tokenize(source);
  const defined = new Set<string>();
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token?.type !== "Identifier") continue;
    if (token.value === "for") {
      for (let next = index + 1; next < tokens.length && tokens[next]?.value !== "in"; next++) {
        if (tokens[next]?.type === "Identifier") defined.add(tokens[next]?.value ?? "");
      }
    } else if (token.value === "set" && tokens[index + 1]?.type === "Identifier") {
      defined.add(tokens[index + 1]?.value ?? "");
    } else if (token.value === "macro") {
      for (let next = index + 1; next < tokens.length && tokens[next]?.type !== "CloseStatement"; next++) {
        if (tokens[next]?.type === "Identifier") defined.add(tokens[next]?.value ?? "");
      }
    }
  }
  const missing: string[] = [];
  let isInExpression = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token === undefined) continue;
    if (token.type === "OpenExpression" || token.type === "OpenStatement") isInExpression = true;
    if (token.type === "CloseExpression" || token.type === "CloseStatement") isInExpression = false;
    if (!isInExpression || token.type !== "Identifier") continue;
    const previous = tokens[index - 1];
    const next = tokens[index + 1];
    const isAttribute = previous?.type === "Dot";
    const isFilterOrTest =
      previous?.type === "Pipe" ||
      previous?.value === "is" ||
      (previous?.value === "not" && tokens[index - 2]?.value === "is");
    const isKeyword =
      next?.type === "Equals" && (previous?.type === "OpenParen" || previous?.type === "Comma");
    const name = token.value;
    if (isAttribute || isFilterOrTest || isKeyword || JINJA_WORDS.has(name) || defined.has(name)) continue;
    if (!Object.hasOwn(fields, name) && !missing.includes(name)) missing.push(name);
  }
  return missing;
}

function describeFields(fields: Readonly<Record<string, unknown>>): string {
  const names = Object.keys(fields);
  return names.length === 0 ? "none" : names.join(", ");
}

/** Compiles `text`; a syntax error is a TemplateError naming `origin`. */
export function compilePromptTemplate(
  text: string,
  origin: string,
  options: { isJinjaFile?: boolean } = {},
): PromptTemplate {
  const isJinja = options.isJinjaFile === true || text.includes("{%") || text.includes("{#");
  if (!isJinja) {
    return { source: text, origin, kind: "format", render: (fields) => pythonFormat(text, fields) };
  }
  // jinja2's defaults: no trim_blocks/lstrip_blocks (Template() turns both on, for chat templates); one trailing
  // newline dropped (keep_trailing_newline=False).
  const template = new Template("");
  try {
    template.parsed = parse(tokenize(text, {}));
  } catch (error) {
    throw new TemplateError(`${origin}: not a valid Jinja template: ${toError(error).message}`);
  }
  return {
    source: text,
    origin,
    kind: "jinja",
    render(fields) {
      const missing = undefinedVariables(text, fields);
      if (missing.length > 0) {
        throw new TemplateError(
          `undefined variable${missing.length > 1 ? "s" : ""} ${missing.map((name) => `"${name}"`).join(", ")} (the row's fields: ${describeFields(fields)})`,
        );
      }
      try {
        return template.render(fields as Record<string, unknown>);
      } catch (error) {
        throw new TemplateError(`Jinja: ${toError(error).message}`);
      }
    },
  };
}

/** `value` as a template: read from a file when it names one (relative to `definitionDir`), else inline. */
export async function loadPromptTemplate(value: string, definitionDir: string): Promise<PromptTemplate> {
  if (!isTemplatePath(value)) return compilePromptTemplate(value, "inline");
  const file = path.resolve(definitionDir, value);
  if (!existsSync(file)) {
    throw new ConfigError(
      `template file ${file} (from "${value}") does not exist; the path is relative to the definition file.`,
    );
  }
  const text = await readFile(file, "utf8");
  try {
    return compilePromptTemplate(text, file, { isJinjaFile: JINJA_EXTENSIONS.includes(path.extname(file)) });
  } catch (error) {
    if (error instanceof TemplateError) throw new ConfigError(error.message);
    throw error;
  }
}
