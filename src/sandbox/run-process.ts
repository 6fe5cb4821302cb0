// Runs one command in its own session (process group), feeds it stdin and files on extra descriptors, keeps stdout
// and stderr up to a cap, and kills the whole group with SIGKILL at the wall-clock limit, on an output overflow or
// when the caller aborts. Classifying the end is the caller's job.
import { spawn } from "node:child_process";
import type { Writable } from "node:stream";

/** How long output is still read after the child exits. */
const EXIT_DRAIN_MS = 500;

export interface ProcessInput {
  command: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd?: string;
  /** Run as this user and group (the caller is root). */
  uid?: number;
  gid?: number;
  stdin: string;
  /** Contents written on descriptors 3, 4, … in order (bubblewrap's `--file FD`). */
  fdContents: readonly string[];
  wallMs: number;
  outputBytes: number;
  signal?: AbortSignal;
}

export interface ProcessOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  isTruncated: boolean;
  durationMs: number;
  /** Why we killed it, if we did. */
  killedFor?: "timeout" | "output-limit" | "aborted";
  /** The command could not be started (ENOENT …). */
  spawnError?: Error;
}

/** Collects a stream's bytes up to `cap`; `onOverflow` is called once when more arrive. */
function capture(cap: number, onOverflow: () => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let isTruncated = false;
  return {
    push(chunk: Buffer) {
      if (size >= cap) {
        if (!isTruncated) {
          isTruncated = true;
          onOverflow();
        }
        return;
      }
      const kept = chunk.subarray(0, cap - size);
      chunks.push(kept);
      size += kept.length;
      if (kept.length < chunk.length && !isTruncated) {
        isTruncated = true;
        onOverflow();
      }
    },
    text: () => Buffer.concat(chunks).toString("utf8"),
    isTruncated: () => isTruncated,
  };
}

/** Writes `text` and ends the stream, ignoring a reader that went away (EPIPE). */
function feed(stream: Writable | null | undefined, text: string): void {
  if (stream === null || stream === undefined) return;
  stream.on("error", () => {});
  stream.end(text);
}

export function runProcess(input: ProcessInput): Promise<ProcessOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const stdio: ("pipe" | "ignore")[] = [
      "pipe",
      "pipe",
      "pipe",
      ...input.fdContents.map(() => "pipe" as const),
    ];
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(input.command, input.args, {
        env: { ...input.env },
        stdio,
        detached: true,
        ...(input.cwd === undefined ? {} : { cwd: input.cwd }),
        ...(input.uid === undefined ? {} : { uid: input.uid }),
        ...(input.gid === undefined ? {} : { gid: input.gid }),
      });
    } catch (error) {
      resolve({
        exitCode: null,
        signal: null,
        stdout: "",
        stderr: "",
        isTruncated: false,
        durationMs: performance.now() - started,
        spawnError: error as Error,
      });
      return;
    }
    let killedFor: ProcessOutcome["killedFor"];
    const killGroup = (reason: NonNullable<ProcessOutcome["killedFor"]>) => {
      killedFor ??= reason;
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const stdout = capture(input.outputBytes, () => killGroup("output-limit"));
    const stderr = capture(input.outputBytes, () => killGroup("output-limit"));
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    feed(child.stdin, input.stdin);
    for (const [index, content] of input.fdContents.entries()) {
      feed(child.stdio[3 + index] as Writable | null, content);
    }
    const timer = setTimeout(() => killGroup("timeout"), input.wallMs);
    const onAbort = () => killGroup("aborted");
    if (input.signal?.aborted) onAbort();
    else input.signal?.addEventListener("abort", onAbort, { once: true });
    let spawnError: Error | undefined;
    child.on("error", (error) => {
      spawnError = error;
    });
    // A grandchild that left the group may hold the pipes open after the child exits: stop reading soon after.
    let drainTimer: NodeJS.Timeout | undefined;
    child.on("exit", () => {
      drainTimer = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, EXIT_DRAIN_MS);
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      clearTimeout(drainTimer);
      input.signal?.removeEventListener("abort", onAbort);
      // Whatever the group left behind (a daemonised grandchild) goes with it.
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // The group is empty.
        }
      }
      resolve({
        exitCode,
        signal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        isTruncated: stdout.isTruncated() || stderr.isTruncated(),
        durationMs: performance.now() - started,
        ...(killedFor === undefined ? {} : { killedFor }),
        ...(spawnError === undefined ? {} : { spawnError }),
      });
    });
  });
}
