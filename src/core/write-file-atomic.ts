// The one way result files are written: a temporary file in the same directory, flushed to disk, renamed into place —
// a reader (or a resume after a crash) finds the old file or the new one, never half of one.

import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { OutputWriteError } from "../errors.js";
import { isProcessAlive } from "./is-process-alive.js";

/**
 * Writes `data` to `path` atomically. A failure (a full disk, a read-only directory) removes the temporary file and
 * throws an `OutputWriteError` naming `path`; the file that was there stays as it was.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const directory = dirname(path);
  const temporary = join(
    directory,
    `.${basename(path)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`,
  );
  let descriptor: number | undefined;
  try {
    descriptor = openSync(temporary, "w");
    writeAllSync(descriptor, typeof data === "string" ? Buffer.from(data) : data);
    fsyncSync(descriptor);
    closeSync(descriptor);
    descriptor = undefined;
    renameSync(temporary, path);
  } catch (error) {
    if (descriptor !== undefined) closeQuietly(descriptor);
    removeQuietly(temporary);
    throw new OutputWriteError(path, error);
  }
  syncDirectory(directory);
}

/** `.NAME.PID-HEX.tmp`: the temporary file `writeFileAtomic` makes beside NAME. */
const TEMPORARY_NAME = /^\..+\.(\d+)-[0-9a-f]{8}\.tmp$/;

/**
 * Removes from `directory` the temporary files of writers that are no longer running (a process killed between
 * writing a temporary file and renaming it leaves one behind); a live process's are left alone. Returns their names.
 */
export function removeStaleTemporaries(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = TEMPORARY_NAME.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || isProcessAlive(Number(pid))) continue;
    removeQuietly(join(directory, name));
    removed.push(name);
  }
  return removed;
}

/** Writes every byte, looping over short writes (a write may take part of the buffer, as on a nearly full disk). */
export function writeAllSync(descriptor: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(descriptor, bytes, offset, bytes.length - offset);
}

/** Flushes the directory entry of the rename (best effort: not every file system lets a directory be opened). */
function syncDirectory(directory: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(directory, "r");
    fsyncSync(descriptor);
  } catch {
    // The file is in place; only its durability across a power cut is not certain here.
  } finally {
    if (descriptor !== undefined) closeQuietly(descriptor);
  }
}

function closeQuietly(descriptor: number): void {
  try {
    closeSync(descriptor);
  } catch {
    // Already closed or unusable: nothing more to do with it.
  }
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // A read-only directory: the temporary file could not have been made either.
  }
}
