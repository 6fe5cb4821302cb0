// LiveCodeBench release tags → the data files of livecodebench/code_generation_lite, and which tag a run uses.
// Tags as the dataset's loading script defines them (`load_dataset(..., version_tag=...)` in
// LiveCodeBench/LiveCodeBench lcb_runner/benchmarks/code_generation.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24):
// `release_vN` = test.jsonl … testN.jsonl, `vN` = that release's own file, `vA_vB` = testA … testB, `release_latest`
// = all. lighteval's base `lcb:codegeneration` task reads the `v4_v5` subset, our default.
import { ConfigError } from "../../errors.js";

/** How many releases there are (v6: May 2023 – Apr 2025, 1055 problems). */
export const LCB_LATEST_VERSION = 6;

/** lighteval `lcb:codegeneration` (`hf_subset="v4_v5"`). */
export const LCB_DEFAULT_RELEASE = "v4_v5";

export const LCB_RELEASE_ENV = "LLM_BENCH_LCB_RELEASE";
/** aiperf's name for the same setting. */
export const AIPERF_LCB_RELEASE_ENV = "AIPERF_ACCURACY_LCB_RELEASE_TAG";

/** The file that release N added: `test.jsonl` for v1, `testN.jsonl` after. */
export function lcbReleaseFile(version: number): string {
  return version === 1 ? "test.jsonl" : `test${version}.jsonl`;
}

function filesFrom(first: number, last: number): string[] {
  return Array.from({ length: last - first + 1 }, (_, offset) => lcbReleaseFile(first + offset));
}

function buildReleaseFiles(): ReadonlyMap<string, readonly string[]> {
  const files = new Map<string, readonly string[]>();
  for (let version = 1; version <= LCB_LATEST_VERSION; version++) {
    files.set(`release_v${version}`, filesFrom(1, version));
  }
  files.set("release_latest", filesFrom(1, LCB_LATEST_VERSION));
  for (let version = 1; version <= LCB_LATEST_VERSION; version++)
    files.set(`v${version}`, filesFrom(version, version));
  for (let first = 1; first <= LCB_LATEST_VERSION; first++) {
    for (let last = first + 1; last <= LCB_LATEST_VERSION; last++)
      files.set(`v${first}_v${last}`, filesFrom(first, last));
  }
  return files;
}

/** Every tag the loading script accepts, with its files in load order. */
export const LCB_RELEASE_FILES: ReadonlyMap<string, readonly string[]> = buildReleaseFiles();

/** A release resolved: its canonical tag and the files whose rows it holds, in order. */
export interface LcbRelease {
  tag: string;
  files: readonly string[];
}

/**
 * The files of `tag`. `release_vA_vB` is accepted for the window `vA_vB` (the spelling of lighteval's
 * subset). An unknown tag is a ConfigError listing the available ones.
 */
export function resolveLcbRelease(tag: string): LcbRelease {
  const trimmed = tag.trim();
  const windowMatch = /^release_(v\d+_v\d+)$/.exec(trimmed);
  const canonical = windowMatch?.[1] ?? trimmed;
  const files = LCB_RELEASE_FILES.get(canonical);
  if (files === undefined) {
    throw new ConfigError(
      `Unknown LiveCodeBench release "${tag}". Available: ${[...LCB_RELEASE_FILES.keys()].join(", ")} ` +
        `(release_vA_vB is accepted for vA_vB).`,
    );
  }
  return { tag: canonical, files };
}

/**
 * The release a run uses: `LLM_BENCH_LCB_RELEASE`, else aiperf's `AIPERF_ACCURACY_LCB_RELEASE_TAG`, else `v4_v5`.
 * Empty values count as unset.
 */
export function lcbReleaseFromEnv(env: Readonly<Record<string, string | undefined>>): LcbRelease {
  for (const name of [LCB_RELEASE_ENV, AIPERF_LCB_RELEASE_ENV]) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== "") {
      try {
        return resolveLcbRelease(value);
      } catch (error) {
        if (error instanceof ConfigError)
          throw new ConfigError(`${name}: ${error.message}`, { cause: error });
        throw error;
      }
    }
  }
  return resolveLcbRelease(LCB_DEFAULT_RELEASE);
}
