// What the container tier gives a benchmark: an engine (Docker Engine API, or Podman's compatible service) that
// makes images ready and lends out containers, one sample at a time, and the container a sample works in.
import type { ImageProgress } from "../core/image-progress.js";

export type { ImageProgress };

/** A file to put into a container. */
export interface ContainerFile {
  /** Relative to the directory it is put in (`putFiles`), `/`-separated; parent directories are made. */
  readonly path: string;
  readonly content: string | Uint8Array;
  /** Unix mode bits; default 0o644 (0o755 for a path ending in `.sh`). */
  readonly mode?: number;
}

export interface ExecOptions {
  /** Wall-clock limit; the command's whole process group is killed when it passes. Default 120 s. */
  readonly timeoutMs?: number;
  /** stdout and stderr are each kept up to this many bytes (the rest is read and dropped). Default 1 MiB. */
  readonly outputBytes?: number;
  readonly env?: Readonly<Record<string, string>>;
  /** The working directory; default the image's. */
  readonly workdir?: string;
  /** Text written to the command's standard input (then closed). */
  readonly stdin?: string;
  readonly signal?: AbortSignal;
}

/**
 * How a command ended: "ok" (exit 0), "exit" (another exit code), "timeout" (killed at `timeoutMs`), "killed" (a
 * signal, e.g. the kernel's OOM killer at the memory limit), "aborted" (the caller's signal).
 */
export type ExecStatus = "ok" | "exit" | "timeout" | "killed" | "aborted";

export interface ExecResult {
  readonly status: ExecStatus;
  /** The exit code (128 + the signal number when a signal ended it, as a shell reports it); null when unknown. */
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** True when stdout or stderr was cut at `outputBytes`. */
  readonly isTruncated: boolean;
  readonly durationMs: number;
  /** True when the container's memory limit was hit while the command ran (the kernel killed a process). */
  readonly isOutOfMemory: boolean;
  /** One line saying why it failed; absent for "ok". */
  readonly reason?: string;
}

/** One sample's container: started, isolated as its spec says, removed when the sample ends. */
export interface SampleContainer {
  readonly id: string;
  /** The image it runs (after `--image-map`). */
  readonly image: string;
  /**
   * Runs a command: a string is a shell command line (`/bin/sh -c`; `bash -c` when `shell: "bash"` was asked and
   * the image has it), an array an argv. Never rejects for what the command does, only for a broken engine.
   */
  exec(
    command: string | readonly string[],
    options?: ExecOptions & { shell?: "sh" | "bash" },
  ): Promise<ExecResult>;
  /** Writes files under `directory` (made if missing). */
  putFiles(directory: string, files: readonly ContainerFile[]): Promise<void>;
  /** Copies a host directory's contents (recursively, modes kept) into `directory` (made if missing). */
  putDirectory(hostDirectory: string, directory: string): Promise<void>;
  /** A file's bytes; rejects with a clear message when it is missing. */
  readFile(path: string): Promise<Buffer>;
}

export interface ContainerSpec {
  /** An image reference as the task names it; `--image-map` is applied. */
  readonly image: string;
  readonly workdir?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** True: the engine's default network (a step that must download). Default false: `NetworkMode: none`. */
  readonly network?: boolean;
  /** Override the run's `--container-memory` (bytes) and `--container-cpus` for this container. */
  readonly memoryBytes?: number;
  readonly cpus?: number;
  /** Shown in the container's name and labels, e.g. the sample id. */
  readonly purpose?: string;
}

/** An image built from a context directory through the engine's build API. */
export interface ImageBuild {
  /** The directory sent as the build context. */
  readonly contextDirectory: string;
  /** The Dockerfile, relative to the context; default `Dockerfile`. Its FROM lines get `--image-map`. */
  readonly dockerfile?: string;
  /** The repository part of the tag, e.g. `llm-bench/terminal-bench-hello-world`; the tag is the context's digest. */
  readonly repository: string;
}

export interface ContainerEngine {
  /** Where it is (`unix:///run/docker.sock`, `tcp://host:2376`), for run.json and messages. */
  readonly host: string;
  /** `--image-map` applied to a reference. */
  mapImage(reference: string): string;
  /** The mapped reference, pulled when the engine does not have it (progress reported). */
  ensureImage(reference: string, signal?: AbortSignal): Promise<string>;
  /**
   * Builds (or reuses: the tag is the digest of the context and the mapped Dockerfile) an image; returns its tag.
   * Base images its FROM lines name are pulled first when absent. A failed build rejects with the build's last lines.
   */
  buildImage(build: ImageBuild, signal?: AbortSignal): Promise<string>;
  /**
   * Waits for one of `--container-workers` slots, creates and starts a container, gives it to `use`, and removes it
   * when `use` settles (also when it throws or the run is interrupted).
   */
  withContainer<T>(
    spec: ContainerSpec,
    use: (container: SampleContainer) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T>;
  /** Removes the containers still running for this run and closes the connection. */
  close(): Promise<void>;
}
