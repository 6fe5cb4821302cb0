// `llm-bench byob new/validate`, `list --include` and a definition file on `run`, through the built CLI.
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TWO_TURN_DEFINITION, TWO_TURN_ROWS } from "../../src/byob/test-support/two-turn-definition.js";
import { runCli, startMockServerProcess } from "./support/cli.js";

describe("byob on the command line", () => {
  it("writes a starter, validates it, lists it beside the built-ins and runs it against the oracle", async () => {
    const dir = mkdtempSync(join(tmpdir(), "byob-cli-"));
    const created = await runCli(["byob", "new", "My QA", "--dir", dir]);
    expect(created.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["my_qa.jsonl", "my_qa.ts"]);
    const again = await runCli(["byob", "new", "My QA", "--dir", dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/my_qa\.ts already exists; choose another name or --dir/);

    const validated = await runCli(["byob", "validate", join(dir, "my_qa.ts")]);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain("my_qa: 3 samples, chat; every row's prompt renders.");
    expect(validated.stdout).toContain(
      "| [user] Answer in one word or number.\n    | Question: What is the capital of France?",
    );
    expect(validated.stdout).toContain('scorer on sample 2 (its target as the response): {"correct":true}');

    const listed = await runCli(["list", "--json", "--include", dir]);
    const entries = JSON.parse(listed.stdout) as { name: string; defined_in: string }[];
    expect(entries.find((entry) => entry.name === "my_qa")?.defined_in).toBe(join(dir, "my_qa.ts"));
    expect(entries.find((entry) => entry.name === "gsm8k")?.defined_in).toBe("built-in");

    // The mock server's oracle knows the definition; profile measures and grades it as it does a built-in.
    const server = await startMockServerProcess(["--oracle-benchmarks", join(dir, "my_qa.ts")]);
    try {
      const profiled = await runCli([
        "profile",
        "mock-model",
        "--url",
        server.url.replace(/\/v1$/, ""),
        "--accuracy-benchmark",
        join(dir, "my_qa.ts"),
        "--concurrency",
        "2",
        "--output-dir",
        join(dir, "profile"),
      ]);
      expect(profiled.code).toBe(0);
      expect(profiled.stdout).toMatch(/my_qa\nTask\s+Correct\s+Total\s+Accuracy/);
      expect(profiled.stdout).toMatch(/OVERALL\s+3\s+3\s+100\.00%/);
    } finally {
      await server.stop();
    }
  });

  it("rejects a bad definition with the file and the fix, exit 2, no stack trace", async () => {
    const dir = mkdtempSync(join(tmpdir(), "byob-bad-"));
    writeFileSync(join(dir, "data.jsonl"), `${JSON.stringify({ question: "q", target: "t" })}\n`);
    writeFileSync(
      join(dir, "bad.yaml"),
      "name: bad\ndataset: data.jsonl\nprompt: '{questoin}'\nscorer: contains\n",
    );
    const result = await runCli(["byob", "validate", join(dir, "bad.yaml")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/row 1: no field "questoin" in the row \(its fields: question, target\)/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("runs an eval-only definition with no server and says nothing was requested", async () => {
    const dir = mkdtempSync(join(tmpdir(), "byob-eval-"));
    const rows = [
      { q: "Capital of France?", a: "Paris", saved: "Paris" },
      { q: "Red planet?", a: "Mars", saved: "Venus" },
    ];
    writeFileSync(join(dir, "saved.jsonl"), `${rows.map((row) => JSON.stringify(row)).join("\n")}\n`);
    writeFileSync(
      join(dir, "saved.yaml"),
      "name: saved\ndataset: saved.jsonl\nprompt: '{q}'\ntarget_field: a\nresponse_field: saved\nscorer: exact_match\n",
    );
    const result = await runCli([
      "run",
      join(dir, "saved.yaml"),
      "--model",
      "offline",
      "--output-dir",
      join(dir, "out"),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/OVERALL\s+1\s+2\s+50\.00%/);
    expect(result.stdout).toContain(
      "serving: none measured (the answers were read from the dataset, nothing was requested)",
    );
  });

  it("validates a program() definition by running each shown conversation with the target as every answer", async () => {
    const dir = mkdtempSync(join(tmpdir(), "byob-program-"));
    writeFileSync(join(dir, "rows.jsonl"), `${TWO_TURN_ROWS.map((row) => JSON.stringify(row)).join("\n")}\n`);
    writeFileSync(join(dir, "two_turns.ts"), TWO_TURN_DEFINITION);
    const validated = await runCli(["byob", "validate", join(dir, "two_turns.ts")]);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain("two_turns: 8 samples, chat; every row's prompt renders.");
    expect(validated.stdout).toContain(
      'program on sample 0 (its target as every answer): {"correct":true,"turn_1":true,"turn_2":true,"consistent":{"numerator":2,"denominator":2}}',
    );
    expect(validated.stdout).not.toContain("scorer on sample");

    // grade refuses a conversation given fewer answers than it has turns: exit 2, the line named, no stack trace.
    writeFileSync(join(dir, "few.jsonl"), `${JSON.stringify({ id: "0", responses: ["Paris"] })}\n`);
    const graded = await runCli([
      "grade",
      join(dir, "two_turns.ts"),
      "--responses",
      join(dir, "few.jsonl"),
      "--output-dir",
      join(dir, "out"),
    ]);
    expect(graded.code).toBe(2);
    expect(graded.stderr).toContain(
      `${join(dir, "few.jsonl")} line 1: field "responses": 1 answer, but the conversation asks for turn 2; give one answer per turn.`,
    );
    expect(graded.stderr).not.toMatch(/\n\s+at /);
  });
});
