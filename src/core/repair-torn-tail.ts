// Makes an appended JSON-lines file end at a line boundary before more lines are appended to it: a last line cut off
// mid-write (a kill, a full disk) would otherwise glue onto the next record and make a bad line in the middle.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, writeSync } from "node:fs";

const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * When `path` does not end with a newline: a last line that `isWhole` accepts gets its newline; any other is cut off.
 * Returns the number of bytes cut off (0 when the file already ended at a line boundary or only lacked a newline).
 */
export function repairTornTail(path: string, isWhole: (line: string) => boolean): number {
  const fd = openSync(path, "r+");
  try {
    const size = fstatSync(fd).size;
    const start = lastLineStart(fd, size);
    if (start === size) return 0;
    const tail = Buffer.alloc(size - start);
    readSync(fd, tail, 0, tail.length, start);
    if (isWhole(tail.toString("utf8"))) {
      writeSync(fd, "\n", size);
      return 0;
    }
    ftruncateSync(fd, start);
    return tail.length;
  } finally {
    closeSync(fd);
  }
}

/** The offset just after the last newline (0 when there is none; `size` when the file ends with one). */
function lastLineStart(fd: number, size: number): number {
  const buffer = Buffer.alloc(CHUNK_BYTES);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - CHUNK_BYTES);
    const length = end - start;
    readSync(fd, buffer, 0, length, start);
    const at = buffer.subarray(0, length).lastIndexOf(NEWLINE);
    if (at >= 0) return start + at + 1;
    end = start;
  }
  return 0;
}
