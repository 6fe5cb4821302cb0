// A command's `--help`: usage, description, then each option group under its heading, all from the groups.
import { inspectOption } from "../config/inspect-option.js";
import type { Option } from "../config/option.js";
import type { CommandSpec } from "./command-spec.js";
import { optionSpellings } from "./flag-table.js";

const LINE_WIDTH = 110;
const LEFT_WIDTH = 34;

export function formatCommandHelp(spec: CommandSpec): string {
  const blocks = [`Usage: ${spec.usage}`, spec.description];
  for (const group of spec.groups) {
    const lines = [`${group.title}:`];
    if (group.note !== undefined) lines.push(...wrap(group.note, 2));
    for (const option of Object.values(group.options)) lines.push(...optionLines(option));
    blocks.push(lines.join("\n"));
  }
  blocks.push(row("-h, --help", "Show this help.").join("\n"));
  return `${blocks.join("\n\n")}\n`;
}

/** What `--help` shows for an option: its spellings and value name, then its help with the default. */
export function optionLines(option: Option): string[] {
  const { kind, defaultText, choices } = inspectOption(option);
  const value = kind === "boolean" ? "" : ` ${option.placeholder ?? choices?.join("|") ?? "VALUE"}`;
  const left = `${optionSpellings(option).join(", ")}${value}`;
  const help = option.help.replace(/\.$/, "");
  const right = `${help}${defaultText === undefined ? "" : ` (default: ${defaultText})`}.`;
  return row(left, right);
}

function row(left: string, right: string): string[] {
  const indent = 2 + LEFT_WIDTH;
  const text = wrap(right, indent);
  const first = `  ${left}`;
  if (first.length < indent - 1)
    return [`${first.padEnd(indent)}${(text[0] ?? "").trimStart()}`, ...text.slice(1)];
  return [first, ...text];
}

/** Words wrapped to LINE_WIDTH, each line indented by `indent` spaces. */
function wrap(text: string, indent: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && indent + line.length + 1 + word.length > LINE_WIDTH) {
      lines.push(" ".repeat(indent) + line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(" ".repeat(indent) + line);
  return lines;
}
