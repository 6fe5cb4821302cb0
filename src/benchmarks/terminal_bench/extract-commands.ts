// The commands in a terminal_bench answer: each ```bash (sh, shell) fenced block is one script, each line starting
// with `$ ` outside such a block one command, in the order they appear; and whether the answer says it is done (a
// line `DONE` outside code blocks).

/** One thing to run: a fenced block as one bash script, or one `$ ` line. */
export interface ExtractedCommand {
  readonly kind: "script" | "line";
  readonly text: string;
}

export interface ExtractedAnswer {
  readonly commands: readonly ExtractedCommand[];
  /** The answer has a line that is only the done signal (outside code blocks). */
  readonly isDone: boolean;
}

/** The done signal the prompt asks for, on a line of its own. */
export const DONE_SIGNAL = "DONE";

const SHELL_LANGUAGES = new Set(["bash", "sh", "shell"]);
const OPENING_FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const PROMPT_LINE = /^\s*\$ (.*)$/;

/** `DONE`, also `**DONE**`, `` `DONE` `` or `DONE.`, any case. */
function isDoneLine(line: string): boolean {
  const bare = line
    .trim()
    .replace(/^[*_`]+|[*_`]+$/g, "")
    .replace(/[.!]$/, "");
  return bare.toUpperCase() === DONE_SIGNAL;
}

/** The `$ ` command of a line, or undefined. */
function promptCommand(line: string): string | undefined {
  const match = PROMPT_LINE.exec(line);
  const command = match?.[1]?.trim();
  return command === undefined || command === "" ? undefined : command;
}

/** A shell block's commands: its `$ ` lines when every line of it is one (a console transcript), else the whole block. */
function blockCommands(body: readonly string[]): ExtractedCommand[] {
  const lines = body.filter((line) => line.trim() !== "");
  if (lines.length === 0) return [];
  const prompted = lines.map(promptCommand);
  if (prompted.every((command) => command !== undefined))
    return prompted.map((text) => ({ kind: "line", text: text ?? "" }));
  return [{ kind: "script", text: body.join("\n").trim() }];
}

/**
 * Reads an answer as the prompt's rules say. A fence closes at a line of the same character, at least as long (as
 * CommonMark reads them); an unclosed fence runs to the end of the answer (an answer cut at max_tokens). `$ ` lines
 * inside fences of other languages count too; other text is ignored.
 */
export function extractCommands(answer: string): ExtractedAnswer {
  const lines = answer.split(/\r?\n/);
  const commands: ExtractedCommand[] = [];
  let isDone = false;
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    const fence = OPENING_FENCE.exec(line);
    if (fence === null) {
      const command = promptCommand(line);
      if (command !== undefined) commands.push({ kind: "line", text: command });
      else if (isDoneLine(line)) isDone = true;
      index++;
      continue;
    }
    const marker = fence[1] ?? "```";
    const language = (fence[2] ?? "").toLowerCase();
    const closing = new RegExp(`^ {0,3}${marker[0] === "`" ? "`" : "~"}{${marker.length},}\\s*$`);
    const body: string[] = [];
    index++;
    while (index < lines.length && !closing.test(lines[index] ?? "")) body.push(lines[index++] ?? "");
    index++;
    if (SHELL_LANGUAGES.has(language)) commands.push(...blockCommands(body));
    else
      for (const bodyLine of body) {
        const command = promptCommand(bodyLine);
        if (command !== undefined) commands.push({ kind: "line", text: command });
      }
  }
  return { commands, isDone };
}
