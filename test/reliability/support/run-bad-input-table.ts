// The whole bad-input table in one call, for the reliability test and `npm run bench:reliability`: start the servers,
// make the fixtures, run every row two CLI processes at a time, stop the servers.
import { rmSync } from "node:fs";
import { makeBadInputFixtures } from "./bad-input-fixtures.js";
import { startBadInputServers } from "./bad-input-servers.js";
import { type BadInputCategory, badInputTable, countByCategory } from "./bad-input-table.js";
import { type BadInputOutcome, runBadInputRows } from "./run-bad-input-row.js";

export interface BadInputTableResult {
  outcomes: BadInputOutcome[];
  counts: Record<BadInputCategory, number>;
  /** Rows whose every check passed. */
  passed: number;
}

export async function runBadInputTable(options: { width?: number } = {}): Promise<BadInputTableResult> {
  const servers = await startBadInputServers();
  try {
    const fixtures = await makeBadInputFixtures(servers);
    try {
      const rows = badInputTable(fixtures);
      const outcomes = await runBadInputRows(rows, options.width ?? 2);
      return {
        outcomes,
        counts: countByCategory(rows),
        passed: outcomes.filter((outcome) => outcome.problems.length === 0).length,
      };
    } finally {
      rmSync(fixtures.root, { recursive: true, force: true });
    }
  } finally {
    await servers.stop();
  }
}
