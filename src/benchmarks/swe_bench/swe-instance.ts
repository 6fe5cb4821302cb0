// One SWE-bench task instance as the swe_bench and swe_bench_pro benchmarks carry it, whichever source it came from
// (SWE-bench's Hub schema, SWE-bench Pro's, or a third-party export), and the sample that wraps it.
import type { BenchmarkSample } from "../types.js";
import type { SweHarnessOptions } from "./swe-harness.js";

export interface SweInstance {
  /** e.g. `astropy__astropy-12907`. */
  readonly instanceId: string;
  /** `owner/name`, e.g. `astropy/astropy`. */
  readonly repo: string;
  readonly baseCommit: string;
  /** The gold patch (source files only). */
  readonly patch: string;
  /** The patch that adds or changes the tests FAIL_TO_PASS and PASS_TO_PASS name. */
  readonly testPatch: string;
  readonly problemStatement: string;
  /** "" when the row has none. */
  readonly hintsText: string;
  /** The repository version the harness keys its install specs by; "" when the row has none. */
  readonly version: string;
  /** "" when the row has none. */
  readonly environmentSetupCommit: string;
  /** Tests that fail before the gold patch and pass after it. */
  readonly failToPass: readonly string[];
  /** Tests that pass both before and after the gold patch. */
  readonly passToPass: readonly string[];
  /** "python" for SWE-bench; SWE-bench Pro rows carry theirs (`repo_language`). */
  readonly language: string;
  /**
   * SWE-bench Pro: the row's own evaluation image (dockerhub_tag) as a full reference,
   * `jefzda/sweap-images:<dockerhub_tag>` (the repository SWE-bench Pro's README names); absent for SWE-bench.
   */
  readonly image?: string;
  /** SWE-bench Pro: what the solution must meet (`requirements`); absent for SWE-bench. */
  readonly requirements?: string;
  /** SWE-bench Pro: the new interfaces the solution introduces (`interface`); absent for SWE-bench. */
  readonly interface?: string;
  /** SWE-bench Pro: the shell lines run before the tests (`before_repo_set_cmd`); absent when the row has none. */
  readonly beforeRepoSetCmd?: string;
  /** SWE-bench Pro: the test files its run script is given (`selected_test_files_to_run`); absent when none. */
  readonly selectedTestFiles?: readonly string[];
}

export interface SweBenchSample extends BenchmarkSample {
  readonly instance: SweInstance;
  /** How its patch is evaluated: the run's `--swe-images`, `--swe-repo-url` and cache (`sweHarnessOptions`). */
  readonly harness: SweHarnessOptions;
}
