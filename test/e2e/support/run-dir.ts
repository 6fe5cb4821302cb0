// Reading what a command wrote: the one run directory under an output dir, JSON files and JSON-lines files.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";

/** The run directories under `outputDir` (its files — the spec's `<benchmark>_<model>_<time>.json` — left out). */
export function runDirNames(outputDir: string): string[] {
  if (!existsSync(outputDir)) return [];
  return readdirSync(outputDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The single run directory a command made under `outputDir` (asserts there is exactly one). */
export function onlyRunDir(outputDir: string): string {
  const entries = runDirNames(outputDir);
  expect(entries).toHaveLength(1);
  return join(outputDir, entries[0] ?? "");
}

export function readJson<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

/** One parsed object per non-empty line. */
export function readJsonLines<T = Record<string, unknown>>(path: string): T[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

/**
 * Polls until the journal of the run being written under `outputDir` has more than `lines` lines (a run part way
 * through), or `timeoutMs` passed.
 */
export async function waitForJournalLines(
  outputDir: string,
  lines: number,
  timeoutMs = 60_000,
): Promise<void> {
  for (let waited = 0; waited < timeoutMs; waited += 20) {
    await sleep(20);
    const [dir] = runDirNames(outputDir);
    const path = dir === undefined ? "" : join(outputDir, dir, "samples.jsonl");
    if (path !== "" && existsSync(path) && readFileSync(path, "utf8").split("\n").length > lines) return;
  }
}
