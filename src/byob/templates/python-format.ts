// Python's `template.format(**fields)` for prompt templates (NeMo Evaluator BYOB renders plain prompts this way):
// `{{`/`}}`, `{name}`, `{a[key]}`, `{a[0]}`, `{a.key}`, `!s`/`!r`/`!a`, format specs with nested `{fields}`.
// Fields are named: positional `{}`/`{0}` have nothing to refer to. `{a.key}` on a row's object reads the key
// (Python would look for an attribute and fail on a dict).

import { pythonAscii, pythonRepr, pythonStr } from "../../graders/python-repr.js";
import { FormatSpecError, pythonFormatValue } from "./python-format-spec.js";

/** A template Python would refuse, or a field the row does not have; the message says which and how to fix it. */
export class TemplateError extends Error {}

interface Field {
  name: string;
  conversion: string | undefined;
  spec: string;
}

/** Splits `{name!c:spec}` (the braces removed) into its parts. */
function parseField(text: string): Field {
  let index = 0;
  let name = "";
  while (index < text.length) {
    const character = text[index] ?? "";
    if (character === "[") {
      const close = text.indexOf("]", index);
      if (close === -1) throw new TemplateError(`missing "]" in "{${text}}"`);
      name += text.slice(index, close + 1);
      index = close + 1;
      continue;
    }
    if (character === "!" || character === ":") break;
    name += character;
    index++;
  }
  let conversion: string | undefined;
  if (text[index] === "!") {
    conversion = text[index + 1];
    if (conversion === undefined || !"sra".includes(conversion)) {
      throw new TemplateError(`unknown conversion "!${conversion ?? ""}" in "{${text}}" (use !s, !r or !a)`);
    }
    index += 2;
    if (index < text.length && text[index] !== ":") {
      throw new TemplateError(`expected ":" after the conversion in "{${text}}"`);
    }
  }
  return { name, conversion, spec: text[index] === ":" ? text.slice(index + 1) : "" };
}

function describeFields(fields: Readonly<Record<string, unknown>>): string {
  const names = Object.keys(fields);
  return names.length === 0 ? "none" : names.join(", ");
}

/** The value `name` (`a`, `a[0]`, `a.key`, `a[key].b`) refers to in `fields`. */
function lookUp(name: string, fields: Readonly<Record<string, unknown>>): unknown {
  const first = /^[^.[]*/.exec(name)?.[0] ?? "";
  if (first === "" || /^\d+$/.test(first)) {
    throw new TemplateError(
      `positional field "{${name}}" has nothing to refer to: name a field of the row (${describeFields(fields)})`,
    );
  }
  if (!Object.hasOwn(fields, first)) {
    throw new TemplateError(`no field "${first}" in the row (its fields: ${describeFields(fields)})`);
  }
  let value: unknown = fields[first];
  let rest = name.slice(first.length);
  let path = first;
  while (rest !== "") {
    const part = /^\.([^.[]*)|^\[([^\]]*)\]/.exec(rest);
    if (part === null)
      throw new TemplateError(`cannot read "{${name}}": only .key and [key] may follow a field`);
    rest = rest.slice(part[0].length);
    const key = part[1] ?? part[2] ?? "";
    if (key === "")
      throw new TemplateError(`empty ${part[1] === undefined ? "[]" : "attribute"} in "{${name}}"`);
    const isIndex = part[2] !== undefined && /^\d+$/.test(key);
    if ((Array.isArray(value) || typeof value === "string") && isIndex) {
      const items = typeof value === "string" ? [...value] : value;
      if (Number(key) >= items.length)
        throw new TemplateError(`"${path}" has no item ${key} (it has ${items.length})`);
      value = items[Number(key)];
    } else if (
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      Object.hasOwn(value, key)
    ) {
      value = (value as Record<string, unknown>)[key];
    } else {
      throw new TemplateError(`"${path}" has no ${isIndex ? "item" : "key"} "${key}"`);
    }
    path += part[0];
  }
  return value;
}

function convert(value: unknown, conversion: string | undefined): unknown {
  if (conversion === "r") return pythonRepr(value);
  if (conversion === "a") return pythonAscii(value);
  if (conversion === "s") return pythonStr(value);
  return value;
}

/** One replacement field's text; `depth` 1 inside a format spec, where fields may not nest again. */
function replace(text: string, fields: Readonly<Record<string, unknown>>, depth: number): string {
  const field = parseField(text);
  const spec = depth === 0 ? pythonFormat(field.spec, fields, 1) : field.spec;
  if (depth > 0 && /[{}]/.test(field.spec)) throw new TemplateError("Max string recursion exceeded");
  const value = convert(lookUp(field.name, fields), field.conversion);
  try {
    return pythonFormatValue(value, spec);
  } catch (error) {
    if (error instanceof FormatSpecError) throw new TemplateError(`"{${text}}": ${error.message}`);
    throw error;
  }
}

/** `template.format(**fields)`; a mistake or a missing field throws a TemplateError. */
export function pythonFormat(template: string, fields: Readonly<Record<string, unknown>>, depth = 0): string {
  let output = "";
  let index = 0;
  while (index < template.length) {
    const character = template[index];
    if (character === "}") {
      if (template[index + 1] !== "}") {
        throw new TemplateError(`single "}" at character ${index + 1}: write "}}" for a literal brace`);
      }
      output += "}";
      index += 2;
      continue;
    }
    if (character !== "{") {
      output += character;
      index++;
      continue;
    }
    if (template[index + 1] === "{") {
      output += "{";
      index += 2;
      continue;
    }
    // The field runs to the "}" that closes it; a format spec may hold one level of nested fields.
    let nesting = 1;
    let end = index + 1;
    let isInBrackets = false;
    while (end < template.length) {
      const current = template[end];
      if (current === "[" && nesting === 1) isInBrackets = true;
      else if (current === "]") isInBrackets = false;
      else if (!isInBrackets && current === "{") nesting++;
      else if (!isInBrackets && current === "}") {
        nesting--;
        if (nesting === 0) break;
      }
      end++;
    }
    if (end >= template.length) {
      throw new TemplateError(
        `"{" at character ${index + 1} is never closed: write "{{" for a literal brace`,
      );
    }
    output += replace(template.slice(index + 1, end), fields, depth);
    index = end + 1;
  }
  return output;
}
