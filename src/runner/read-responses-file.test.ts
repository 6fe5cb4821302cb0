// --responses files that cannot be read: a missing path and a directory each say what to give instead.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConfigError } from "../errors.js";
import { readResponsesFile } from "./read-responses-file.js";

describe("readResponsesFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "responses-"));
  it.each([
    ["a missing file", join(dir, "missing.jsonl"), /missing\.jsonl: no such file; check the path\./],
    ["a directory", dir, /: is a directory; give the JSONL file of responses in it\./],
  ])("%s is refused with the fix", (_name, file, message) => {
    const read = () => readResponsesFile(file, z.object({ id: z.string() }));
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
  });
});
