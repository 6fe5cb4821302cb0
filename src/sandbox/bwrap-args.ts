// bubblewrap's arguments for one execution: every namespace unshared (no network), the system's programs and
// libraries read-only, a fresh size-capped tmpfs `/tmp` as the only writable path (the program's files copied into
// it from pipes), no `$HOME`, no run directory, a cleared environment but for a minimal set, and the sandbox dying
// with its parent.
import { existsSync, lstatSync, readlinkSync } from "node:fs";
import path from "node:path";
import { TMPFS_BYTES } from "./limits.js";

/** The top-level system paths a program may need: bound read-only when folders, re-created when symlinks. */
const SYSTEM_PATHS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

/** Files of /etc a program may read (time zone, locales, the dynamic linker's cache); the rest of /etc is absent. */
const ETC_FILES = ["/etc/ld.so.cache", "/etc/localtime", "/etc/alternatives", "/etc/ssl/certs"];

/** The environment the program sees: nothing of the caller's. */
export const SANDBOX_ENV: Readonly<Record<string, string>> = {
  PATH: "/usr/local/bin:/usr/bin:/bin",
  HOME: "/tmp",
  LANG: "C.UTF-8",
  PYTHONDONTWRITEBYTECODE: "1",
  PYTHONIOENCODING: "utf-8",
};

/** Where the program and its files are, inside the sandbox. */
export const SANDBOX_WORKDIR = "/tmp";

export interface BwrapArgsInput {
  /** The program's files by name, each delivered on file descriptor `fd` (3, 4, …). */
  files: readonly { name: string; fd: number }[];
  /** What to run inside, e.g. ["/usr/bin/python3", "/tmp/main.py"]. */
  command: readonly string[];
  /** Extra read-only paths (an interpreter installed outside /usr). */
  readOnlyPaths?: readonly string[];
}

function systemMounts(): string[] {
  const args: string[] = [];
  for (const entry of SYSTEM_PATHS) {
    if (!existsSync(entry)) continue;
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) args.push("--symlink", readlinkSync(entry), entry);
    else if (stat.isDirectory()) args.push("--ro-bind", entry, entry);
  }
  for (const file of ETC_FILES) if (existsSync(file)) args.push("--ro-bind", file, file);
  return args;
}

export function bwrapArgs(input: BwrapArgsInput): string[] {
  const args = [
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--hostname",
    "sandbox",
    ...systemMounts(),
    ...(input.readOnlyPaths ?? []).flatMap((each) => ["--ro-bind", each, each]),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--size",
    String(TMPFS_BYTES),
    "--tmpfs",
    SANDBOX_WORKDIR,
  ];
  for (const file of input.files) {
    args.push("--file", String(file.fd), path.posix.join(SANDBOX_WORKDIR, file.name));
  }
  args.push("--chdir", SANDBOX_WORKDIR, "--clearenv");
  for (const [key, value] of Object.entries(SANDBOX_ENV)) args.push("--setenv", key, value);
  args.push("--", ...input.command);
  return args;
}
