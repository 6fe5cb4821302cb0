// Issue 22's bad-input table: ≥ 70 bad inputs across every command, each refused with exit 2 (1 where the run itself
// ran and failed), a message naming the problem and the fix, no stack trace, the API key in no output and no result
// presented as complete. The rows are in support/bad-input-table.ts (`npm run bench:reliability` runs them too).
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMAND_SPECS } from "../../src/cli/command-specs.js";
import { makeBadInputFixtures } from "./support/bad-input-fixtures.js";
import { startBadInputServers } from "./support/bad-input-servers.js";
import { BAD_INPUT_CATEGORIES, badInputTable, countByCategory } from "./support/bad-input-table.js";
import { type BadInputOutcome, runBadInputRows } from "./support/run-bad-input-row.js";

const servers = await startBadInputServers();
const fixtures = await makeBadInputFixtures(servers);
const rows = badInputTable(fixtures);

describe("the bad-input table", () => {
  let outcomes: BadInputOutcome[] = [];
  beforeAll(async () => {
    outcomes = await runBadInputRows(rows, 2);
  });
  afterAll(async () => {
    await servers.stop();
    rmSync(fixtures.root, { recursive: true, force: true });
  });

  it("has at least 70 rows, every category and every command (launch: slurm and k8s)", () => {
    expect(rows.length).toBeGreaterThanOrEqual(70);
    const counts = countByCategory(rows);
    for (const category of BAD_INPUT_CATEGORIES) expect(counts[category], category).toBeGreaterThan(0);
    const commands = new Set(rows.map((row) => row.argv[0]));
    for (const spec of COMMAND_SPECS) expect([...commands], spec.name).toContain(spec.name);
    for (const launcher of ["slurm", "k8s"]) {
      expect(rows.some((row) => row.argv[0] === "launch" && row.argv[1] === launcher)).toBe(true);
    }
    for (const row of rows) if (row.exitCode === 1) expect(row.why, row.name).toBeTruthy();
  });

  it.each(rows.map((row, index) => [`${row.category} / ${row.name}`, index] as const))(
    "%s",
    (_name, index) => {
      const outcome = outcomes[index];
      expect(outcome, "the row ran").toBeDefined();
      if (outcome === undefined) return;
      expect(
        outcome.problems,
        `argv: ${outcome.row.argv.join(" ")}\nstderr: ${outcome.stderr.trim().slice(-800)}`,
      ).toEqual([]);
    },
  );
});
