// The spill store: texts written to a temporary file read back byte for byte (multi-byte UTF-8 included), by the
// synchronous and the asynchronous read, at the offsets it handed out; no file is left on disk.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSpilledTexts } from "./spilled-texts.js";

const parent = mkdtempSync(path.join(tmpdir(), "spill-test-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("createSpilledTexts", () => {
  it("reads back multi-byte text exactly, with offsets and lengths in UTF-8 bytes", async () => {
    const spill = createSpilledTexts(parent);
    const texts = ["", "plain ascii", "émigré — naïve", "数据集 🦛 tapir 🐘", "\u{1f600}".repeat(3)];
    const places = texts.map((text) => spill.append(text));
    expect(places.map((place) => place.bytes)).toEqual(texts.map((text) => Buffer.byteLength(text, "utf8")));
    let offset = 0;
    for (const place of places) {
      expect(place.offset).toBe(offset);
      offset += place.bytes;
    }
    expect(spill.size).toBe(offset);
    for (const [index, text] of texts.entries()) {
      const place = places[index];
      if (place === undefined) throw new Error("no place");
      expect(spill.readSync(place)).toBe(text);
      expect(await spill.read(place)).toBe(text);
    }
    spill.close();
  });

  it("keeps thousands of entries apart, read in any order, long ones included", async () => {
    const spill = createSpilledTexts(parent);
    const texts = Array.from({ length: 3000 }, (_, index) =>
      index % 500 === 7
        ? `long ${index} ${"ü→".repeat(100_000)}`
        : `entry ${index} ✓ ${"x".repeat(index % 97)}`,
    );
    const places = texts.map((text) => spill.append(text));
    const order = texts.map((_, index) => (index * 1783) % texts.length);
    for (const index of order) expect(spill.readSync(places[index] as never)).toBe(texts[index]);
    const read = await Promise.all(order.slice(0, 200).map((index) => spill.read(places[index] as never)));
    expect(read).toEqual(order.slice(0, 200).map((index) => texts[index]));
    spill.close();
  });

  it("leaves no file behind, even before it is closed, and refuses reads once closed", async () => {
    const spill = createSpilledTexts(parent);
    const place = spill.append("kept on disk");
    // Unlinked as soon as opened: the text lives as long as the descriptor, and no killed process leaves it.
    expect(readdirSync(parent)).toEqual([]);
    expect(spill.readSync(place)).toBe("kept on disk");
    expect(await spill.read(place)).toBe("kept on disk");
    spill.close();
    spill.close();
    expect(() => spill.readSync(place)).toThrow(/closed/);
    expect(() => spill.append("more")).toThrow(/closed/);
    expect(readdirSync(parent)).toEqual([]);
  });

  it("refuses a place it never handed out", () => {
    const spill = createSpilledTexts(parent);
    spill.append("short");
    expect(() => spill.readSync({ offset: 3, bytes: 10 })).toThrow(RangeError);
    spill.close();
  });
});
