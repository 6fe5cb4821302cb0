// Fetches BIG-Bench-Hard's cot-prompts/<task>.txt from the pinned commit (or a mirror) once, verified and cached.
import path from "node:path";
import { type FetchPinnedFileOptions, fetchPinnedFile } from "../../datasets/fetch-pinned-file.js";
import { bbhPromptWording } from "./bbh-prompt-errors.js";
import { BBH_PROMPT_SHA256, BBH_PROMPTS_COMMIT, bbhPromptsBaseUrl } from "./bbh-prompt-source.js";
import type { BbhTask } from "./bbh-tasks.js";

/** The shared fetcher's options; `env` may also name a mirror in `LLM_BENCH_BBH_PROMPTS_URL`. */
export type FetchBbhPromptOptions = FetchPinnedFileOptions;

/** The prompt files are a few KB; anything far larger is not one. */
const MAX_BYTES = 1024 * 1024;

/** The file's place under the cache dir: `prompts/bbh/{commit}/{task}.txt`. */
function cacheSubpath(task: BbhTask): string {
  return `prompts/bbh/${BBH_PROMPTS_COMMIT}/${task}.txt`;
}

/** `{cacheDir}/prompts/bbh/{commit}/{task}.txt`. */
export function bbhPromptCachePath(cacheDir: string, task: BbhTask): string {
  return path.join(cacheDir, ...cacheSubpath(task).split("/"));
}

/**
 * The text of `cot-prompts/<task>.txt`: from the cache when a copy with the pinned SHA-256 is there, else
 * downloaded from `LLM_BENCH_BBH_PROMPTS_URL` (default the pinned GitHub commit) into the cache, checked against the
 * pinned SHA-256 (`fetchPinnedFile`). With `HF_HUB_OFFLINE` set only the cache is read.
 */
export async function fetchBbhPromptText(task: BbhTask, options: FetchBbhPromptOptions): Promise<string> {
  const bytes = await fetchPinnedFile(
    {
      url: `${bbhPromptsBaseUrl(options.env)}/${task}.txt`,
      cachePath: cacheSubpath(task),
      sha256: BBH_PROMPT_SHA256[task],
      maxBytes: MAX_BYTES,
      label: `BIG-Bench-Hard cot-prompts/${task}.txt`,
      wording: bbhPromptWording(task),
    },
    options,
  );
  return bytes.toString("utf8");
}
