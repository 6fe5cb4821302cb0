// The recipe swe_bench and swe_bench_pro share: the llm-benchmarker spec's SWE-bench (one model turn asked for a
// unified diff, max_tokens 4096, temperature 0), the patch read as SWE-bench's inference scripts read it, and judged
// by the in-container harness (`evaluateSwePatch`).
import type { Recipe, RecipeSource } from "../types.js";
import { evaluateSwePatch } from "./swe-harness.js";
import { sweScorer } from "./swe-scorer.js";

/** The git blob id of the llm-benchmarker spec README read (../shared/spec/003_852b0385b2a1215b.txt). */
const SPEC_README = "eec5f6b85bde1290cd6c35036944e9695ff86db9";
/** SWE-bench/SWE-bench, the commit whose inference and harness files were read. */
export const SWE_BENCH_COMMIT = "7a21e05772954cc81471ae19d56f436cecf43c54";

const sweBenchSource = (path: string): RecipeSource => ({
  repository: "SWE-bench/SWE-bench",
  path,
  pin: SWE_BENCH_COMMIT,
});

/** The spec's max_tokens for swe_bench (and, inherited, swe_bench_pro). */
export const SWE_MAX_TOKENS = 4096;

export const SWE_SPEC_RECIPE: Recipe = {
  name: "spec",
  description:
    "llm-benchmarker spec: the issue as one user message asking for a unified diff in a ```diff fence (max_tokens 4096, " +
    "temperature 0); the patch extracted as SWE-bench's extract_diff does, applied and tested in a container " +
    "(FAIL_TO_PASS must pass, PASS_TO_PASS must still pass)",
  sources: [
    { repository: "llm-benchmarker", path: "README.md", pin: SPEC_README },
    sweBenchSource("swebench/inference/make_datasets/utils.py"),
    sweBenchSource("swebench/inference/run_api.py"),
    sweBenchSource("swebench/harness/run_evaluation.py"),
    sweBenchSource("swebench/harness/utils.py"),
  ],
  grader: sweScorer("swe-bench patch (extract_diff) evaluated in a container", evaluateSwePatch),
  defaultNShots: 0,
  defaultParams: { maxTokens: SWE_MAX_TOKENS, temperature: 0 },
  usesContainers: true,
};
