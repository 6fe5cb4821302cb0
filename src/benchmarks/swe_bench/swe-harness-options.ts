// The in-container evaluation's settings a load gives its samples: the run's `--swe-images` (default the spec's
// python:3.11 flow) and `--swe-repo-url` (default GitHub), and the clones' cache under the run's cache directory
// (`<cache>/swe-bench`; `LLM_BENCH_CACHE`, else `~/.cache/llm-benchmarker`, as datasets).
import path from "node:path";
import { resolveDatasetSettings } from "../../datasets/resolve-dataset-settings.js";
import type { LoadOptions } from "../types.js";
import { DEFAULT_SWE_REPO_URL } from "./repository-url.js";
import type { SweHarnessOptions } from "./swe-harness.js";

export function sweHarnessOptions(
  options: Pick<LoadOptions, "context" | "containerTier">,
): SweHarnessOptions {
  const cacheDir =
    options.context.downloads?.cacheDir ?? resolveDatasetSettings({ env: process.env }).cacheDir;
  return {
    images: options.containerTier?.sweImages ?? "spec",
    repoUrl: options.containerTier?.sweRepoUrl ?? DEFAULT_SWE_REPO_URL,
    cacheDirectory: path.join(cacheDir, "swe-bench"),
    ...(options.context.signal === undefined ? {} : { signal: options.context.signal }),
  };
}
