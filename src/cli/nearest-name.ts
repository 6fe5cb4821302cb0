// The known name closest to a mistyped one ("--limt" → "--limit"), or undefined when none is close.

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment). */
function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const distance: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  const at = (row: number, column: number): number => distance[row]?.[column] ?? Number.POSITIVE_INFINITY;
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(at(row - 1, column) + 1, at(row, column - 1) + 1, at(row - 1, column - 1) + cost);
      if (
        row > 1 &&
        column > 1 &&
        left[row - 1] === right[column - 2] &&
        left[row - 2] === right[column - 1]
      ) {
        best = Math.min(best, at(row - 2, column - 2) + 1);
      }
      const cells = distance[row];
      if (cells !== undefined) cells[column] = best;
    }
  }
  return at(left.length, right.length);
}

export function nearestName(typed: string, known: Iterable<string>): string | undefined {
  const bare = (name: string): string => name.replace(/^-+/, "");
  const word = bare(typed);
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(word, bare(name));
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  const allowed = Math.max(1, Math.floor(word.length / 3));
  if (best !== undefined && best.distance <= allowed) return best.name;
  const prefixed = [...known].filter((name) => word.length >= 3 && bare(name).startsWith(word));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
