// WikiText-2's test split as pages: the Hub's document-level rows (EleutherAI/wikitext_document_level, `page`), or
// the pages rebuilt from the derived joined text (`'\n\n'.join` of the line-level `wikitext` rows): the rows read
// back, then a new page at each level-1 heading row (` = Title = `).
import { DatasetError } from "../../errors.js";

/** A level-1 heading row: ` = Title = ` (a level-2 heading is ` = = Title = = `). */
const PAGE_HEADING = /^ = (?!= ).* = \n$/;

/**
 * The line-level rows of `joined` (`"\n\n".join(rows)`): a row is empty ("", a blank line of the raw file) or one
 * line ending in "\n". Reading is unambiguous because a non-empty row never starts with "\n".
 */
export function splitJoinedRows(joined: string, source: string): string[] {
  const rows: string[] = [];
  let at = 0;
  for (;;) {
    if (at < joined.length && joined[at] !== "\n") {
      const end = joined.indexOf("\n", at);
      if (end < 0) {
        throw new DatasetError(
          `${source}: the text ends inside a row (no "\\n" after character ${at}); is this the '\\n\\n'-joined WikiText test split?`,
          { code: "E_DATASET_ROW_INVALID" },
        );
      }
      rows.push(joined.slice(at, end + 1));
      at = end + 1;
    } else {
      rows.push("");
    }
    if (at === joined.length) return rows;
    if (!joined.startsWith("\n\n", at)) {
      throw new DatasetError(
        `${source}: rows are not separated by "\\n\\n" at character ${at}; is this the '\\n\\n'-joined WikiText test split?`,
        { code: "E_DATASET_ROW_INVALID" },
      );
    }
    at += 2;
  }
}

/**
 * Pages of line-level rows: each starts at a level-1 heading and runs to the next; an empty row is an empty line.
 * Rows before the first heading (the split's leading blank line) belong to no page.
 */
export function pagesOfRows(rows: readonly string[]): string[] {
  const pages: string[] = [];
  let current: string[] | undefined;
  for (const row of rows) {
    if (PAGE_HEADING.test(row)) {
      if (current !== undefined) pages.push(current.join(""));
      current = [];
    }
    current?.push(row === "" ? "\n" : row);
  }
  if (current !== undefined) pages.push(current.join(""));
  return pages;
}
