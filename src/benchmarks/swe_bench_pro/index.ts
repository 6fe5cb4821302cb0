// SWE-bench Pro as the llm-benchmarker spec names it — the full SWE-bench test set (SWE-bench/SWE-bench, test) — plus
// the SWE-bench Pro rows (ScaleAI/SWE-bench_Pro, test: Python, Go, JavaScript and TypeScript repositories, each with
// its own evaluation image): two tasks, `swe_bench_full` and `swe_bench_pro`, graded as swe_bench grades.

import { ConfigError } from "../../errors.js";
import { checkNShots } from "../check-n-shots.js";
import {
  readSweBenchProSamples,
  readSweBenchSamples,
  SWE_BENCH_FULL_FILE,
  SWE_BENCH_PRO_FILE,
} from "../swe_bench/read-swe-instances.js";
import { sweHarnessOptions } from "../swe_bench/swe-harness-options.js";
import type { SweBenchSample } from "../swe_bench/swe-instance.js";
import { selectSweTasks, sweLoaded } from "../swe_bench/swe-loaded.js";
import { sweOracle } from "../swe_bench/swe-oracle.js";
import { SWE_SPEC_RECIPE } from "../swe_bench/swe-recipe.js";
import type { Benchmark, LoadedBenchmark, LoadOptions } from "../types.js";

/** The two sources, each a task; under --data-dir each is read from the folder of its name. */
export const SWE_BENCH_PRO_TASKS = ["swe_bench_full", "swe_bench_pro"] as const;
export type SweBenchProTask = (typeof SWE_BENCH_PRO_TASKS)[number];

function readTask(options: LoadOptions, task: SweBenchProTask): Promise<SweBenchSample[]> {
  const where = { task, harness: sweHarnessOptions(options) };
  switch (task) {
    case "swe_bench_full":
      return readSweBenchSamples(options.context, SWE_BENCH_FULL_FILE, task, where);
    case "swe_bench_pro":
      return readSweBenchProSamples(options.context, task, where);
    default: {
      const unreachable: never = task;
      return unreachable;
    }
  }
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<SweBenchSample>> {
  checkNShots("swe_bench_pro", options.nShots, 0);
  const tasks = selectSweTasks("swe_bench_pro", SWE_BENCH_PRO_TASKS, options.tasks);
  // Refused before anything is sent: the harness has no official evaluation for SWE-bench Pro rows.
  if (options.containerTier?.sweImages === "official" && tasks.includes("swe_bench_pro")) {
    throw new ConfigError(
      "--swe-images official: SWE-bench Pro's rows have no official evaluation here (it runs the per-instance " +
        "run_script.sh and parser.py of scaleapi/SWE-bench_Pro-os, which this harness does not carry); run them with " +
        "the spec's images (drop --swe-images), or give --tasks swe_bench_full for the official images.",
    );
  }
  const samples: SweBenchSample[] = [];
  for (const task of tasks) {
    samples.push(...(await readTask(options, task)));
  }
  return sweLoaded("swe_bench_pro", samples);
}

const short = (revision: string) => revision.slice(0, 7);

export const sweBenchPro: Benchmark<SweBenchSample> = {
  name: "swe_bench_pro",
  description:
    "SWE-bench Pro: the full SWE-bench test set (task swe_bench_full) and ScaleAI's SWE-bench Pro (task swe_bench_pro, " +
    "per-instance images); unified diffs applied and tested in a container as swe_bench does. Accuracy per repository and language.",
  dataset: `${SWE_BENCH_FULL_FILE.repo} (test @${short(SWE_BENCH_FULL_FILE.revision)}) + ${SWE_BENCH_PRO_FILE.repo} (test @${short(SWE_BENCH_PRO_FILE.revision)})`,
  recipes: [SWE_SPEC_RECIPE],
  maxNShots: 0,
  tasks: SWE_BENCH_PRO_TASKS,
  load,
  oracle: sweOracle,
};
