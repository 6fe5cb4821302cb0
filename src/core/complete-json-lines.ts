// The lines of an appended JSON-lines file that were written whole: a last line cut short by a kill or a full disk
// (no newline after it, and not JSON) is left out, as a journal's reader leaves it out.

export interface JsonLine {
  /** 1-based line number in the file. */
  number: number;
  text: string;
}

/** The non-empty lines of `text`, without a torn last line. */
export function completeJsonLines(text: string): JsonLine[] {
  const pieces = text.split("\n");
  const lines: JsonLine[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (piece.trim() === "") continue;
    if (index === pieces.length - 1 && !isJsonText(piece)) break;
    lines.push({ number: index + 1, text: piece });
  }
  return lines;
}

/** Whether `text` parses as JSON. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
