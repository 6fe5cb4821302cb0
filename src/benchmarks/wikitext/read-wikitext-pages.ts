// Reads WikiText-2 (raw) test pages: the Hub's EleutherAI/wikitext_document_level (config wikitext-2-raw-v1, split
// test, column `page`), or under --data-dir the pages as JSON lines or parquet (`wikitext/wikitext-2-raw-v1_test.*`)
// or rebuilt from the derived joined text (`wikitext/wikitext-2-raw-v1_test_joined.txt`).
import { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext } from "../../datasets/types.js";
import { readLocalText } from "../read-local-text.js";
import { pagesOfRows, splitJoinedRows } from "./wikitext-pages.js";

export const WIKITEXT_HUB = {
  repo: "EleutherAI/wikitext_document_level",
  config: "wikitext-2-raw-v1",
  split: "test",
};
/** Under --data-dir: the derived `'\n\n'.join` of the line-level test rows (the shared data's file). */
export const WIKITEXT_LOCAL_JOINED = "wikitext/wikitext-2-raw-v1_test_joined.txt";
/** Under --data-dir: the document-level pages (`page` rows), `.jsonl` or `.parquet`. */
const LOCAL_PAGES = /^wikitext-2-raw-v1_test\.(jsonl|parquet)$/;

const rowSchema = z.looseObject({ page: z.string().min(1) });

export interface WikitextPages {
  pages: string[];
  /** Where they came from, for run.json and messages. */
  source: string;
}

export async function readWikitextPages(context: DatasetContext): Promise<WikitextPages> {
  const signal = context.signal === undefined ? {} : { signal: context.signal };
  if (context.dataDir === undefined) {
    const rows = await context.hub.readSplit(WIKITEXT_HUB, {
      ...signal,
      ...(context.onProgress ? { onProgress: context.onProgress } : {}),
    });
    const source = `${WIKITEXT_HUB.repo} (${WIKITEXT_HUB.config}, test)`;
    return { pages: parseRows(rows, rowSchema, source, 1).map((row) => row.page), source };
  }
  // No wikitext folder: the error below names the joined file it looked for.
  const files = await context.local.listFiles("wikitext", LOCAL_PAGES).catch(() => []);
  const [file] = files;
  if (file !== undefined) {
    const relative = `wikitext/${file}`;
    const rows = await context.local.readFile(relative, signal);
    return { pages: parseRows(rows, rowSchema, relative, 1).map((row) => row.page), source: relative };
  }
  // A copy checked out with CRLF line ends (the shared one is) is read as the "\n" text it was made from.
  const joined = (await readLocalText(context, WIKITEXT_LOCAL_JOINED)).replaceAll("\r\n", "\n");
  return {
    pages: pagesOfRows(splitJoinedRows(joined, WIKITEXT_LOCAL_JOINED)),
    source: WIKITEXT_LOCAL_JOINED,
  };
}
