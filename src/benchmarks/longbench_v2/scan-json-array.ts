// Walks a JSON file holding one array of objects without reading it whole: each object's bytes and where they sit,
// so a loader can keep a row's place in the file instead of its text (LongBench v2's data.json is ~465 MB).
import { open } from "node:fs/promises";
import { DatasetError } from "../../errors.js";

/** Where one element of the array sits in the file. */
export interface ByteRange {
  readonly offset: number;
  readonly byteLength: number;
}

const CHUNK_BYTES = 1 << 20;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * Where the string that `view[from]` is inside ends: the index of its closing quote, or -1 when the view ends first
 * (with whether the view's last byte leaves the next one escaped). `isEscaped`: the byte at `from` is escaped.
 */
export function stringEnd(
  view: Buffer,
  from: number,
  isEscaped: boolean,
): { at: number; isEscaped: boolean } {
  let start = isEscaped ? from + 1 : from;
  for (;;) {
    const quote = view.indexOf(QUOTE, start);
    const stop = quote === -1 ? view.length : quote;
    let backslashes = 0;
    while (stop - backslashes - 1 >= start && view[stop - backslashes - 1] === BACKSLASH) backslashes++;
    if (quote === -1) return { at: -1, isEscaped: backslashes % 2 === 1 };
    if (backslashes % 2 === 0) return { at: quote, isEscaped: false };
    start = quote + 1;
  }
}

/**
 * Calls `onObject` with each top-level object of the array in `filePath` (its bytes and range), in file order. A file
 * that is not one array of objects is a DatasetError naming `label`. Holds one chunk (`chunkBytes`, 1 MiB) and the
 * object being read.
 */
export async function scanJsonArray(
  filePath: string,
  label: string,
  onObject: (bytes: Buffer, range: ByteRange) => void,
  options: { signal?: AbortSignal | undefined; chunkBytes?: number } = {},
): Promise<void> {
  const { signal, chunkBytes = CHUNK_BYTES } = options;
  const fail = (offset: number, what: string) =>
    new DatasetError(`${label}: not a JSON array of objects at byte ${offset}: ${what}.`, {
      code: "E_DATASET_ROW_INVALID",
    });
  const handle = await open(filePath, "r");
  try {
    const chunk = Buffer.allocUnsafe(chunkBytes);
    let position = 0;
    let depth = 0;
    let isInString = false;
    let isEscaped = false;
    let hasArrayEnded = false;
    let objectStart = -1;
    let parts: Buffer[] = [];
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await handle.read(chunk, 0, chunkBytes, position);
      if (bytesRead === 0) break;
      let partStart = objectStart >= 0 ? 0 : -1;
      const view = chunk.subarray(0, bytesRead);
      for (let index = 0; index < bytesRead; index++) {
        if (isInString) {
          // Jump to the string's end (contexts are megabytes): the next quote not escaped by an odd run of `\`.
          const end = stringEnd(view, index, isEscaped);
          isEscaped = end.isEscaped;
          if (end.at === -1) break;
          isInString = false;
          index = end.at;
          continue;
        }
        const byte = view[index] ?? 0;
        if (byte === QUOTE) {
          if (depth < 2) throw fail(position + index, "a value that is not an object");
          isInString = true;
        } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          if (hasArrayEnded) throw fail(position + index, "more after the array");
          if (depth === 0 && byte !== OPEN_BRACKET) throw fail(position + index, "the file is not an array");
          if (depth === 1 && byte !== OPEN_BRACE)
            throw fail(position + index, "an element that is not an object");
          if (depth === 1) {
            objectStart = position + index;
            partStart = index;
            parts = [];
          }
          depth++;
        } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          depth--;
          if (depth < 0) throw fail(position + index, "an unmatched closing bracket");
          if (depth === 1) {
            parts.push(Buffer.from(chunk.subarray(partStart, index + 1)));
            const bytes = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
            parts = [];
            onObject(bytes, { offset: objectStart, byteLength: bytes.length });
            objectStart = -1;
            partStart = -1;
          } else if (depth === 0) hasArrayEnded = true;
        } else if (depth <= 1 && !isJsonSpace(byte) && !(depth === 1 && byte === COMMA)) {
          throw fail(
            position + index,
            depth === 0 ? "the file is not an array" : "a value that is not an object",
          );
        }
      }
      if (objectStart >= 0 && partStart >= 0) parts.push(Buffer.from(chunk.subarray(partStart, bytesRead)));
      position += bytesRead;
    }
    if (!hasArrayEnded) throw fail(position, "the file ends before its array does");
  } finally {
    await handle.close();
  }
}
