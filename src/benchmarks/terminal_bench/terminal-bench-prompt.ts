// The messages of a terminal_bench conversation: the first user message (the loop's rules, then the task's
// instruction) and, after each answer, the user message reporting each command's exit code and output.
import type { ExecStatus } from "../../containers/types.js";
import { DONE_SIGNAL, type ExtractedCommand } from "./extract-commands.js";
import { limitOutput, TERMINAL_BENCH_OUTPUT_BYTES } from "./limit-output.js";

/** Wall-clock limit of one command (a script block or a `$ ` line); the spec gives none. */
export const TERMINAL_BENCH_COMMAND_TIMEOUT_MS = 180_000;

const RULES = [
  "You are working in a Linux shell inside a container with no network access. Complete the task below by running shell commands.",
  "",
  "How to work:",
  "- Put commands in a ```bash code block; each block runs as one bash script. A single command may instead be written on a line starting with `$ `.",
  "- After each of your replies its commands run in order, and you are sent each one's exit code and output " +
    `(output longer than ${TERMINAL_BENCH_OUTPUT_BYTES.toLocaleString("en-US")} bytes is shortened to its beginning and end).`,
  "- Each command starts in the directory the previous one ended in; environment variables do not carry over from one command to the next.",
  `- A command is stopped after ${TERMINAL_BENCH_COMMAND_TIMEOUT_MS / 1000} seconds. Do not start interactive programs (editors, pagers, prompts): nobody can type into them.`,
  `- Your replies are limited in number. When the task is complete, reply with ${DONE_SIGNAL} on a line of its own and no commands.`,
].join("\n");

/** The first user message of a task: the rules, then its instruction. */
export function terminalBenchFirstMessage(instruction: string): string {
  return `${RULES}\n\nTask:\n${instruction}`;
}

/** How one command ran, as reported to the model. */
export interface CommandReport {
  readonly command: ExtractedCommand;
  readonly status: ExecStatus;
  readonly exitCode: number | null;
  readonly output: string;
  /** The time limit it ran under (the per-command limit, or less when the task's agent time was nearly spent). */
  readonly timeoutMs: number;
  /** Why it did not end with an exit code of its own (a timeout, a signal). */
  readonly reason?: string;
}

function header(command: ExtractedCommand): string {
  if (command.kind === "line") return `$ ${command.text}`;
  const lines = command.text.split("\n").length;
  return `bash block (${lines} line${lines === 1 ? "" : "s"}):\n${command.text}`;
}

function outcome(report: CommandReport): string {
  switch (report.status) {
    case "ok":
    case "exit":
      return `exit code ${report.exitCode ?? "unknown"}`;
    case "timeout":
      return `stopped at its time limit of ${Math.round(report.timeoutMs / 1000)} s`;
    case "killed":
      return `killed${report.reason === undefined ? "" : `: ${report.reason}`}`;
    case "aborted":
      return "aborted";
    default: {
      const unreachable: never = report.status;
      return unreachable;
    }
  }
}

/** The user message after an answer: each command, how it ended and its output (limited). */
export function commandResultsMessage(reports: readonly CommandReport[]): string {
  return reports
    .map((report) => {
      const output = report.output === "" ? "(no output)" : limitOutput(report.output).replace(/\n$/, "");
      return `${header(report.command)}\n[${outcome(report)}]\n${output}`;
    })
    .join("\n\n");
}
