// terminal_bench end to end against the real container engine (Podman's Docker API; src/containers/test-support):
// runBenchmarks through the oracle mock server and the HTTP client, each task's image built from its Dockerfile
// (Terminal-Bench's python base mapped to the local test image), the agent's commands run in the container and the
// task's tests decide. The 4 staged evoeval tasks: all right → 4/4, all wrong → 0/4; the fixtures (a swebench-parser
// task, a task without tests/) right → 2/2.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_PYTHON_IMAGE, testDockerHost } from "../../containers/test-support/test-engine.js";
import { sampleRecordSchema } from "../../core/sample-record.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { fixturesDir, printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { ORACLE_WRONG_COMMAND } from "./terminal-bench-oracle.js";

const IMAGE_MAP = `ghcr.io/laude-institute/t-bench/python-3-13:20250620=${TEST_PYTHON_IMAGE}`;
const shared = sharedDataDir("terminal_bench/tasks/evoeval");
if (shared === undefined) printSkipReason("terminal_bench container runs of the staged evoeval tasks");

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface TurnDetail {
  turn: number;
  said_done: boolean;
  commands: { kind: string; command: string; status: string; exit_code: number | null }[];
}
interface TestsDetail {
  status: string;
  parser: string;
  results: Record<string, string>;
  output_tail: string;
}

/** Runs terminal_bench on `dataDir` (categories `tasks`) against an oracle answering right with `accuracy`. */
async function runWithOracle(dataDir: string, tasks: string[], accuracy: number) {
  const benchmarks = await loadOracleBenchmarks(
    ["terminal_bench"],
    createDatasetContext({ dataDir, env: {} }),
  );
  const server: MockServer = await startMockServer({ oracle: { benchmarks, accuracy, seed: 3 } });
  try {
    const outputDir = mkdtempSync(path.join(tmpdir(), "terminal-bench-containers-"));
    dirs.push(outputDir);
    const outcome = await runBenchmarks(
      {
        benchmarks: ["terminal_bench"],
        baseUrl: server.url,
        model: "mock-model",
        dataDir,
        tasks,
        outputDir,
        concurrency: 4,
        dockerHost: testDockerHost(),
        imageMap: [IMAGE_MAP],
      },
      { env: {} },
    );
    const records = readFileSync(path.join(outcome.runDir, "samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => sampleRecordSchema.parse(JSON.parse(line)))
      .sort((left, right) => (left.id < right.id ? -1 : 1));
    return { outcome, records, stats: server.oracle?.stats() };
  } finally {
    await server.close();
  }
}

function detailsOf(record: { details?: unknown }): {
  ended_by: string;
  turns: TurnDetail[];
  tests: TestsDetail;
} {
  return record.details as { ended_by: string; turns: TurnDetail[]; tests: TestsDetail };
}

describe.skipIf(shared === undefined)("terminal_bench on the staged evoeval tasks in containers", () => {
  const dataDir = path.join(shared ?? "", "terminal_bench", "tasks");

  it("resolves all 4 when the oracle replays each solution.sh, and journals the turns and tests", async () => {
    const { outcome, records, stats } = await runWithOracle(dataDir, ["python_programming"], 1);
    expect(outcome.status).toBe("completed");
    expect(outcome.benchmarks[0]?.summary.overall).toMatchObject({ correct: 4, total: 4 });
    expect(records.map((record) => [record.id, record.correct, record.error])).toEqual([
      ["evoeval/24", true, null],
      ["evoeval/39", true, null],
      ["evoeval/45", true, null],
      ["evoeval/83", true, null],
    ]);
    for (const record of records) {
      const details = detailsOf(record);
      expect(details.ended_by).toBe("done");
      // The solution as one script that ran cleanly, then DONE with nothing to run.
      expect(
        details.turns.map((turn) => [
          turn.said_done,
          turn.commands.map((each) => [each.kind, each.exit_code]),
        ]),
      ).toEqual([
        [false, [["script", 0]]],
        [true, []],
      ]);
      expect(details.turns[0]?.commands[0]?.command).toContain("cat > /app/solution.py");
      expect(details.tests).toMatchObject({
        status: "parsed",
        parser: "pytest",
        results: { test_solution_exists: "passed", test_solution_correct: "passed" },
      });
      expect(details.tests.output_tail).toContain("2 passed");
      expect(record.turns).toHaveLength(2);
    }
    expect(stats?.unrecognized).toBe(0);
  });

  it("resolves none when the oracle answers wrong, and says which tests failed", async () => {
    const { outcome, records } = await runWithOracle(dataDir, ["python_programming"], 0);
    expect(outcome.status).toBe("completed");
    expect(outcome.benchmarks[0]?.summary.overall).toMatchObject({ correct: 0, total: 4 });
    for (const record of records) {
      expect(record.correct).toBe(false);
      const details = detailsOf(record);
      expect(details.turns[0]?.commands).toMatchObject([{ command: ORACLE_WRONG_COMMAND, exit_code: 0 }]);
      expect(details.tests.status).toBe("parsed");
      expect(details.tests.results).toEqual({
        test_solution_exists: "failed",
        test_solution_correct: "failed",
      });
      expect(record.grade_reason).toBe("unresolved: the model said it was done; 0 of 2 tests passed");
    }
  });
});

describe("terminal_bench on its fixtures in containers", () => {
  it("resolves a swebench-parser task without tests/ and a pytest task, each in its image's workdir", async () => {
    const { outcome, records } = await runWithOracle(fixturesDir("terminal_bench"), [], 1);
    expect(outcome.status).toBe("completed");
    expect(records.map((record) => [record.id, record.correct, detailsOf(record).tests.results])).toEqual([
      ["files/write-greeting", true, { test_file_exists: "passed", test_file_content: "passed" }],
      ["numbers/sum-numbers", true, { tests: "passed" }],
    ]);
  });
});
