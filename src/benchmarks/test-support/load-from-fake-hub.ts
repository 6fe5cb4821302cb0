// A benchmark's load against the local Hub-layout server, serving a repository's files at a revision (for loaders
// that download files of their own, as `readRepoFileRows` does).
import path from "node:path";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { startFakeHub } from "../../datasets/test-support/fake-hub-server.js";
import type { LoadOptions } from "../types.js";

/**
 * `files`: `<revision>/<path in the repository>` → the local file served there. The context caches under
 * `<dir>/cache`; the server is closed when `run` is done.
 */
export async function loadFromFakeHub<T>(
  dir: string,
  repo: string,
  files: Readonly<Record<string, string>>,
  run: (options: LoadOptions) => Promise<T>,
): Promise<T> {
  const hub = await startFakeHub({ datasets: {}, files: { [repo]: { ...files } } });
  try {
    const context = createDatasetContext({
      cacheDir: path.join(dir, "cache"),
      env: { HF_ENDPOINT: hub.endpoint },
    });
    return await run({ context, nShots: 0 });
  } finally {
    await hub.close();
  }
}
