// The container tier's costs (issue 19) on this machine's engine (Podman's Docker-compatible API service, set up by
// scripts/setup-container-engine.sh): a sample container's whole life through the driver (create, start, one
// command, remove) against the engine's own CLI doing the same (`podman run --rm IMAGE true`, the anchor); one
// command in a running container; copying 1 MiB in; a cached image build looked up by digest. Then whole samples:
// Terminal-Bench's four staged evoeval tasks and the SWE-bench fixture instance, graded through the driver.
// `tsx bench/containers-bench.ts [RUNS]`; prints medians of RUNS (default 7).
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import Docker from "dockerode";
import { evaluateSwePatch } from "../src/benchmarks/swe_bench/swe-harness.js";
import { makeCalcFixture } from "../src/benchmarks/swe_bench/test-support/calc-fixture.js";
import { openContainerEngine } from "../src/containers/open-container-engine.js";
import { TEST_PYTHON_IMAGE, testDockerHost } from "../src/containers/test-support/test-engine.js";
import { createDatasetContext } from "../src/datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../src/mock-server/load-oracle-benchmarks.js";
import { startMockServer } from "../src/mock-server/start-mock-server.js";
import { runBenchmarks } from "../src/runner/run-benchmarks.js";
import { percentile, sortSamples } from "../src/stats/summarize.js";

const runs = Number(process.argv[2] ?? 7);
const median = (values: number[]) => percentile(sortSamples(values), 50);
const ms = (value: number) => `${value.toFixed(0)} ms`;

const host = testDockerHost();
const env = { ...process.env, DOCKER_HOST: host };
const engine = await openContainerEngine({ env, imageMap: [`python:3.11=${TEST_PYTHON_IMAGE}`] });
const conf = { ...process.env, CONTAINERS_CONF: "/var/tmp/llm-bench-engine/containers.conf" };

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const lifecycle: number[] = [];
const cli: number[] = [];
const execs: number[] = [];
const cliExecs: number[] = [];
const copies: number[] = [];
const megabyte = "x".repeat(1024 * 1024);
for (let run = 0; run < runs; run++) {
  lifecycle.push(
    await timed(() => engine.withContainer({ image: "python:3.11" }, (container) => container.exec("true"))),
  );
  cli.push(
    await timed(async () => {
      const result = spawnSync("podman", ["run", "--rm", "--network", "none", TEST_PYTHON_IMAGE, "true"], {
        env: conf,
      });
      if (result.status !== 0) throw new Error(`podman run failed: ${result.stderr}`);
    }),
  );
  await engine.withContainer({ image: "python:3.11" }, async (container) => {
    for (let index = 0; index < 5; index++) execs.push(await timed(() => container.exec("true")));
    for (let index = 0; index < 5; index++) {
      cliExecs.push(
        await timed(async () => {
          const result = spawnSync("podman", ["exec", container.id, "true"], { env: conf });
          if (result.status !== 0) throw new Error(`podman exec failed: ${result.stderr}`);
        }),
      );
    }
    copies.push(
      await timed(() => container.putFiles("/tmp/in", [{ path: "one-mib.txt", content: megabyte }])),
    );
  });
}

const context = mkdtempSync(join(tmpdir(), "containers-bench-"));
writeFileSync(join(context, "Dockerfile"), "FROM python:3.11\nWORKDIR /app\nCOPY data.txt ./\n");
// A context no earlier run built (its digest is new), so the first build is a real one; the image is removed after.
writeFileSync(join(context, "data.txt"), `bench ${randomUUID()}\n`);
const build = { contextDirectory: context, repository: "llm-bench/containers-bench" };
let builtTag = "";
const firstBuild = await timed(async () => {
  builtTag = await engine.buildImage(build);
});
const cachedBuilds: number[] = [];
for (let run = 0; run < runs; run++) {
  // A fresh engine each time: the lookup by digest, not the engine's in-memory memo.
  const fresh = await openContainerEngine({ env, imageMap: [`python:3.11=${TEST_PYTHON_IMAGE}`] });
  cachedBuilds.push(await timed(() => fresh.buildImage(build)));
  await fresh.close();
}
rmSync(context, { recursive: true, force: true });
await new Docker({ socketPath: new URL(host).pathname }).getImage(builtTag).remove();

// Whole samples. SWE-bench: the calc fixture's gold patch evaluated (repository tree copied in, patch and test patch
// applied, FAIL_TO_PASS and PASS_TO_PASS run by pytest), one at a time, the mirror clone already cached.
const fixture = makeCalcFixture();
const cacheDirectory = mkdtempSync(join(tmpdir(), "containers-bench-cache-"));
const harness = { images: "spec" as const, repoUrl: fixture.repoUrl, cacheDirectory };
await evaluateSwePatch(fixture.instance, fixture.goldPatch, engine, harness);
const sweSamples: number[] = [];
for (let run = 0; run < runs; run++) {
  sweSamples.push(
    await timed(async () => {
      const verdict = await evaluateSwePatch(fixture.instance, fixture.goldPatch, engine, harness);
      if (!verdict.correct) throw new Error(`the gold patch did not resolve the fixture: ${verdict.reason}`);
    }),
  );
}
fixture.remove();
rmSync(cacheDirectory, { recursive: true, force: true });
await engine.close();

// Terminal-Bench: the four staged evoeval tasks through the oracle mock server and `runBenchmarks` (image built once
// and reused, the oracle replaying solution.sh, the task's run-tests.sh with pytest), one container at a time and two.
const shared = resolve(
  process.env["LLM_BENCH_SHARED_DATA"] ?? join(import.meta.dirname, "../../shared/data"),
);
const evoeval = join(shared, "terminal_bench", "tasks");
async function terminalBenchRun(workers: number): Promise<number> {
  const benchmarks = await loadOracleBenchmarks(
    ["terminal_bench"],
    createDatasetContext({ dataDir: evoeval, env: {} }),
  );
  const server = await startMockServer({ oracle: { benchmarks, accuracy: 1, seed: 1 } });
  const outputDir = mkdtempSync(join(tmpdir(), "containers-bench-run-"));
  try {
    return await timed(async () => {
      const outcome = await runBenchmarks(
        {
          benchmarks: ["terminal_bench"],
          baseUrl: server.url,
          model: "mock-model",
          dataDir: evoeval,
          tasks: ["python_programming"],
          outputDir,
          concurrency: 4,
          dockerHost: host,
          containerWorkers: workers,
          imageMap: [`ghcr.io/laude-institute/t-bench/python-3-13:20250620=${TEST_PYTHON_IMAGE}`],
        },
        { env: {} },
      );
      const correct = outcome.benchmarks[0]?.summary.overall.correct;
      if (correct !== 4) throw new Error(`terminal_bench: ${correct} of 4 resolved`);
    });
  } finally {
    await server.close();
    rmSync(outputDir, { recursive: true, force: true });
  }
}
await terminalBenchRun(2);
const tbenchOne: number[] = [];
const tbenchTwo: number[] = [];
for (let run = 0; run < Math.min(runs, 3); run++) {
  tbenchOne.push(await terminalBenchRun(1));
  tbenchTwo.push(await terminalBenchRun(2));
}

const podmanVersion = execFileSync("podman", ["--version"], { encoding: "utf8", env: conf }).trim();
const lines = [
  `engine: ${podmanVersion} API service at ${host}; ${runs} runs, medians`,
  `container life (create, start, exec true, remove) through the driver: ${ms(median(lifecycle))}`,
  `anchor: podman run --rm --network none IMAGE true (CLI): ${ms(median(cli))} → ratio ${(median(lifecycle) / median(cli)).toFixed(2)}`,
  `one command (exec true, time limit and output cap) in a running container: ${ms(median(execs))}`,
  `anchor: podman exec CONTAINER true (CLI): ${ms(median(cliExecs))} → ratio ${(median(execs) / median(cliExecs)).toFixed(2)}`,
  `1 MiB file copied in (putFiles): ${ms(median(copies))}`,
  `image build: first ${ms(firstBuild)}; cached (same context, looked up by digest): ${ms(median(cachedBuilds))}`,
  `swe_bench sample (calc fixture, gold patch, spec images): ${ms(median(sweSamples))}`,
  `terminal_bench, 4 evoeval tasks (oracle, medians of ${tbenchOne.length}): ${ms(median(tbenchOne))} with 1 container worker (${ms(median(tbenchOne) / 4)} a sample), ${ms(median(tbenchTwo))} with 2`,
];
console.log(lines.join("\n"));
