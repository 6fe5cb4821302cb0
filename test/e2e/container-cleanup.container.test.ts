// The CLI leaves no container behind: `llm-bench run terminal_bench` stopped with Ctrl-C while a sample's command runs
// removes its container and ends with 130; one killed with -9 leaves it, and `llm-bench containers prune` removes it.
// Against the real engine (Podman's Docker API) and the oracle mock server, on a task whose solution sleeps.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_LABEL } from "../../src/containers/container-labels.js";
import { TEST_PYTHON_IMAGE, testDockerHost } from "../../src/containers/test-support/test-engine.js";
import { createDatasetContext } from "../../src/datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../../src/mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../../src/mock-server/start-mock-server.js";
import { runCli, spawnCli, waitForExit } from "./support/cli.js";
import { onlyRunDir, readJson } from "./support/run-dir.js";

const root = mkdtempSync(join(tmpdir(), "e2e-container-cleanup-"));
const dataDir = join(root, "tasks");
let server: MockServer;
let docker: Docker;

beforeAll(async () => {
  const task = join(dataDir, "waiting", "sleep-long");
  mkdirSync(join(task, "tests"), { recursive: true });
  writeFileSync(
    join(task, "task.yaml"),
    "instruction: Wait for ten minutes, then stop.\ndifficulty: easy\ncategory: waiting\nparser_name: pytest\n" +
      "max_agent_timeout_sec: 900\nmax_test_timeout_sec: 60\n",
  );
  writeFileSync(join(task, "Dockerfile"), "FROM python:3.11\nWORKDIR /app\n");
  writeFileSync(join(task, "solution.sh"), "#!/bin/bash\nsleep 600\n");
  writeFileSync(join(task, "run-tests.sh"), "#!/bin/bash\ncd /tests && pytest test_outputs.py -rA\n");
  writeFileSync(join(task, "tests", "test_outputs.py"), "def test_waited():\n    assert True\n");
  const benchmarks = await loadOracleBenchmarks(
    ["terminal_bench"],
    createDatasetContext({ dataDir, env: {} }),
  );
  server = await startMockServer({ oracle: { benchmarks, accuracy: 1, seed: 1 } });
  docker = new Docker({ socketPath: new URL(testDockerHost()).pathname });
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The containers a process owns (its label), by id. */
async function ownedBy(pid: number | undefined): Promise<string[]> {
  const listed = await docker.listContainers({
    all: true,
    filters: { label: [`${OWNER_LABEL}=${hostname()}/${pid}`] },
  });
  return listed.map((info) => info.Id);
}

function startRun(outputDir: string) {
  return spawnCli(
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
      "--docker-host",
      testDockerHost(),
      "--image-map",
      `python:3.11=${TEST_PYTHON_IMAGE}`,
    ],
    { env: { DOCKER_HOST: "" } },
  );
}

/** Waits until `pid` holds a container whose sample's command is running; its ids. */
async function containersOnceRunning(pid: number | undefined, output: { stderr: string }): Promise<string[]> {
  for (let waited = 0; waited < 120_000; waited += 250) {
    const ids = await ownedBy(pid);
    if (ids.length > 0) {
      // The oracle's `sleep 600` is running in it.
      const top = await docker
        .getContainer(ids[0] ?? "")
        .top({ ps_args: "-eo args" })
        .catch(() => undefined);
      if (top?.Processes?.some((row: string[]) => row.join(" ").includes("sleep 600")) === true) return ids;
    }
    await sleep(250);
  }
  throw new Error(`no running sample container after 120 s; the run said:\n${output.stderr}`);
}

describe("llm-bench run with containers", () => {
  it("removes the sample's container on Ctrl-C and exits 130", async () => {
    const outputDir = join(root, "interrupted");
    const child = startRun(outputDir);
    const ids = await containersOnceRunning(child.pid, child.output);
    expect(ids).toHaveLength(1);
    child.kill("SIGINT");
    const exit = await waitForExit(child);
    expect(exit.code).toBe(130);
    expect(await ownedBy(child.pid)).toEqual([]);
    // The sample the stop cut short is not recorded: --resume runs it again.
    const runDir = onlyRunDir(outputDir);
    expect(readJson<{ status: string }>(join(runDir, "run.json")).status).toBe("interrupted");
    const journal = join(runDir, "samples.jsonl");
    expect(existsSync(journal) ? readFileSync(journal, "utf8").trim() : "").toBe("");
    expect(child.output.stderr).toMatch(/Continue with: llm-bench run --resume/);
  });

  it("leaves the container of a run killed with -9 to `containers prune`", async () => {
    const outputDir = join(root, "killed");
    const child = startRun(outputDir);
    const ids = await containersOnceRunning(child.pid, child.output);
    child.kill("SIGKILL");
    await waitForExit(child);
    expect(await ownedBy(child.pid)).toEqual(ids);
    const pruned = await runCli(["containers", "prune", "--keep-images", "--docker-host", testDockerHost()]);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(/removed [1-9]\d* containers?\.\n$/);
    expect(await ownedBy(child.pid)).toEqual([]);
  });
});
