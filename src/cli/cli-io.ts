// What a command may touch: its arguments, output streams, environment and the root abort signal.

export interface CliIo {
  argv: readonly string[];
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  /** Aborted by the first Ctrl-C. */
  signal: AbortSignal;
}

/** The width tables are fitted to: the terminal's, when the stream is one; else none (a file or a pipe). */
export function terminalWidth(stream: CliIo["stdout"]): number | undefined {
  return stream.isTTY === true && typeof stream.columns === "number" && stream.columns > 0
    ? stream.columns
    : undefined;
}

/** A command returns its exit code: 0 done, 1 run or gate failed, 2 bad usage or input, 130 interrupted. */
export type Command = (io: CliIo) => Promise<number>;
