// BFCL from the command line: the categories it does not run are refused with why (exit 2) and not listed; a run on
// the fixtures through the oracle mock server process reports the categories and BFCL's summary groupings.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturesDir } from "../../src/benchmarks/test-support/shared-data-dir.js";
import { type MockServerProcess, runCli, startMockServerProcess } from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";

const dataDir = fixturesDir("bfcl");

describe("bfcl from the command line", () => {
  let server: MockServerProcess;
  const dirs: string[] = [];
  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-benchmarks",
      "bfcl",
      "--data-dir",
      dataDir,
      "--oracle-accuracy",
      "1",
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a multi-turn category, saying why (exit 2)", async () => {
    const result = await runCli(["run", "bfcl", "--tasks", "multi_turn_base", "--base-url", server.url]);
    expect(result.stderr).toMatch(
      /bfcl's multi_turn_base is not part of this benchmark: multi-turn, memory and web-search categories need BFCL's executable backends/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(2);
  });

  it("lists only the categories it runs", async () => {
    const result = await runCli(["list", "--json"]);
    const entry = (JSON.parse(result.stdout) as { name: string; tasks: string[] }[]).find(
      (each) => each.name === "bfcl",
    );
    expect(entry?.tasks).toHaveLength(13);
    expect(entry?.tasks.filter((task) => /multi_turn|memory|web_search|format/.test(task))).toEqual([]);
  });

  it.each(["fc", "prompting"])(
    "runs the fixtures (%s): categories, groupings with CIs, calls journalled",
    async (recipe) => {
      const outputDir = mkdtempSync(join(tmpdir(), "bfcl-e2e-"));
      dirs.push(outputDir);
      const result = await runCli([
        "run",
        "bfcl",
        "--recipe",
        recipe,
        "--base-url",
        server.url,
        "--model",
        "mock-model",
        "--data-dir",
        dataDir,
        "--output-dir",
        outputDir,
      ]);
      expect(result.code, result.stderr).toBe(0);
      const runDir = onlyRunDir(outputDir);
      const summary = readJson(join(runDir, "bfcl.json"));
      expect(summary["accuracy"]).toBe(1);
      expect((summary["tasks"] as unknown[]).length).toBe(13);
      expect(Object.keys(summary["task_groups"] as object)).toEqual([
        "non_live_ast",
        "live_ast",
        "irrelevance_detection",
        "relevance_detection",
      ]);
      expect(result.stdout).toMatch(/non_live_ast 100\.00% over 12, 95% CI/);
      const records = readJsonLines(join(runDir, "samples.jsonl"));
      const simple = records.find((record) => record["id"] === "simple_python_0");
      expect(simple?.["tool_calls"] !== undefined).toBe(recipe === "fc");
      expect(simple?.["details"]).toMatchObject({ error_type: null });
    },
  );
});
