// The in-pod path of `launch k8s`, run here as processes (no Kubernetes control plane can run on this machine): each
// pod of the Indexed Job is its container's command and args as Kubernetes gives them (`$$` → `$`, the
// JOB_COMPLETION_INDEX variable set), the image's CLI being this checkout's build, against the oracle mock server,
// writing to a directory that stands in for the shared volume; a pod started again resumes its shard; then the
// merge pod's command. The merged run equals an unsharded run's.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { IContainer } from "kubernetes-models/v1/Container";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildK8sLaunchManifests } from "../../src/launch/k8s/build-k8s-launch-manifests.js";
import { IMAGE_ENTRYPOINT, inPodMergeCommand } from "../../src/launch/k8s/in-pod-merge-command.js";
import { shardContainerOf } from "../../src/launch/k8s/launch-k8s.js";
import {
  type CliResult,
  type MockServerProcess,
  repoRoot,
  runCli,
  sharedData,
  startMockServerProcess,
} from "./support/cli.js";
import { execFormOf, readDockerfile } from "./support/dockerfile.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";

const SHARDS = 3;
const LIMIT = "30";

/** The image's ENTRYPOINT with its /app (the runtime stage's WORKDIR) as this checkout, where the build is. */
const entrypointHere = execFormOf(readDockerfile().at(-1), "ENTRYPOINT").map((word, index) =>
  index === 0 && word === "node" ? process.execPath : word.replace(/^\/app\//, `${repoRoot}/`),
);

/** Kubernetes' expansion of a container's command and args: `$(VAR)` from its environment, `$$` → `$`. */
const expand = (word: string, env: Record<string, string>): string =>
  word.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (reference, name: string | undefined) =>
    name === undefined ? "$" : (env[name] ?? reference),
  );

/** Runs a pod's one container as a process: its command (else the image's ENTRYPOINT) and args, its env. */
function runContainer(
  container: IContainer,
  podEnv: Record<string, string>,
  cwd: string,
): Promise<CliResult> {
  const env: Record<string, string> = { ...podEnv };
  for (const variable of container.env ?? [])
    if (variable.value !== undefined) env[variable.name] = variable.value;
  const argv = [...(container.command ?? entrypointHere), ...(container.args ?? [])].map((word) =>
    expand(word, env),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0] ?? "", argv.slice(1), {
      cwd,
      env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", HF_HUB_OFFLINE: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

interface ResultFile {
  accuracy: number;
  num_samples: number;
  num_correct: number;
}
type JournalLine = { benchmark: string; id: string; correct: boolean };

describe("launch k8s, in the pods", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "gsm8k",
      "--data-dir",
      sharedData,
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("runs one shard per completion index and merges them into the unsharded run's result", async () => {
    const volume = mkdtempSync(join(tmpdir(), "k8s-volume-"));
    const launchDir = join(volume, "gsm8k-pods");
    const runArgs = ["run", "gsm8k", "--base-url", server.url, "--data-dir", sharedData, "--limit", LIMIT];
    // The merge pod's script runs this checkout's CLI here; in the image it runs IMAGE_ENTRYPOINT.
    expect(entrypointHere.slice(1)).toEqual([
      join(repoRoot, IMAGE_ENTRYPOINT[1] ?? "").replace("/app/", "/"),
    ]);
    const merge = inPodMergeCommand({ launchDir, program: entrypointHere });
    // The shard pods' container as `launch k8s` writes it, its program this checkout's build.
    const shard = shardContainerOf(
      { command: "run", args: runArgs.slice(1) },
      SHARDS,
      launchDir,
      entrypointHere,
    );
    const { indexedJob, mergeJob } = buildK8sLaunchManifests({
      name: "gsm8k-pods",
      image: "llm-bench:test",
      volumeClaim: "bench-results",
      mountPath: volume,
      shards: SHARDS,
      shardCommand: shard.command,
      shardArgs: shard.args,
      mergeCommand: merge.command,
      mergeArgs: merge.args,
    });
    const shardContainer = indexedJob.spec?.template.spec?.containers[0];
    const mergeContainer = mergeJob.spec?.template.spec?.containers[0];
    if (shardContainer === undefined || mergeContainer === undefined) throw new Error("no container");

    // The Indexed Job's pods: JOB_COMPLETION_INDEX = 0 … N-1, all at once as parallelism = N runs them.
    const pods = await Promise.all(
      Array.from({ length: SHARDS }, (_, index) =>
        runContainer(shardContainer, { JOB_COMPLETION_INDEX: String(index) }, volume),
      ),
    );
    for (const pod of pods) expect(pod.stderr).not.toMatch(/internal error/);
    expect(pods.map((pod) => pod.code)).toEqual(Array(SHARDS).fill(0));
    const shardRunDirs = Array.from({ length: SHARDS }, (_, index) =>
      onlyRunDir(join(launchDir, `shard-${index}`)),
    );
    // Each pod read its index from JOB_COMPLETION_INDEX and recorded it.
    expect(
      shardRunDirs.map((dir) => readJson<{ config: { shard?: string } }>(join(dir, "run.json")).config.shard),
    ).toEqual(Array.from({ length: SHARDS }, (_, index) => `${index}/${SHARDS}`));
    const shardIds = shardRunDirs.map((dir) =>
      readJsonLines<JournalLine>(join(dir, "samples.jsonl")).map((line) => line.id),
    );
    // Every sample in exactly one shard.
    const union = shardIds.flat();
    expect(new Set(union).size).toBe(union.length);
    expect(union).toHaveLength(Number(LIMIT));

    // A pod of index 1 started again (a retry, --backoff-limit-per-index): it resumes that shard's run, asks
    // nothing more, and leaves no second run directory.
    const retried = await runContainer(shardContainer, { JOB_COMPLETION_INDEX: "1" }, volume);
    expect(retried.code).toBe(0);
    expect(retried.stderr).toContain(`shard 1: resuming ${shardRunDirs[1]}`);
    expect(onlyRunDir(join(launchDir, "shard-1"))).toBe(shardRunDirs[1]);
    const sessions = readJson<{ sessions: unknown[] }>(join(shardRunDirs[1] ?? "", "run.json")).sessions;
    expect(sessions).toHaveLength(2);

    // The merge pod, once every index succeeded.
    const merged = await runContainer(mergeContainer, {}, volume);
    expect(merged.stderr).not.toMatch(/internal error/);
    expect(merged.code).toBe(0);
    const mergedDir = join(launchDir, "merged");

    // The same run, unsharded, on one machine.
    const outputDir = mkdtempSync(join(tmpdir(), "k8s-unsharded-"));
    const unsharded = await runCli([...runArgs, "--output-dir", outputDir]);
    expect(unsharded.code).toBe(0);
    const unshardedDir = onlyRunDir(outputDir);

    const sorted = (dir: string) =>
      readJsonLines<JournalLine>(join(dir, "samples.jsonl"))
        .map((line) => [line.id, line.correct] as const)
        .sort(([a], [b]) => a.localeCompare(b));
    expect(sorted(mergedDir)).toEqual(sorted(unshardedDir));
    const mergedResult = readJson<ResultFile>(join(mergedDir, "gsm8k.json"));
    const unshardedResult = readJson<ResultFile>(join(unshardedDir, "gsm8k.json"));
    expect(mergedResult.num_samples).toBe(Number(LIMIT));
    expect([mergedResult.accuracy, mergedResult.num_correct]).toEqual([
      unshardedResult.accuracy,
      unshardedResult.num_correct,
    ]);
  });
});
