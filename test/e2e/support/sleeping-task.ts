// For the container tests that stop a run during a sample: a Terminal-Bench task whose solution sleeps, the oracle
// mock server that answers it, and the engine's containers a process owns (by our owner label).
import { mkdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import Docker from "dockerode";
import { OWNER_LABEL } from "../../../src/containers/container-labels.js";
import { testDockerHost } from "../../../src/containers/test-support/test-engine.js";
import { createDatasetContext } from "../../../src/datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../../../src/mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../../../src/mock-server/start-mock-server.js";

export interface SleepingTaskWorld {
  server: MockServer;
  docker: Docker;
  /** The containers the process `pid` owns, by id. */
  ownedBy(pid: number | undefined): Promise<string[]>;
}

/**
 * Writes `DATA_DIR/waiting/NAME` (a task whose solution is `sleep SECONDS`, its test always passing) and starts the
 * oracle mock server that answers it with its solution.
 */
export async function startSleepingTaskWorld(
  dataDir: string,
  task: { name: string; seconds: number; agentTimeoutSec: number; instruction: string },
): Promise<SleepingTaskWorld> {
  const folder = join(dataDir, "waiting", task.name);
  mkdirSync(join(folder, "tests"), { recursive: true });
  writeFileSync(
    join(folder, "task.yaml"),
    `instruction: ${task.instruction}\ndifficulty: easy\ncategory: waiting\nparser_name: pytest\n` +
      `max_agent_timeout_sec: ${task.agentTimeoutSec}\nmax_test_timeout_sec: 60\n`,
  );
  writeFileSync(join(folder, "Dockerfile"), "FROM python:3.11\nWORKDIR /app\n");
  writeFileSync(join(folder, "solution.sh"), `#!/bin/bash\nsleep ${task.seconds}\n`);
  writeFileSync(join(folder, "run-tests.sh"), "#!/bin/bash\ncd /tests && pytest test_outputs.py -rA\n");
  writeFileSync(join(folder, "tests", "test_outputs.py"), "def test_waited():\n    assert True\n");
  const benchmarks = await loadOracleBenchmarks(
    ["terminal_bench"],
    createDatasetContext({ dataDir, env: {} }),
  );
  const server = await startMockServer({ oracle: { benchmarks, accuracy: 1, seed: 1 } });
  const docker = new Docker({ socketPath: new URL(testDockerHost()).pathname });
  return {
    server,
    docker,
    async ownedBy(pid) {
      const listed = await docker.listContainers({
        all: true,
        filters: { label: [`${OWNER_LABEL}=${hostname()}/${pid}`] },
      });
      return listed.map((info) => info.Id);
    },
  };
}
