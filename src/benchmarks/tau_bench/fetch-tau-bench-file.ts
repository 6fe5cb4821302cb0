// Fetches one file of τ-bench's repository at the pinned commit (or a mirror) once, verified and cached.
import { type FetchPinnedFileOptions, fetchPinnedFile } from "../../datasets/fetch-pinned-file.js";
import { DatasetError } from "../../errors.js";
import {
  TAU_BENCH_COMMIT,
  TAU_BENCH_URL_ENV,
  type TauBenchPins,
  tauBenchBaseUrl,
} from "./tau-bench-source.js";

/** The shared fetcher's options; `env` may also name a mirror in `LLM_BENCH_TAU_BENCH_URL`. */
export type FetchTauBenchFileOptions = FetchPinnedFileOptions;

/** How errors name a repository file: `sierra-research/tau-bench@59a200c:<path>`. */
export function tauBenchFileName(repoPath: string): string {
  return `sierra-research/tau-bench@${TAU_BENCH_COMMIT.slice(0, 7)}:${repoPath}`;
}

/** The file's place under the cache dir. */
export function tauBenchCacheSubpath(repoPath: string): string {
  return `tau-bench/${TAU_BENCH_COMMIT}/${repoPath}`;
}

/**
 * The UTF-8 text of `repoPath` (e.g. `tau_bench/envs/retail/wiki.md`): from the cache when a copy with its pinned
 * SHA-256 is there, else downloaded from `LLM_BENCH_TAU_BENCH_URL` (default the pinned commit on GitHub) and checked
 * (`fetchPinnedFile`); offline, the cache only. `pins` name each file's SHA-256 and size.
 */
export async function fetchTauBenchText(
  repoPath: string,
  pins: TauBenchPins,
  options: FetchTauBenchFileOptions,
): Promise<string> {
  const pin = pins[repoPath];
  if (pin === undefined) {
    // Only a path this program does not read (a bug, or a test's pins missing one) gets here.
    throw new DatasetError(
      `No pinned SHA-256 for τ-bench's ${repoPath}: it is not a file this program reads.`,
    );
  }
  const bytes = await fetchPinnedFile(
    {
      url: `${tauBenchBaseUrl(options.env)}/${repoPath}`,
      cachePath: tauBenchCacheSubpath(repoPath),
      sha256: pin.sha256,
      // The pinned size: a longer body cannot be the file.
      maxBytes: pin.sizeBytes,
      label: `τ-bench ${repoPath}`,
      wording: {
        file: `the τ-bench file ${tauBenchFileName(repoPath)}`,
        urlEnv: TAU_BENCH_URL_ENV,
        wayOut:
          "pass --data-dir DIR with DIR/tau_bench/ holding τ-bench's files as JSON (the layout " +
          "src/benchmarks/tau_bench/README.md describes)",
      },
    },
    options,
  );
  return bytes.toString("utf8");
}
