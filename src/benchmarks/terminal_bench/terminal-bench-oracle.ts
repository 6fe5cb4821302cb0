// How the mock server plays terminal_bench: a conversation is recognised by its first user message (the rules and
// the task's instruction). Answered right, the first answer is the task's solution.sh as one bash block (as
// Terminal-Bench's oracle agent runs `bash /oracle/solution.sh`), then DONE once its output comes back; answered
// wrong, a command that solves nothing, then DONE.
import type { BenchmarkOracle, OracleReply } from "../types.js";
import { DONE_SIGNAL } from "./extract-commands.js";
import { terminalBenchFirstMessage } from "./terminal-bench-prompt.js";
import type { TerminalBenchSample } from "./terminal-bench-sample.js";

/** The wrong answer's command. */
export const ORACLE_WRONG_COMMAND = "echo 'not a solution'";

/** A fence longer than any backtick run in `text`, so the block closes where it should. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return "`".repeat(longest + 1);
}

/** The oracle's first answer: the solution (or the wrong command) in one bash block. */
export function oracleCommands(sample: TerminalBenchSample, isCorrect: boolean): string {
  const script =
    isCorrect && sample.solution !== undefined ? sample.solution.trimEnd() : ORACLE_WRONG_COMMAND;
  const fence = fenceFor(script);
  return `${fence}bash\n${script}\n${fence}`;
}

function reply(text: string): OracleReply {
  return { text, toolCalls: [] };
}

export const terminalBenchOracle: BenchmarkOracle<TerminalBenchSample> = {
  promptSuffix: (sample) => terminalBenchFirstMessage(sample.config.instruction),
  answer: (sample, isCorrect) => oracleCommands(sample, isCorrect),
  dialogue: {
    keys: (sample) => [terminalBenchFirstMessage(sample.config.instruction)],
    reply(sample, isCorrect, _recipe, messages) {
      const hasAnswered = messages.some((message) => message.role === "assistant");
      return reply(hasAnswered ? DONE_SIGNAL : oracleCommands(sample, isCorrect));
    },
  },
};
