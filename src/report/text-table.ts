// A plain-text table: the first column left-aligned, the others right-aligned, a rule under the header — fitted to
// a terminal's width when one is given: the widest cuttable column gives first — labels (the first column) and
// headers are cut with "…", values never.

export interface TableOptions {
  /** The terminal's width; absent: as wide as the cells need. */
  readonly maxWidth?: number | undefined;
}

const GAP = 2;
/** The narrowest a cut label column gets. */
const MIN_LABEL_WIDTH = 8;

/**
 * Column widths for `rows` (header first) no wider in all than `maxWidth` where that can be done by cutting the first
 * column's cells (to 8 characters at least) and the other columns' header cells, the widest first; a value cell keeps
 * its whole width.
 */
export function fitColumnWidths(rows: readonly (readonly string[])[], maxWidth?: number): number[] {
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(0, ...rows.map((row) => (row[column] ?? "").length)),
  );
  if (maxWidth === undefined || columns === 0) return widths;
  // How narrow each column may get: the labels to MIN_LABEL_WIDTH, the others to their widest value (the header cut).
  const minimums = widths.map((width, column) =>
    column === 0
      ? Math.min(width, MIN_LABEL_WIDTH)
      : Math.max(0, ...rows.slice(1).map((row) => (row[column] ?? "").length)),
  );
  let excess = widths.reduce((sum, width) => sum + width, 0) + GAP * (columns - 1) - maxWidth;
  // The widest column that can still give gives a character, until the table fits or none can.
  while (excess > 0) {
    let widest = -1;
    for (let column = 0; column < columns; column++) {
      if ((widths[column] ?? 0) <= (minimums[column] ?? 0)) continue;
      if (widest < 0 || (widths[column] ?? 0) > (widths[widest] ?? 0)) widest = column;
    }
    if (widest < 0) break;
    widths[widest] = (widths[widest] ?? 0) - 1;
    excess--;
  }
  return widths;
}

/** `text` cut to `width` with a final "…" when it is longer. */
export function fitCell(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** One row in `widths`: the first cell left-aligned, the others right-aligned, cut where too long. */
export function formatTableRow(row: readonly string[], widths: readonly number[]): string {
  return row
    .map((cell, column) => {
      const width = widths[column] ?? 0;
      const fitted = fitCell(cell, width);
      return column === 0 ? fitted.padEnd(width) : fitted.padStart(width);
    })
    .join(" ".repeat(GAP))
    .trimEnd();
}

/** The rule under a header. */
export function tableRule(widths: readonly number[]): string {
  return widths.map((width) => "-".repeat(width)).join(" ".repeat(GAP));
}

export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: TableOptions = {},
): string {
  const widths = fitColumnWidths([header, ...rows], options.maxWidth);
  return `${[formatTableRow(header, widths), tableRule(widths), ...rows.map((row) => formatTableRow(row, widths))].join("\n")}\n`;
}
