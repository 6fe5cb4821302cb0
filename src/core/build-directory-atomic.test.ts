import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDirectoryAtomic, stagingDirectoryOf } from "./build-directory-atomic.js";

describe("buildDirectoryAtomic", () => {
  it("builds in a hidden sibling and renames it into place, over an empty directory too", async () => {
    const parent = mkdtempSync(join(tmpdir(), "staged-"));
    const target = join(parent, "merged");
    mkdirSync(target);
    const seen = await buildDirectoryAtomic(target, (staging) => {
      expect(staging).toBe(join(parent, ".merged.partial"));
      writeFileSync(join(staging, "run.json"), "{}");
      return staging;
    });
    expect(seen).toBe(stagingDirectoryOf(target));
    expect(readFileSync(join(target, "run.json"), "utf8")).toBe("{}");
    expect(readdirSync(parent)).toEqual(["merged"]);
  });

  it("starts afresh over what a killed build left, and leaves nothing when the build throws", async () => {
    const parent = mkdtempSync(join(tmpdir(), "staged-"));
    const target = join(parent, "merged");
    mkdirSync(stagingDirectoryOf(target));
    writeFileSync(join(stagingDirectoryOf(target), "samples.jsonl"), '{"torn":');
    await expect(
      buildDirectoryAtomic(target, async (staging) => {
        expect(readdirSync(staging)).toEqual([]);
        writeFileSync(join(staging, "samples.jsonl"), "{}\n");
        throw new Error("planning failed");
      }),
    ).rejects.toThrow("planning failed");
    expect(readdirSync(parent)).toEqual([]);
    expect(existsSync(target)).toBe(false);
  });
});
