// Downloads an `hf:` GGUF into the cache once (downloadToCache: resumable, SHA-256 checked), with progress; HF_* env.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Dispatcher } from "undici";
import { containedPath } from "../../core/contained-path.js";
import type { ReadProgress } from "../../core/read-progress.js";
import { resolveDatasetSettings } from "../../datasets/resolve-dataset-settings.js";
import { BenchError, toError } from "../../errors.js";
import type { Sleep } from "../../net/abortable-sleep.js";
import { downloadToCache } from "../../net/download-to-cache.js";
import { HttpStatusError, IncompleteDownloadError, NetworkError } from "../../net/net-errors.js";
import type { HubModelRef } from "./local-model-source.js";

export interface DownloadHubModelOptions {
  ref: HubModelRef;
  spec: string;
  env: NodeJS.ProcessEnv;
  /** Default `LLM_BENCH_CACHE`, else `~/.cache/llm-benchmarker`. */
  cacheDir?: string | undefined;
  dispatcher?: Dispatcher | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: ReadProgress) => void) | undefined;
  /** Retries after 408/409/429/5xx or a dropped connection (`retry` of src/net/); a cut body resumes. Default 2. */
  maxRetries?: number | undefined;
  sleep?: Sleep | undefined;
}

const TIMEOUT_MS = 60_000;
const OFFLINE_HINT = "or give a GGUF on disk with --model-path FILE.gguf";

/** The cached path of `ref` (`<cache>/models/OWNER/REPO/REVISION/FILE`), downloading it first when absent. */
export async function downloadHubModel(options: DownloadHubModelOptions): Promise<string> {
  const { ref, spec } = options;
  const settings = resolveDatasetSettings({
    env: options.env,
    ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
  });
  const destination = containedPath(
    path.join(settings.cacheDir, "models"),
    [ref.repo, ref.revision, ref.file],
    `--model ${spec}`,
  );
  if (existsSync(destination)) return destination;
  if (settings.isOffline) {
    throw new BenchError(
      "E_MODEL_OFFLINE",
      `${spec} is not in the cache (${destination}) and HF_HUB_OFFLINE is set: download it once with network, ${OFFLINE_HINT}.`,
    );
  }
  const url = `${settings.endpoint}/${ref.repo}/resolve/${encodeURIComponent(ref.revision)}/${ref.file
    .split("/")
    .map(encodeURIComponent)
    .join("/")}`;
  const hubOrigin = new URL(settings.endpoint).origin;
  const { onProgress } = options;
  try {
    await downloadToCache({
      url,
      destination,
      bearer: settings.token === undefined ? undefined : { token: settings.token, origin: hubOrigin },
      hubOrigin,
      timeoutMs: TIMEOUT_MS,
      dispatcher: options.dispatcher,
      signal: options.signal,
      onProgress:
        onProgress === undefined
          ? undefined
          : ({ bytesDone, bytesTotal }) =>
              onProgress({ kind: "download", label: spec, bytesDone, bytesTotal }),
      maxRetries: options.maxRetries,
      sleep: options.sleep,
    });
  } catch (error) {
    if (options.signal?.aborted === true) throw options.signal.reason;
    throw downloadError(error, { spec, url, hasToken: settings.token !== undefined, destination });
  }
  return destination;
}

function downloadError(
  error: unknown,
  context: { spec: string; url: string; hasToken: boolean; destination: string },
): BenchError {
  const { spec, url } = context;
  if (error instanceof HttpStatusError) {
    const why =
      error.status === 401 || error.status === 403
        ? `the repository is gated or private${context.hasToken ? " and HF_TOKEN has no access" : "; set HF_TOKEN"}`
        : error.status === 404
          ? "no such repository, file or revision"
          : `HTTP ${error.status}`;
    return new BenchError(
      "E_MODEL_DOWNLOAD",
      `Cannot download ${spec} from ${url}: ${why}. You can also ${OFFLINE_HINT}.`,
      {
        cause: error,
      },
    );
  }
  if (error instanceof NetworkError && error.isConnectFailure) {
    return new BenchError(
      "E_MODEL_DOWNLOAD",
      `Cannot download ${spec} from ${url} (${error.message}): no network? Set HF_ENDPOINT for a mirror, ${OFFLINE_HINT}.`,
      { cause: error },
    );
  }
  const message = toError(error).message.replace(/\.?$/, ".");
  const kept =
    (error instanceof NetworkError || error instanceof IncompleteDownloadError) &&
    existsSync(`${context.destination}.part`)
      ? ` The bytes received so far are kept in ${context.destination}.part; the next run continues from there.`
      : "";
  return new BenchError("E_MODEL_DOWNLOAD", `Cannot download ${spec}: ${message}${kept}`, { cause: error });
}
