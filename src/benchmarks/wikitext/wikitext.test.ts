// wikitext: lm-eval's detokenizer and word/byte counts (expected values printed by preprocess_wikitext.py's functions
// run in python3 here), the pages rebuilt from the joined text (the fixture and the shared real file), the Hub
// loader on rows in EleutherAI/wikitext_document_level's schema (`page`), and its errors.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import { DatasetError } from "../../errors.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir, printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { countWords, LM_EVAL_RECIPE, wikitext } from "./index.js";
import { WIKITEXT_LOCAL_JOINED } from "./read-wikitext-pages.js";
import { wikitextDetokenize } from "./wikitext-detokenizer.js";
import { splitJoinedRows } from "./wikitext-pages.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("wikitext detokenizer and counts", () => {
  it("undoes WikiText's spacing as lm-eval's wikitext_detokenizer does (Python's output)", () => {
    expect(
      wikitextDetokenize(
        ' = = History = = \n \n The keeper \'s cottage ( built 1 @,@ 874 ) is " fixed " . \n',
      ),
    ).toBe(' == History ==\n\nThe keeper\'s cottage (built 1,874) is "fixed".\n');
    // re.sub(r"/' [0-9]/", r"/'[0-9]/", s) replaces the literal text; " N " is a number; ° loses its spaces.
    expect(wikitextDetokenize("a /' 5/ b N c 20 ° C")).toBe("a /'[0-9]/ b 1 c 20°C");
    expect(wikitextDetokenize("the players ' union")).toBe("the players' union");
  });

  it("counts words as len(re.split(r'\\s+', page)) and bytes in UTF-8", () => {
    expect(countWords(" a b \n")).toBe(4);
    expect(countWords("")).toBe(1);
    expect(countWords("a\u0085b\u001cc")).toBe(3);
  });

  it("reads the fixture's joined text back into rows and two pages (Python's detokenized pages)", async () => {
    const loaded = await wikitext.load({
      context: createLocalDatasetContext(fixturesDir("wikitext")),
      nShots: 0,
    });
    expect(loaded.samples.map((sample) => sample.id)).toEqual(["test/0", "test/1"]);
    expect(loaded.samples.map((sample) => sample.text)).toEqual([
      ' = Harbour Lighthouse =\n\nThe Harbour Lighthouse is a 19-metre (62 ft) tower on the north pier. It was built in 1,874 and first lit on 3 March 1875.\n\n== History ==\n\nThe keeper\'s cottage was added in the 1890s. Its lamp, a "fixed white" light, was visible for 12.5 miles.\n\n',
      " = Copper Valley Railway =\n\nThe Copper Valley Railway ran for 41 km between the mines and the coast. Trains carried ore; passengers travelled in two carriages.\n\n== Closure ==\n\nThe line closed in 1931 after the mines' output fell. Was it missed? Locals said so!\n\n",
    ]);
    const words = loaded.samples.reduce((sum, sample) => sum + sample.words, 0);
    const bytes = loaded.samples.reduce((sum, sample) => sum + sample.bytes, 0);
    expect([words, bytes]).toEqual([129, 581]);
    expect(loaded.samples[0]?.maxLength).toBe(2048);
    expect(LM_EVAL_RECIPE.headline).toEqual({ metric: "word_perplexity", scale: 1, higherIsBetter: false });
  });

  it("refuses text that is not '\\n\\n'-joined rows, and --max-context-tokens below 3", async () => {
    expect(() => splitJoinedRows(" a \n\n b \n b2 \n", "x")).toThrow(DatasetError);
    expect(() => splitJoinedRows(" a", "x")).toThrow(/ends inside a row/);
    await expect(
      wikitext.load({
        context: createLocalDatasetContext(fixturesDir("wikitext")),
        nShots: 0,
        longContext: { maxContextTokens: 2 },
      }),
    ).rejects.toThrow(/too small/);
  });
});

const shared = sharedDataDir(WIKITEXT_LOCAL_JOINED);
if (shared === undefined) printSkipReason("wikitext real data");
describe.skipIf(shared === undefined)("wikitext on the shared WikiText-2 test text", () => {
  it("rebuilds 62 pages (CRLF line ends read as LF); words, bytes and detokenized text as Python computes them", async () => {
    const loaded = await wikitext.load({ context: createLocalDatasetContext(shared ?? ""), nShots: 0 });
    expect(loaded.samples).toHaveLength(62);
    expect(loaded.samples[0]?.page.startsWith(" = Robert Boulter = \n\n Robert Boulter is")).toBe(true);
    expect(loaded.samples.reduce((sum, sample) => sum + sample.words, 0)).toBe(241_335);
    expect(loaded.samples.reduce((sum, sample) => sum + sample.bytes, 0)).toBe(1_289_122);
    const digest = createHash("sha256")
      .update(loaded.samples.map((sample) => sample.text).join("\u0000"))
      .digest("hex");
    expect(digest).toBe("147042ac95b03a0bcc6bbedeba17cf686f279ebaf67deaadaeb4b6ccd01b67a2");
  });
});

describe("wikitext from the Hub", () => {
  it("reads EleutherAI/wikitext_document_level (wikitext-2-raw-v1, test: `page`) and names a bad row", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wikitext-hub-"));
    dirs.push(dir);
    const write = (name: string, pages: unknown[]) => {
      const file = path.join(dir, name);
      writeFileSync(
        file,
        new Uint8Array(parquetWriteBuffer({ columnData: [{ name: "page", data: pages, type: "STRING" }] })),
      );
      return file;
    };
    const pages = [" = A = \n \n Text of a . \n", " = B = \n \n More text , here . \n"];
    const good = write("good.parquet", pages);
    const bad = write("bad.parquet", [pages[0], ""]);
    for (const [file, check] of [
      [good, "good"],
      [bad, "bad"],
    ] as const) {
      const hub = await startFakeHub({
        datasets: { "EleutherAI/wikitext_document_level": { "wikitext-2-raw-v1": { test: [file] } } },
      });
      try {
        const context = createDatasetContext({
          cacheDir: path.join(dir, check),
          env: { HF_ENDPOINT: hub.endpoint },
        });
        if (check === "good") {
          const loaded = await wikitext.load({ context, nShots: 0 });
          expect(loaded.samples.map((sample) => sample.page)).toEqual(pages);
          expect(loaded.samples.map((sample) => sample.text)).toEqual([
            " = A =\n\nText of a.\n",
            " = B =\n\nMore text, here.\n",
          ]);
        } else {
          await expect(wikitext.load({ context, nShots: 0 })).rejects.toThrow(/row 2/);
        }
      } finally {
        await hub.close();
      }
    }
  });
});
