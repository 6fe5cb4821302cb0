// The official flow's facts against the real SWE-bench Verified rows (../shared/data/swe_bench, skipped without
// them): every row's repository and version has SWE-bench's test spec and log parser here, its image name is
// Docker Hub's form, and every FAIL_TO_PASS pytest id lies in a file the derived test directives run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { logParserFor } from "./log-parsers.js";
import { officialImage } from "./official-image.js";
import { officialTestSpec } from "./official-test-specs.js";
import { testDirectives } from "./test-directives.js";

const FILE = "swe_bench/swe_bench_verified_test.jsonl";
const dataDir = sharedDataDir(FILE);
if (dataDir === undefined) printSkipReason("swe_bench official-plan real-data tests");

interface Row {
  readonly instance_id: string;
  readonly repo: string;
  readonly version: string;
  readonly test_patch: string;
  readonly FAIL_TO_PASS: string;
}

describe.skipIf(dataDir === undefined)("the official flow on SWE-bench Verified's 500 rows", () => {
  let read: Row[] | undefined;
  const rows = (): Row[] => {
    read ??= readFileSync(join(dataDir ?? "", FILE), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Row);
    return read;
  };

  it("has a test spec and a log parser for every row, and a Docker Hub image name", () => {
    const all = rows();
    expect(all).toHaveLength(500);
    for (const row of all) {
      expect(officialTestSpec(row.repo, row.version), `${row.instance_id} spec`).toBeDefined();
      expect(logParserFor(row.repo), `${row.instance_id} parser`).toBeDefined();
      const image = officialImage({ instanceId: row.instance_id });
      expect(image).toMatch(/^swebench\/sweb\.eval\.x86_64\.[a-z0-9.-]+_1776_[a-z0-9._-]+:latest$/);
      expect(image).not.toContain("__");
    }
  });

  it("runs the file of every FAIL_TO_PASS pytest id", () => {
    let checked = 0;
    for (const row of rows()) {
      const directives = testDirectives(row.repo, row.test_patch);
      for (const test of JSON.parse(row.FAIL_TO_PASS) as string[]) {
        if (!test.includes("::")) continue;
        expect(directives, `${row.instance_id}: ${test}`).toContain(test.split("::")[0]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
