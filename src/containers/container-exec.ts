// One command in a running container through the engine's exec API: stdout and stderr demultiplexed and each kept up
// to a cap, a wall-clock limit (coreutils `timeout -s KILL` inside the container kills the command's whole process
// group; where the image has no `timeout`, the client stops waiting and kills every process but the container's
// init), the exit code, and whether the container's memory limit killed something meanwhile.
import type { Duplex } from "node:stream";
import type Docker from "dockerode";
import type { ExecOptions, ExecResult, ExecStatus } from "./types.js";

export const DEFAULT_EXEC_TIMEOUT_MS = 120_000;
export const DEFAULT_OUTPUT_BYTES = 1024 * 1024;
/** How long after the limit the client waits for the in-container `timeout` before it kills processes itself. */
const CLIENT_GRACE_MS = 5_000;

// `timeout` kills the process group it made for the command (its children included) with SIGKILL at the limit.
const WRAPPER =
  's=$1; shift; if command -v timeout >/dev/null 2>&1; then exec timeout -s KILL "$s" "$@"; else exec "$@"; fi';

/**
 * Bytes of one stream, kept up to a cap: its first `cap` bytes ("head"), or its first and last `cap / 2` ("ends");
 * what is beyond is counted and dropped.
 */
class CappedBuffer {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer = Buffer.alloc(0);
  private total = 0;
  private readonly headCap: number;
  private readonly tailCap: number;
  constructor(cap: number, keep: "head" | "ends" = "head") {
    this.headCap = keep === "ends" ? Math.ceil(cap / 2) : cap;
    this.tailCap = keep === "ends" ? Math.floor(cap / 2) : 0;
  }
  get isTruncated(): boolean {
    return this.total > this.headCap + this.tailCap;
  }
  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.headCap - this.headBytes;
    const toHead = Math.max(0, Math.min(room, chunk.length));
    if (toHead > 0) {
      this.head.push(chunk.subarray(0, toHead));
      this.headBytes += toHead;
    }
    if (this.tailCap === 0 || toHead === chunk.length) return;
    const rest = chunk.subarray(toHead);
    const joined = this.tail.length === 0 ? rest : Buffer.concat([this.tail, rest]);
    this.tail =
      joined.length <= this.tailCap
        ? Buffer.from(joined)
        : Buffer.from(joined.subarray(joined.length - this.tailCap));
  }
  text(): string {
    const decoder = new TextDecoder("utf-8");
    const head = decoder.decode(Buffer.concat(this.head));
    if (this.tail.length === 0) return head;
    const dropped = this.total - this.headBytes - this.tail.length;
    const gap = dropped > 0 ? `\n[${dropped} bytes of output left out here]\n` : "";
    return `${head}${gap}${decoder.decode(this.tail)}`;
  }
}

/**
 * Splits the engine's multiplexed stream (8-byte frame headers: stream 1 stdout, 2 stderr, then the length) into the
 * two buffers, across chunk boundaries.
 */
function demultiplexer(stdout: CappedBuffer, stderr: CappedBuffer): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 8) {
      const kind = pending[0];
      const size = pending.readUInt32BE(4);
      if (pending.length < 8 + size) break;
      const payload = pending.subarray(8, 8 + size);
      (kind === 2 ? stderr : stdout).push(payload);
      pending = pending.subarray(8 + size);
    }
  };
}

/** The `oom_kill` count of the container's memory cgroup (v2's memory.events or v1's memory.oom_control). */
export async function readOomKills(container: Docker.Container): Promise<number | undefined> {
  const exec = await container.exec({
    Cmd: [
      "/bin/sh",
      "-c",
      "cat /sys/fs/cgroup/memory.events /sys/fs/cgroup/memory/memory.oom_control 2>/dev/null || true",
    ],
    AttachStdout: true,
    AttachStderr: true,
  });
  const stream = await exec.start({ hijack: true, stdin: false });
  const out = new CappedBuffer(64 * 1024);
  const err = new CappedBuffer(1024);
  const feed = demultiplexer(out, err);
  await new Promise<void>((resolve, reject) => {
    stream.on("data", feed);
    stream.on("end", resolve);
    stream.on("close", resolve);
    stream.on("error", reject);
  });
  const match = /^oom_kill (\d+)$/m.exec(out.text());
  return match === null ? undefined : Number(match[1]);
}

export interface ExecTarget {
  readonly container: Docker.Container;
  /** The OOM-kill count seen after the previous command (so a new kill is told from an old one). */
  oomKills: number;
}

const ABORTED_REASON = "stopped: the run was interrupted";

function statusReason(
  status: ExecStatus,
  exitCode: number | null,
  timeoutMs: number,
  isOom: boolean,
): string | undefined {
  switch (status) {
    case "ok":
      return undefined;
    case "exit":
      return `exited with code ${exitCode}`;
    case "timeout":
      return `killed after the ${timeoutMs / 1000} s time limit`;
    case "killed":
      return isOom
        ? "killed by the container's memory limit (out of memory)"
        : `killed by signal ${exitCode === null ? "?" : exitCode - 128}`;
    case "aborted":
      return ABORTED_REASON;
  }
}

/** Runs `argv` in the target's container; never rejects for what the command does. */
export async function execInContainer(
  target: ExecTarget,
  argv: readonly string[],
  options: ExecOptions,
): Promise<ExecResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS;
  const cap = options.outputBytes ?? DEFAULT_OUTPUT_BYTES;
  const started = performance.now();
  const hasStdin = options.stdin !== undefined;
  const aborted = (): ExecResult => ({
    status: "aborted",
    exitCode: null,
    stdout: "",
    stderr: "",
    isTruncated: false,
    durationMs: performance.now() - started,
    isOutOfMemory: false,
    reason: ABORTED_REASON,
  });
  const isStopped = () => options.signal?.aborted === true;
  if (isStopped()) return aborted();
  let exec: Docker.Exec;
  let stream: Duplex;
  try {
    ({ exec, stream } = await startExec(target, argv, options, hasStdin));
  } catch (error) {
    // A stop can reach the container first (it is being removed): the command was cut short, not failed.
    if (isStopped()) return aborted();
    throw error;
  }
  const stdout = new CappedBuffer(cap, options.keep);
  const stderr = new CappedBuffer(cap, options.keep);
  const feed = demultiplexer(stdout, stderr);
  let isTimedOut = false;
  let isAborted = false;
  let isClientKilled = false;
  const ended = new Promise<void>((resolve) => {
    stream.on("data", feed);
    stream.on("end", resolve);
    stream.on("close", resolve);
    stream.on("error", () => resolve());
  });
  if (hasStdin) {
    stream.write(options.stdin);
    // Half-close: the command sees the end of its input.
    (stream as unknown as { end(): void }).end();
  }
  const limitTimer = setTimeout(() => {
    isTimedOut = true;
  }, timeoutMs);
  let clientTimer: NodeJS.Timeout | undefined;
  const stopWaiting = new Promise<void>((resolve) => {
    clientTimer = setTimeout(() => {
      isClientKilled = true;
      resolve();
    }, timeoutMs + CLIENT_GRACE_MS);
    options.signal?.addEventListener(
      "abort",
      () => {
        isAborted = true;
        resolve();
      },
      { once: true },
    );
    if (options.signal?.aborted === true) {
      isAborted = true;
      resolve();
    }
  });
  await Promise.race([ended, stopWaiting]);
  clearTimeout(limitTimer);
  clearTimeout(clientTimer);
  if (isClientKilled || isAborted) {
    stream.destroy();
    // No `timeout` in the image (or it did not act): end every process but the container's init.
    if (isClientKilled) await killAllProcesses(target.container);
  }
  const exitCode = isClientKilled || isAborted ? null : await exitCodeOf(exec);
  const durationMs = performance.now() - started;
  let status: ExecStatus;
  if (isAborted) status = "aborted";
  else if (isClientKilled || (isTimedOut && (exitCode === 137 || exitCode === 124))) status = "timeout";
  else if (exitCode === 0) status = "ok";
  else if (exitCode !== null && exitCode > 128 && exitCode <= 128 + 64) status = "killed";
  else status = "exit";
  let isOutOfMemory = false;
  if (status !== "ok" && status !== "aborted") {
    const kills = await readOomKills(target.container).catch(() => undefined);
    if (kills !== undefined && kills > target.oomKills) {
      isOutOfMemory = true;
      target.oomKills = kills;
    }
  }
  const reason = statusReason(status, exitCode, timeoutMs, isOutOfMemory);
  return {
    status,
    exitCode,
    stdout: stdout.text(),
    stderr: stderr.text(),
    isTruncated: stdout.isTruncated || stderr.isTruncated,
    durationMs,
    isOutOfMemory,
    ...(reason === undefined ? {} : { reason }),
  };
}

/** Creates the exec (the wrapper around `argv`) and attaches to its streams. */
async function startExec(
  target: ExecTarget,
  argv: readonly string[],
  options: ExecOptions,
  hasStdin: boolean,
): Promise<{ exec: Docker.Exec; stream: Duplex }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS;
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  const exec = await target.container.exec({
    Cmd: ["/bin/sh", "-c", WRAPPER, "llm-bench-exec", String(seconds), ...argv],
    AttachStdout: true,
    AttachStderr: true,
    AttachStdin: hasStdin,
    Tty: false,
    ...(options.env === undefined
      ? {}
      : { Env: Object.entries(options.env).map(([key, value]) => `${key}=${value}`) }),
    ...(options.workdir === undefined ? {} : { WorkingDir: options.workdir }),
    ...(options.user === undefined ? {} : { User: options.user }),
  });
  const stream = await exec.start({ hijack: true, stdin: hasStdin });
  return { exec, stream };
}

/** The exec's exit code once the engine has it (it may trail the end of the output stream by a moment). */
async function exitCodeOf(exec: Docker.Exec): Promise<number | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const info = await exec.inspect();
    if (!info.Running && info.ExitCode !== null && info.ExitCode !== undefined) return info.ExitCode;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

async function killAllProcesses(container: Docker.Container): Promise<void> {
  try {
    const exec = await container.exec({
      Cmd: ["/bin/sh", "-c", "kill -9 -1"],
      AttachStdout: false,
      AttachStderr: false,
    });
    await exec.start({ Detach: true });
  } catch {
    // The container may be gone already; its removal ends everything anyway.
  }
}
