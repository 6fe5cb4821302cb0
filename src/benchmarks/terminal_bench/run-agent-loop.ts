// The terminal_bench agent loop in one sample's container: the task's instruction goes to the model with the rules;
// each answer's commands run in order (a fenced block as one bash script, each `$ ` line as one command), and their
// exit codes and outputs are the next user message; the loop ends when an answer has no command or says DONE, after
// `maxTurns` answers, or when the task's max_agent_timeout_sec has passed (requests included, as Terminal-Bench's
// harness times `perform_task`).

import type { ExecResult, SampleContainer } from "../../containers/types.js";
import type { ChatMessage } from "../../core/prompt.js";
import { shellQuote } from "../../core/shell-quote.js";
import type { SampleSession } from "../types.js";
import { type ExtractedCommand, extractCommands } from "./extract-commands.js";
import {
  type CommandReport,
  commandResultsMessage,
  TERMINAL_BENCH_COMMAND_TIMEOUT_MS,
  terminalBenchFirstMessage,
} from "./terminal-bench-prompt.js";

/** The spec's turn limit (`--max-turns`): answers the model may give. */
export const TERMINAL_BENCH_MAX_TURNS = 15;

/** Bytes of stdout a command may print before the rest is dropped (the model sees at most 10,000 of them). */
const EXEC_OUTPUT_BYTES = 1024 * 1024;

export type LoopEnding = "done" | "no_commands" | "max_turns" | "agent_timeout";

/** One command as run, for the sample's details. */
export interface CommandRecord {
  readonly kind: ExtractedCommand["kind"];
  readonly command: string;
  readonly status: ExecResult["status"];
  readonly exit_code: number | null;
  readonly duration_ms: number;
  readonly output_bytes: number;
  readonly cwd_after: string | null;
}

export interface TurnRecord {
  readonly turn: number;
  readonly said_done: boolean;
  readonly commands: readonly CommandRecord[];
}

export interface AgentLoopResult {
  readonly endedBy: LoopEnding;
  readonly turns: readonly TurnRecord[];
  /** The directory the last command ended in (undefined: none reported one). */
  readonly cwd: string | undefined;
  readonly messages: readonly ChatMessage[];
}

export interface AgentLoopOptions {
  readonly maxTurns: number;
  /** The task's max_agent_timeout_sec in ms. */
  readonly agentTimeoutMs: number;
  readonly commandTimeoutMs?: number;
  /** The directory commands start in before any reported one; absent: the image's. */
  readonly workdir?: string;
  readonly now?: () => number;
  /** The run's stop: the command running when it aborts is ended and the loop throws its reason. */
  readonly signal?: AbortSignal;
}

/**
 * The script a command runs as: in the directory the last one ended in, stderr joined to stdout (in order), and
 * the directory it ends in written to the original stderr, which carries nothing else.
 */
export function wrapCommand(command: string, cwd: string | undefined): string {
  const enter = cwd === undefined ? "" : `cd -- ${shellQuote(cwd)} 2>/dev/null\n`;
  return `${enter}exec 3>&2 2>&1\ntrap 'pwd >&3' EXIT\n${command}`;
}

/** The directory a wrapped command reported, or undefined (killed before its exit trap, or the trap replaced). */
function reportedDirectory(stderr: string): string | undefined {
  const line = stderr.trim().split("\n").at(-1)?.trim();
  return line?.startsWith("/") === true ? line : undefined;
}

export async function runAgentLoop(
  instruction: string,
  session: SampleSession,
  container: SampleContainer,
  options: AgentLoopOptions,
): Promise<AgentLoopResult> {
  const now = options.now ?? (() => performance.now());
  const commandTimeoutMs = options.commandTimeoutMs ?? TERMINAL_BENCH_COMMAND_TIMEOUT_MS;
  const deadline = now() + options.agentTimeoutMs;
  const messages: ChatMessage[] = [{ role: "user", content: terminalBenchFirstMessage(instruction) }];
  const turns: TurnRecord[] = [];
  let cwd = options.workdir;
  let endedBy: LoopEnding = "max_turns";
  for (let turn = 1; turn <= options.maxTurns; turn++) {
    if (now() >= deadline) {
      endedBy = "agent_timeout";
      break;
    }
    const answer = await session.send(messages);
    messages.push({ role: "assistant", content: answer.response });
    const { commands, isDone } = extractCommands(answer.response);
    const records: CommandRecord[] = [];
    const reports: CommandReport[] = [];
    let isOutOfTime = false;
    for (const command of commands) {
      const remainingMs = deadline - now();
      if (remainingMs <= 0) {
        isOutOfTime = true;
        break;
      }
      const timeoutMs = Math.max(1, Math.floor(Math.min(commandTimeoutMs, remainingMs)));
      const result = await container.exec(wrapCommand(command.text, cwd), {
        shell: "bash",
        timeoutMs,
        outputBytes: EXEC_OUTPUT_BYTES,
        // The end of a long output is where an error is: its first and last halves are kept.
        keep: "ends",
        ...(options.workdir === undefined ? {} : { workdir: options.workdir }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      if (result.status === "aborted") throw options.signal?.reason ?? new Error("the run was stopped");
      cwd = reportedDirectory(result.stderr) ?? cwd;
      reports.push({
        command,
        status: result.status,
        exitCode: result.exitCode,
        output: result.stdout,
        timeoutMs,
        ...(result.reason === undefined ? {} : { reason: result.reason }),
      });
      records.push({
        kind: command.kind,
        command: command.text,
        status: result.status,
        exit_code: result.exitCode,
        duration_ms: Math.round(result.durationMs),
        output_bytes: Buffer.byteLength(result.stdout),
        cwd_after: cwd ?? null,
      });
    }
    turns.push({ turn, said_done: isDone, commands: records });
    if (commands.length === 0) {
      endedBy = isDone ? "done" : "no_commands";
      break;
    }
    if (isOutOfTime || now() >= deadline) {
      endedBy = "agent_timeout";
      break;
    }
    if (isDone) {
      endedBy = "done";
      break;
    }
    if (turn < options.maxTurns) messages.push({ role: "user", content: commandResultsMessage(reports) });
  }
  return { endedBy, turns, cwd, messages };
}
