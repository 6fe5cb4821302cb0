// The CLI leaves no container behind: `llm-bench run terminal_bench` stopped with Ctrl-C while a sample's command runs
// removes its container and ends with 130; one killed with -9 leaves it, and `llm-bench containers prune` removes it.
// Against the real engine (Podman's Docker API) and the oracle mock server, on a task whose solution sleeps.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDockerHost } from "../../src/containers/test-support/test-engine.js";
import { runCli, waitForExit } from "./support/cli.js";
import { onlyRunDir, readJson } from "./support/run-dir.js";
import { type SleepingTaskWorld, startSleepingTaskWorld } from "./support/sleeping-task.js";

let world: SleepingTaskWorld;

beforeAll(async () => {
  world = await startSleepingTaskWorld("e2e-container-cleanup-", {
    name: "sleep-long",
    seconds: 600,
    agentTimeoutSec: 900,
    instruction: "Wait for ten minutes, then stop.",
  });
});

afterAll(async () => {
  await world?.close();
});

describe("llm-bench run with containers", () => {
  it("removes the sample's container on Ctrl-C and exits 130", async () => {
    const outputDir = join(world.root, "interrupted");
    const child = world.startRun(outputDir);
    const ids = await world.containersOnceRunning(child.pid, child.output);
    expect(ids).toHaveLength(1);
    child.kill("SIGINT");
    const exit = await waitForExit(child);
    expect(exit.code).toBe(130);
    expect(await world.ownedBy(child.pid)).toEqual([]);
    // The sample the stop cut short is not recorded: --resume runs it again.
    const runDir = onlyRunDir(outputDir);
    expect(readJson<{ status: string }>(join(runDir, "run.json")).status).toBe("interrupted");
    const journal = join(runDir, "samples.jsonl");
    expect(existsSync(journal) ? readFileSync(journal, "utf8").trim() : "").toBe("");
    expect(child.output.stderr).toMatch(/Continue with: llm-bench run --resume/);
  });

  it("leaves the container of a run killed with -9 to `containers prune`", async () => {
    const outputDir = join(world.root, "killed");
    const child = world.startRun(outputDir);
    const ids = await world.containersOnceRunning(child.pid, child.output);
    child.kill("SIGKILL");
    await waitForExit(child);
    expect(await world.ownedBy(child.pid)).toEqual(ids);
    const pruned = await runCli(["containers", "prune", "--keep-images", "--docker-host", testDockerHost()]);
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toMatch(/removed [1-9]\d* containers?\.\n$/);
    expect(await world.ownedBy(child.pid)).toEqual([]);
  });
});
