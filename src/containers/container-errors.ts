// Failures of the container engine itself (not of what runs in a container): a BenchError the run reports with the
// engine's own words, and how to read dockerode's errors (HTTP status, the engine's JSON message).
import { BenchError } from "../errors.js";

/** The engine failed to do what was asked (create, copy, build, exec): the sample fails, not the model's answer. */
export class ContainerEngineError extends BenchError {
  constructor(message: string, cause: unknown) {
    super("E_CONTAINER_ENGINE", `container engine: ${message}`, {
      exitCode: 1,
      ...(cause === undefined ? {} : { cause }),
    });
  }
}

interface DockerodeError {
  statusCode?: number;
  json?: { message?: string } | null;
  reason?: string;
  message?: string;
  code?: string;
}

/** True for the engine's 404 (no such image or container). */
export function isNotFound(error: unknown): boolean {
  return (error as DockerodeError | null)?.statusCode === 404;
}

/** The engine's own message where it sent one (`{"message": …}`), else the error's. */
export function engineErrorMessage(error: unknown): string {
  const value = error as DockerodeError | null;
  const fromEngine = value?.json?.message;
  if (typeof fromEngine === "string" && fromEngine !== "") {
    return value?.statusCode === undefined ? fromEngine : `${fromEngine} (HTTP ${value.statusCode})`;
  }
  if (value?.code === "ENOENT" || value?.code === "ECONNREFUSED")
    return `${value.code}: nothing listens there`;
  return value?.message ?? String(error);
}
