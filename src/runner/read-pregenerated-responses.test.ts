// readPregeneratedResponses on SWE-bench's predictions format: instance_id names the sample, model_patch is the
// answer (null → ""), model_name_or_path is ignored; our own lines read as before, and a line mixing both keeps ours.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readPregeneratedResponses } from "./read-pregenerated-responses.js";

const dir = mkdtempSync(path.join(tmpdir(), "pregenerated-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(name: string, lines: readonly unknown[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n"));
  return file;
}

const PATCH = "diff --git a/f.py b/f.py\n--- a/f.py\n+++ b/f.py\n@@ -1 +1 @@\n-a\n+b\n";

describe("readPregeneratedResponses with SWE-bench predictions", () => {
  it("maps instance_id to the id and model_patch to the response, a null or empty patch to an empty answer", () => {
    const file = fileOf("predictions.jsonl", [
      { instance_id: "astropy__astropy-12907", model_name_or_path: "my-model", model_patch: PATCH },
      { instance_id: "django__django-11099", model_name_or_path: "my-model", model_patch: null },
      { instance_id: "sympy__sympy-20590", model_name_or_path: "my-model", model_patch: "" },
    ]);
    const read = readPregeneratedResponses(file);
    expect(read.map(({ id, response, source }) => ({ id, response, source }))).toEqual([
      // Answers are recorded trimmed, as every answer is (the scorer gives a patch its final newline back).
      { id: "astropy__astropy-12907", response: PATCH.trim(), source: `${file} line 1` },
      { id: "django__django-11099", response: "", source: `${file} line 2` },
      { id: "sympy__sympy-20590", response: "", source: `${file} line 3` },
    ]);
  });

  it("keeps our own lines as they were, and our fields over a prediction's on a line with both", () => {
    const file = fileOf("ours.jsonl", [
      { id: "a", response: "42" },
      { id: "b", instance_id: "other", model_patch: "ignored", response: "mine" },
    ]);
    expect(readPregeneratedResponses(file).map(({ id, response }) => ({ id, response }))).toEqual([
      { id: "a", response: "42" },
      { id: "b", response: "mine" },
    ]);
  });

  it("refuses a prediction without model_patch, or with one that is not text, naming the line", () => {
    const missing = fileOf("missing.jsonl", [{ instance_id: "x", model_name_or_path: "m" }]);
    expect(() => readPregeneratedResponses(missing)).toThrow(
      /missing\.jsonl line 1: field "response": give the answer/,
    );
    const numeric = fileOf("numeric.jsonl", [{ instance_id: "x", model_patch: 7 }]);
    expect(() => readPregeneratedResponses(numeric)).toThrow(/numeric\.jsonl line 1: field "response"/);
  });
});
