// For the container tests that stop a run during a sample: a Terminal-Bench task whose solution sleeps, the oracle
// mock server that answers it, `llm-bench run terminal_bench` on it against the test engine, and the engine's
// containers a process owns (by our owner label).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Docker from "dockerode";
import { OWNER_LABEL } from "../../../src/containers/container-labels.js";
import { TEST_PYTHON_IMAGE, testDockerHost } from "../../../src/containers/test-support/test-engine.js";
import { createDatasetContext } from "../../../src/datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../../../src/mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../../../src/mock-server/start-mock-server.js";
import { spawnCli } from "./cli.js";

export interface SleepingTaskWorld {
  /** A temporary folder (the task under `tasks/`); removed by `close`. */
  root: string;
  server: MockServer;
  docker: Docker;
  /** `--docker-host` and `--image-map` for the test engine (the task's python:3.11 is its Python image). */
  engineArgs: string[];
  /** The containers the process `pid` owns, by id. */
  ownedBy(pid: number | undefined): Promise<string[]>;
  /** Spawns `llm-bench run terminal_bench` on the task against the oracle, writing under `outputDir`. */
  startRun(outputDir: string): ReturnType<typeof spawnCli>;
  /** Waits until `pid` holds a container in which the solution's `sleep` runs; its ids (throws after 120 s). */
  containersOnceRunning(pid: number | undefined, output: { stderr: string }): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Writes `ROOT/tasks/waiting/NAME` in a new temporary folder (a task whose solution is `sleep SECONDS`, its test
 * always passing) and starts the oracle mock server that answers it with its solution.
 */
export async function startSleepingTaskWorld(
  prefix: string,
  task: { name: string; seconds: number; agentTimeoutSec: number; instruction: string },
): Promise<SleepingTaskWorld> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(root, "tasks");
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
  const engineArgs = ["--docker-host", testDockerHost(), "--image-map", `python:3.11=${TEST_PYTHON_IMAGE}`];
  const ownedBy = async (pid: number | undefined): Promise<string[]> => {
    const listed = await docker.listContainers({
      all: true,
      filters: { label: [`${OWNER_LABEL}=${hostname()}/${pid}`] },
    });
    return listed.map((info) => info.Id);
  };
  return {
    root,
    server,
    docker,
    engineArgs,
    ownedBy,
    startRun: (outputDir) =>
      spawnCli(
        [
          "run",
          "terminal_bench",
          "--base-url",
          server.url,
          "--model",
          "mock-model",
          "--data-dir",
          dataDir,
          "--output-dir",
          outputDir,
          ...engineArgs,
        ],
        { env: { DOCKER_HOST: "" } },
      ),
    async containersOnceRunning(pid, output) {
      for (let waited = 0; waited < 120_000; waited += 100) {
        const ids = await ownedBy(pid);
        if (ids.length > 0) {
          const top = await docker
            .getContainer(ids[0] ?? "")
            .top({ ps_args: "-eo args" })
            .catch(() => undefined);
          const isSleeping = top?.Processes?.some((row: string[]) =>
            row.join(" ").includes(`sleep ${task.seconds}`),
          );
          if (isSleeping === true) return ids;
        }
        await sleep(100);
      }
      throw new Error(`no running sample container after 120 s; the run said:\n${output.stderr}`);
    },
    async close() {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
