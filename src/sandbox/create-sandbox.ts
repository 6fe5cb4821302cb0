// The code sandbox a run executes model-written programs in: bubblewrap (bwrap) when it is installed and works,
// else — only with the user's consent (`--allow-unsafe-code`) — a plain subprocess with the same limits. Either
// way each execution runs as an unprivileged user when the tool runs as root (so the process limit binds), in its
// own session, on a pool of `workers` slots; its process limit counts its own processes only (limits.ts).
import { accessSync, constants, existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { chmod, chown, mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { createWorkerSlots } from "../core/worker-slots.js";
import { ConfigError } from "../errors.js";
import { bwrapArgs, SANDBOX_ENV, SANDBOX_WORKDIR } from "./bwrap-args.js";
import { prlimitArgs, processLimitArg, resolveLimits } from "./limits.js";
import { type ProcessOutcome, runProcess } from "./run-process.js";
import type { CodeSandbox, SandboxLimits, SandboxRequest, SandboxResult, SandboxStatus } from "./types.js";

/** `nobody`: who sandboxed code runs as in bubblewrap when the tool runs as root. */
const UNPRIVILEGED_ID = 65534;

/**
 * Unsafe mode as root: each execution at once runs as a uid of its own — no account, far above any real one — so the
 * process limit (counted per uid outside a user namespace) binds each execution alone: base + this process's id ×
 * 1,024 + the execution's slot (two llm-bench processes never share one).
 */
const UNSAFE_UID_BASE = 1_500_000_000;
const UNSAFE_SLOTS = 1024;

export const INSTALL_BWRAP_HINT =
  "install bubblewrap (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap; " +
  "Arch: sudo pacman -S bubblewrap)";

export interface SandboxOptions {
  /** Executions at once (`--sandbox-workers`); default: the machine's cores. */
  workers?: number;
  /** Run without bubblewrap when it is missing (`--allow-unsafe-code`). */
  allowUnsafe?: boolean;
  /**
   * The environment to find `bwrap`, `prlimit` and Python on (PATH, `LLM_BENCH_SANDBOX_PYTHON`); without PATH, the
   * process's.
   */
  env?: NodeJS.ProcessEnv;
  /** Told once when code will run without isolation. */
  warn?: (message: string) => void;
}

/** The first executable `name` on `env.PATH`. */
export function findExecutable(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env["PATH"] ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** The Python sandboxed programs run with: `LLM_BENCH_SANDBOX_PYTHON`, else the system's /usr/bin/python3, else PATH's. */
function findPython(env: NodeJS.ProcessEnv): string {
  const chosen =
    env["LLM_BENCH_SANDBOX_PYTHON"] ??
    (existsSync("/usr/bin/python3") ? "/usr/bin/python3" : findExecutable("python3", env));
  if (chosen === undefined || !existsSync(chosen)) {
    throw new ConfigError(
      `Running model-written code needs Python 3: ${chosen === undefined ? "python3 is not on PATH" : `${chosen} does not exist`}; install it (Debian/Ubuntu: sudo apt-get install python3) or set LLM_BENCH_SANDBOX_PYTHON to an interpreter.`,
    );
  }
  return realpathSync(chosen);
}

/** `file` when it is outside the system paths bubblewrap binds (a prlimit in /opt), to be bound read-only. */
function outsideSystemPaths(file: string): string[] {
  return /^\/(usr|bin|sbin|lib\w*)\//.test(file) ? [] : [file];
}

/** Folders outside /usr that the interpreter needs (its installation prefix), bound read-only. */
function interpreterPaths(python: string): string[] {
  if (python.startsWith("/usr/")) return [];
  return [path.dirname(path.dirname(python))];
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** How the run ended, and why in one line. */
function classify(
  outcome: ProcessOutcome,
  limits: SandboxLimits,
  viaBwrap: boolean,
): Pick<SandboxResult, "status" | "reason"> {
  const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;
  switch (outcome.killedFor) {
    case "timeout":
      return { status: "timeout", reason: `killed after the ${seconds(limits.wallMs)} wall-clock limit` };
    case "output-limit":
      return {
        status: "output-limit",
        reason: `killed: it wrote more than ${limits.outputBytes} bytes to stdout or stderr`,
      };
    case "aborted":
      return { status: "aborted", reason: "stopped: the run was cancelled" };
    default:
      break;
  }
  // bubblewrap reports a child killed by signal N as exit code 128 + N.
  const signalNumber =
    outcome.signal !== null
      ? signalNumberOf(outcome.signal)
      : viaBwrap && (outcome.exitCode ?? 0) > 128
        ? (outcome.exitCode ?? 0) - 128
        : undefined;
  if (signalNumber === SIGXCPU || (signalNumber === SIGKILL && /cpu/i.test(outcome.stderr))) {
    return { status: "cpu-limit", reason: `killed after ${limits.cpuSeconds} s of CPU time (the CPU limit)` };
  }
  if (/\bMemoryError\b|Cannot allocate memory|std::bad_alloc/.test(outcome.stderr)) {
    return {
      status: "memory-limit",
      reason: `out of memory: the address-space limit is ${Math.round(limits.memoryBytes / 1024 ** 2)} MiB`,
    };
  }
  if (signalNumber === SIGXFSZ) {
    return { status: "exit", reason: `killed: it wrote a file over the ${limits.fileBytes}-byte limit` };
  }
  if (signalNumber !== undefined) {
    return { status: "killed", reason: `killed by signal ${signalNumber}` };
  }
  if (outcome.exitCode === 0) return { status: "ok" };
  const lastLine = outcome.stderr.trim().split("\n").at(-1)?.trim() ?? "";
  return {
    status: "exit",
    reason: `exited with code ${outcome.exitCode}${lastLine === "" ? "" : `: ${lastLine.slice(0, 200)}`}`,
  };
}

const SIGKILL = 9;
const SIGXCPU = 24;
const SIGXFSZ = 25;
function signalNumberOf(signal: NodeJS.Signals): number | undefined {
  return ({ SIGKILL, SIGXCPU, SIGXFSZ, SIGSEGV: 11, SIGABRT: 6, SIGTERM: 15 } as Record<string, number>)[
    signal
  ];
}

function checkFileNames(request: SandboxRequest): [string, string][] {
  const files: [string, string][] = Object.entries(request.files ?? {});
  for (const [name] of files) {
    if (name === "main.py" || !/^[A-Za-z0-9_.-]+$/.test(name) || name.startsWith(".")) {
      throw new ConfigError(
        `sandbox: file name "${name}" is not a plain name (letters, digits, _ . -; not main.py).`,
      );
    }
  }
  return files;
}

/** The unsafe executions running now, by slot (each slot its own uid when root). */
const unsafeSlotsInUse = new Set<number>();

function takeUnsafeSlot(): number {
  for (let slot = 0; slot < UNSAFE_SLOTS; slot++) {
    if (unsafeSlotsInUse.has(slot)) continue;
    unsafeSlotsInUse.add(slot);
    return slot;
  }
  throw new Error(`more than ${UNSAFE_SLOTS} unsafe executions at once`);
}

function unsafeUid(slot: number): number {
  return UNSAFE_UID_BASE + (process.pid % 1_000_000) * UNSAFE_SLOTS + slot;
}

/** Processes (threads, as RLIMIT_NPROC counts them) whose real uid is this process's, from /proc. */
function tasksOfOwnUser(): number {
  const uid = process.getuid?.() ?? -1;
  let tasks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let status: string;
    try {
      status = readFileSync(`/proc/${entry}/status`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    if (Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) !== uid) continue;
    tasks += Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1);
  }
  return tasks;
}

function commandOf(request: SandboxRequest, python: string, dir: string): string[] {
  const args = request.args ?? [];
  return request.language === "python"
    ? [python, path.posix.join(dir, "main.py"), ...args]
    : ["/bin/sh", "-c", request.code, "sh", ...args];
}

interface Prepared {
  python: string;
  prlimit: string;
  bwrap: string | undefined;
}

async function runInBwrap(
  prepared: Prepared & { bwrap: string },
  request: SandboxRequest,
): Promise<SandboxResult> {
  const limits = resolveLimits(request.limits);
  const files = checkFileNames(request);
  const delivered =
    request.language === "python" ? [["main.py", request.code] as [string, string], ...files] : files;
  const args = bwrapArgs({
    files: delivered.map(([name], index) => ({ name, fd: 3 + index })),
    // The process limit is set inside, in the sandbox's user namespace: it counts this execution's processes only.
    command: [
      prepared.prlimit,
      processLimitArg(limits.processes),
      "--",
      ...commandOf(request, prepared.python, SANDBOX_WORKDIR),
    ],
    readOnlyPaths: [...interpreterPaths(prepared.python), ...outsideSystemPaths(prepared.prlimit)],
  });
  const outcome = await runProcess({
    command: prepared.prlimit,
    args: [...prlimitArgs(limits), "--", prepared.bwrap, ...args],
    env: { PATH: SANDBOX_ENV["PATH"] ?? "/usr/bin:/bin" },
    ...(isRoot() ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : {}),
    stdin: request.stdin ?? "",
    fdContents: delivered.map(([, content]) => content),
    wallMs: limits.wallMs,
    outputBytes: limits.outputBytes,
    ...(request.signal === undefined ? {} : { signal: request.signal }),
  });
  return toResult(outcome, limits, true);
}

async function runUnsafe(prepared: Prepared, request: SandboxRequest): Promise<SandboxResult> {
  const limits = resolveLimits(request.limits);
  const files = checkFileNames(request);
  const slot = takeUnsafeSlot();
  const dir = await mkdtemp(path.join(tmpdir(), "llm-bench-unsafe-"));
  try {
    const written =
      request.language === "python" ? [["main.py", request.code] as [string, string], ...files] : files;
    for (const [name, content] of written) await writeFile(path.join(dir, name), content);
    const uid = unsafeUid(slot);
    if (isRoot()) {
      await chown(dir, uid, uid);
      await chmod(dir, 0o700);
    }
    // Without a user namespace RLIMIT_NPROC counts the real user's processes: as root, a uid of the execution's own;
    // otherwise the user's own processes are counted in and the limit is that many more (shared by the executions
    // running at once — bubblewrap has no such sharing).
    const processes = isRoot() ? limits.processes : tasksOfOwnUser() + limits.processes;
    const outcome = await runProcess({
      command: prepared.prlimit,
      args: [
        ...prlimitArgs(limits),
        processLimitArg(processes),
        "--",
        ...commandOf(request, prepared.python, dir),
      ],
      env: { ...SANDBOX_ENV, HOME: dir },
      cwd: dir,
      ...(isRoot() ? { uid, gid: uid } : {}),
      stdin: request.stdin ?? "",
      fdContents: [],
      wallMs: limits.wallMs,
      outputBytes: limits.outputBytes,
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
    return toResult(outcome, limits, false);
  } finally {
    unsafeSlotsInUse.delete(slot);
    await rm(dir, { recursive: true, force: true });
  }
}

function toResult(outcome: ProcessOutcome, limits: SandboxLimits, viaBwrap: boolean): SandboxResult {
  if (outcome.spawnError !== undefined) {
    throw new Error(`the sandbox could not start: ${outcome.spawnError.message}`);
  }
  const { status, reason } = classify(outcome, limits, viaBwrap);
  return {
    status: status as SandboxStatus,
    exitCode: outcome.signal === null ? outcome.exitCode : null,
    signal: outcome.signal,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    isTruncated: outcome.isTruncated,
    durationMs: outcome.durationMs,
    ...(reason === undefined ? {} : { reason }),
  };
}

/** Checks that bwrap can build a sandbox here (user namespaces allowed): the error names what failed. */
async function probeBwrap(prepared: Prepared & { bwrap: string }): Promise<void> {
  const result = await runInBwrap(prepared, {
    language: "python",
    code: "print('ok')",
    limits: { wallMs: 10_000 },
  });
  if (result.status !== "ok" || result.stdout.trim() !== "ok") {
    throw new ConfigError(
      `bubblewrap (${prepared.bwrap}) cannot create a sandbox here: ${result.reason ?? "no output"}${result.stderr.trim() === "" ? "" : ` — ${result.stderr.trim().split("\n").at(-1)}`}. ` +
        "It needs unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1) or a setuid bwrap; or pass --allow-unsafe-code to run model code without isolation.",
    );
  }
}

/**
 * The sandbox for a run. Without a working bwrap it refuses (a ConfigError saying how to install it) unless
 * `allowUnsafe`, then warns once and runs plain subprocesses with the same limits.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<CodeSandbox> {
  const given = options.env ?? process.env;
  // An environment given without PATH (a library caller's `{}`) still finds programs on the process's PATH.
  const env = { ...given, PATH: given["PATH"] ?? process.env["PATH"] ?? "" };
  const prlimit =
    findExecutable("prlimit", env) ?? (existsSync("/usr/bin/prlimit") ? "/usr/bin/prlimit" : undefined);
  if (prlimit === undefined) {
    throw new ConfigError(
      "Running model-written code needs prlimit (util-linux) to set resource limits; install util-linux.",
    );
  }
  const python = findPython(env);
  const bwrap = findExecutable("bwrap", env);
  const slots = createWorkerSlots(Math.max(1, Math.floor(options.workers ?? availableParallelism())));
  const controller = new AbortController();
  const withSignal = (request: SandboxRequest): SandboxRequest => ({
    ...request,
    signal:
      request.signal === undefined ? controller.signal : AbortSignal.any([request.signal, controller.signal]),
  });
  if (bwrap !== undefined) {
    const prepared = { python, prlimit, bwrap };
    await probeBwrap(prepared);
    return {
      kind: "bwrap",
      run: (request) => slots.run(() => runInBwrap(prepared, withSignal(request))),
      close: async () => controller.abort(),
    };
  }
  if (options.allowUnsafe !== true) {
    throw new ConfigError(
      `This benchmark runs model-written code, and bubblewrap (bwrap) is not on PATH to isolate it: ${INSTALL_BWRAP_HINT}. ` +
        "Or pass --allow-unsafe-code to run it in a plain subprocess with CPU, memory, file-size and process limits but no isolation from your files or network.",
    );
  }
  options.warn?.(
    "WARNING: --allow-unsafe-code: model-written code runs WITHOUT isolation (no bubblewrap): it can read your files and use the network. Limits on CPU, memory, file size, processes and time still apply.",
  );
  const prepared = { python, prlimit, bwrap: undefined };
  return {
    kind: "unsafe",
    run: (request) => slots.run(() => runUnsafe(prepared, withSignal(request))),
    close: async () => controller.abort(),
  };
}
