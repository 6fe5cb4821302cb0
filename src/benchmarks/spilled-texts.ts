// Long texts kept on disk instead of in memory: an append-only file of UTF-8 bytes in a temporary directory; a
// sample holds only where its text is, and reads it back when its prompt is built. How MRCR and GraphWalks load
// GBs of prompts with bounded memory. The file is unlinked as soon as it is open (it lives as long as its
// descriptor, so nothing is left behind even by a killed process); where that fails (Windows), it is removed on
// close and at process exit.
import { closeSync, mkdtempSync, openSync, read, readSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const readAsync = promisify(read);

/** Where one text is in the spill file: its first byte and its length in bytes (UTF-8). */
export interface SpilledText {
  readonly offset: number;
  readonly bytes: number;
}

export interface SpilledTexts {
  /** Appends `text` (written before this returns) and says where it is. */
  append(text: string): SpilledText;
  /** The text at `where`, read synchronously (for `buildPrompt`, which is synchronous). */
  readSync(where: SpilledText): string;
  /** The text at `where`, read without blocking the event loop (for `preparePrompt`). */
  read(where: SpilledText): Promise<string>;
  /** Bytes written so far. */
  readonly size: number;
  /** Closes and deletes the file; reads afterwards throw. Idempotent. */
  close(): void;
}

/** Directories still to remove when the process exits. */
const openDirectories = new Set<string>();
let isExitHookInstalled = false;

function removeOpenDirectories(): void {
  for (const directory of openDirectories) rmSync(directory, { recursive: true, force: true });
  openDirectories.clear();
}

/** A new, empty spill file in a fresh temporary directory (`os.tmpdir()`, or `parentDir` when given). */
export function createSpilledTexts(parentDir: string = tmpdir()): SpilledTexts {
  const directory = mkdtempSync(path.join(parentDir, "llm-bench-spill-"));
  const filePath = path.join(directory, "texts.bin");
  const descriptor = openSync(filePath, "w+");
  try {
    unlinkSync(filePath);
    rmSync(directory, { recursive: true, force: true });
  } catch {
    openDirectories.add(directory);
    if (!isExitHookInstalled) {
      isExitHookInstalled = true;
      process.once("exit", removeOpenDirectories);
    }
  }
  let size = 0;
  let isClosed = false;

  function checkOpen(where: SpilledText): void {
    if (isClosed) throw new Error(`spilled texts in ${directory} are closed`);
    if (where.offset < 0 || where.bytes < 0 || where.offset + where.bytes > size) {
      throw new RangeError(`no spilled text at bytes ${where.offset}+${where.bytes} (${size} written)`);
    }
  }

  return {
    append(text) {
      if (isClosed) throw new Error(`spilled texts in ${directory} are closed`);
      const bytes = Buffer.from(text, "utf8");
      let written = 0;
      while (written < bytes.length) {
        written += writeSync(descriptor, bytes, written, bytes.length - written, size + written);
      }
      const where = { offset: size, bytes: bytes.length };
      size += bytes.length;
      return where;
    },
    readSync(where) {
      checkOpen(where);
      const buffer = Buffer.allocUnsafe(where.bytes);
      let done = 0;
      while (done < where.bytes) {
        const read = readSync(descriptor, buffer, done, where.bytes - done, where.offset + done);
        if (read === 0) throw new Error(`spill file ${filePath} ended early`);
        done += read;
      }
      return buffer.toString("utf8");
    },
    async read(where) {
      checkOpen(where);
      // Positioned reads on the shared descriptor (pread): concurrent reads do not disturb each other.
      const buffer = Buffer.allocUnsafe(where.bytes);
      let done = 0;
      while (done < where.bytes) {
        const { bytesRead } = await readAsync(
          descriptor,
          buffer,
          done,
          where.bytes - done,
          where.offset + done,
        );
        if (bytesRead === 0) throw new Error(`spill file ${filePath} ended early`);
        done += bytesRead;
        if (isClosed) throw new Error(`spilled texts in ${directory} were closed during a read`);
      }
      return buffer.toString("utf8");
    },
    get size() {
      return size;
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      closeSync(descriptor);
      rmSync(directory, { recursive: true, force: true });
      openDirectories.delete(directory);
    },
  };
}
