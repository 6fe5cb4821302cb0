// Issue 22: a run killed with -9 during a container sample (terminal_bench) and resumed: the resume removes the
// container the killed run left, runs the sample once, and journals it once. Against the real engine (Podman's Docker
// API) and the oracle mock server, on a task whose solution sleeps a few seconds.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PYTHON_IMAGE, testDockerHost } from "../../src/containers/test-support/test-engine.js";
import type { MockServer } from "../../src/mock-server/start-mock-server.js";
import { runCli, spawnCli, waitForExit } from "./support/cli.js";
import { onlyRunDir } from "./support/run-dir.js";
import { type SleepingTaskWorld, startSleepingTaskWorld } from "./support/sleeping-task.js";

const root = mkdtempSync(join(tmpdir(), "e2e-container-kill-"));
const dataDir = join(root, "tasks");
let world: SleepingTaskWorld;
let server: MockServer;
let docker: Docker;

beforeAll(async () => {
  world = await startSleepingTaskWorld(dataDir, {
    name: "sleep-briefly",
    seconds: 6,
    agentTimeoutSec: 300,
    instruction: "Wait for a few seconds, then stop.",
  });
  ({ server, docker } = world);
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const ownedBy = (pid: number | undefined): Promise<string[]> => world.ownedBy(pid);

const engineArgs = ["--docker-host", testDockerHost(), "--image-map", `python:3.11=${TEST_PYTHON_IMAGE}`];

describe("a container sample killed with -9", () => {
  it("is run once more by --resume, which removes the container the killed run left", async () => {
    const outputDir = join(root, "killed");
    const child = spawnCli(
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
    );
    let ids: string[] = [];
    for (let waited = 0; waited < 120_000; waited += 100) {
      ids = await ownedBy(child.pid);
      const top =
        ids[0] === undefined
          ? undefined
          : await docker
              .getContainer(ids[0])
              .top({ ps_args: "-eo args" })
              .catch(() => undefined);
      if (top?.Processes?.some((row: string[]) => row.join(" ").includes("sleep 6")) === true) break;
      await sleep(100);
    }
    expect(ids).toHaveLength(1);
    child.kill("SIGKILL");
    await waitForExit(child);
    expect(await ownedBy(child.pid)).toEqual(ids);
    const runDir = onlyRunDir(outputDir);

    const resumed = await runCli(["run", "--resume", runDir, "--base-url", server.url, ...engineArgs], {
      env: { DOCKER_HOST: "" },
    });
    expect(resumed.stderr).not.toMatch(/internal error/);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/removed 1 container left by an earlier run/);
    expect(await ownedBy(child.pid)).toEqual([]);
    const lines = readFileSync(join(runDir, "samples.jsonl"), "utf8").trim().split("\n");
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] ?? "{}") as {
      id: string;
      status: string;
      correct: boolean;
      session: number;
    };
    expect(record).toMatchObject({ status: "ok", correct: true, session: 1 });
    const result = JSON.parse(readFileSync(join(runDir, "terminal_bench.json"), "utf8")) as {
      num_samples: number;
    };
    expect(result.num_samples).toBe(1);
  });
});
