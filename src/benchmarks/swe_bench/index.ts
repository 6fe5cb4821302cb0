// SWE-bench Verified (SWE-bench/SWE-bench_Verified, test: 500 GitHub issues of 12 Python repositories): the model
// answers an issue with a unified diff; the patch is applied to the repository at the base commit in a
// container and the instance's FAIL_TO_PASS tests must pass and its PASS_TO_PASS tests still pass.
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions } from "../types.js";
import { readSweBenchSamples, SWE_BENCH_VERIFIED_FILE } from "./read-swe-instances.js";
import { sweHarnessOptions } from "./swe-harness-options.js";
import type { SweBenchSample } from "./swe-instance.js";
import { selectSweTasks, sweLoaded } from "./swe-loaded.js";
import { sweOracle } from "./swe-oracle.js";
import { SWE_SPEC_RECIPE } from "./swe-recipe.js";

/** Under --data-dir: `swe_bench/data/test-00000-of-00001.{parquet,jsonl}`. */
export const SWE_BENCH_LOCAL_FOLDER = "swe_bench";

/** Verified's `difficulty` values, easiest first (the order its breakdown is shown in). */
export const SWE_BENCH_DIFFICULTIES = ["<15 min fix", "15 min - 1 hour", "1-4 hours", ">4 hours"] as const;

async function load(options: LoadOptions): Promise<LoadedBenchmark<SweBenchSample>> {
  checkNShots("swe_bench", options.nShots, 0);
  selectSweTasks("swe_bench", [], options.tasks);
  const samples = await readSweBenchSamples(
    options.context,
    SWE_BENCH_VERIFIED_FILE,
    SWE_BENCH_LOCAL_FOLDER,
    { task: "swe_bench", harness: sweHarnessOptions(options) },
  );
  return sweLoaded("swe_bench", samples);
}

export const sweBench: Benchmark<SweBenchSample> = {
  name: "swe_bench",
  description:
    "SWE-bench Verified: 500 GitHub issues of Python repositories; the model's unified diff is applied and the " +
    "issue's tests run in a container (FAIL_TO_PASS pass, PASS_TO_PASS still pass). Accuracy per repository and difficulty.",
  dataset: `${SWE_BENCH_VERIFIED_FILE.repo} (test: ${SWE_BENCH_VERIFIED_FILE.path} @${SWE_BENCH_VERIFIED_FILE.revision.slice(0, 7)})`,
  recipes: [SWE_SPEC_RECIPE],
  maxNShots: 0,
  tasks: [],
  facetOrder: { difficulty: SWE_BENCH_DIFFICULTIES },
  load,
  oracle: sweOracle,
};
