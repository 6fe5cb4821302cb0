// The CLI leaves no container behind: `llm-bench run terminal_bench` stopped with Ctrl-C while a sample's command runs
// removes its container and ends with 130; one killed with -9 leaves it, and `llm-bench containers prune` removes it.
// Against the real engine (Podman's Docker API) and the oracle mock server, on a task whose solution sleeps.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PYTHON_IMAGE, testDockerHost } from "../../src/containers/test-support/test-engine.js";
import type { MockServer } from "../../src/mock-server/start-mock-server.js";
import { runCli, spawnCli, waitForExit } from "./support/cli.js";
import { onlyRunDir, readJson } from "./support/run-dir.js";
import { type SleepingTaskWorld, startSleepingTaskWorld } from "./support/sleeping-task.js";

const root = mkdtempSync(join(tmpdir(), "e2e-container-cleanup-"));
const dataDir = join(root, "tasks");
let world: SleepingTaskWorld;
let server: MockServer;
let docker: Docker;

beforeAll(async () => {
  world = await startSleepingTaskWorld(dataDir, {
    name: "sleep-long",
    seconds: 600,
    agentTimeoutSec: 900,
    instruction: "Wait for ten minutes, then stop.",
  });
  ({ server, docker } = world);
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const ownedBy = (pid: number | undefined): Promise<string[]> => world.ownedBy(pid);

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
