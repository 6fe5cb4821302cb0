// The last lines of a task's log, to show with a failed task (a missing or empty log says so).
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";

/** Reads at most the last 64 KiB: a long run's progress lines must not be read whole to show its end. */
const TAIL_BYTES = 64 * 1024;

export function taskLogTail(path: string, lines = 20): string {
  if (!existsSync(path)) return `(no log at ${path}: the task did not start)`;
  const size = statSync(path).size;
  if (size === 0) return "(empty)";
  const length = Math.min(size, TAIL_BYTES);
  const buffer = Buffer.alloc(length);
  const descriptor = openSync(path, "r");
  try {
    readSync(descriptor, buffer, 0, length, size - length);
  } finally {
    closeSync(descriptor);
  }
  // Progress bars redraw with \r: keep what the last redraw left on each line.
  const text = buffer
    .toString("utf8")
    .split("\n")
    .map((line) => line.split("\r").at(-1) ?? "")
    .filter((line) => line.trim() !== "");
  return text.slice(-lines).join("\n");
}
