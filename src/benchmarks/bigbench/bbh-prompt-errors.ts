// How the errors of fetching BIG-Bench-Hard's prompt files speak of the file and the ways out (the errors themselves
// are the shared fetcher's, `src/datasets/pinned-file-errors.ts`).
import type { PinnedFileWording } from "../../datasets/pinned-file-errors.js";
import { BBH_PROMPTS_URL_ENV } from "./bbh-prompt-source.js";

/** The wording of the fetch errors of `cot-prompts/<task>.txt`. */
export function bbhPromptWording(task: string): PinnedFileWording {
  return {
    file: `the BIG-Bench-Hard prompt file for ${task}`,
    offlineFile: `the BIG-Bench-Hard few-shot prompt file cot-prompts/${task}.txt`,
    cacheFile: "the BIG-Bench-Hard prompt cache file",
    urlEnv: BBH_PROMPTS_URL_ENV,
    wayOut: `pass --data-dir DIR with DIR/bbh/cot-prompts/${task}.txt (and DIR/bbh/bbh/<task>.json), or --n-shots 0`,
  };
}
