// Issue 22: a run killed with -9 during a container sample (terminal_bench) and resumed: the resume removes the
// container the killed run left, runs the sample once, and journals it once. Against the real engine (Podman's Docker
// API) and the oracle mock server, on a task whose solution sleeps a few seconds.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, waitForExit } from "./support/cli.js";
import { onlyRunDir } from "./support/run-dir.js";
import { type SleepingTaskWorld, startSleepingTaskWorld } from "./support/sleeping-task.js";

let world: SleepingTaskWorld;

beforeAll(async () => {
  world = await startSleepingTaskWorld("e2e-container-kill-", {
    name: "sleep-briefly",
    seconds: 6,
    agentTimeoutSec: 300,
    instruction: "Wait for a few seconds, then stop.",
  });
});

afterAll(async () => {
  await world?.close();
});

describe("a container sample killed with -9", () => {
  it("is run once more by --resume, which removes the container the killed run left", async () => {
    const outputDir = join(world.root, "killed");
    const child = world.startRun(outputDir);
    const ids = await world.containersOnceRunning(child.pid, child.output);
    expect(ids).toHaveLength(1);
    child.kill("SIGKILL");
    await waitForExit(child);
    expect(await world.ownedBy(child.pid)).toEqual(ids);
    const runDir = onlyRunDir(outputDir);

    const resumed = await runCli(
      ["run", "--resume", runDir, "--base-url", world.server.url, ...world.engineArgs],
      {
        env: { DOCKER_HOST: "" },
      },
    );
    expect(resumed.stderr).not.toMatch(/internal error/);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/removed 1 container left by an earlier run/);
    expect(await world.ownedBy(child.pid)).toEqual([]);
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
