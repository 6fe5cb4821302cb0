// Fetches a Hub model repository's tokenizer.json (and tokenizer_config.json when it has one) into the cache:
// the revision is first resolved to its commit (`GET /api/models/OWNER/REPO/revision/REV`, as huggingface_hub's
// model_info does), the files are then downloaded at that commit with downloadToCache. HF_ENDPOINT, HF_TOKEN,
// HF_HUB_OFFLINE and LLM_BENCH_CACHE are honoured as for datasets and models.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Dispatcher } from "undici";
import { z } from "zod";
import { resolveDatasetSettings } from "../datasets/resolve-dataset-settings.js";
import { BenchError, toError } from "../errors.js";
import { downloadToCache } from "../net/download-to-cache.js";
import { httpGet, httpStatusError } from "../net/http-get.js";
import { HttpStatusError, NetworkError } from "../net/net-errors.js";
import { retry } from "../net/retry.js";

export interface DownloadHubTokenizerOptions {
  repo: string;
  /** Branch, tag or commit. */
  revision: string;
  /** The `--tokenizer` value, for messages. */
  spec: string;
  env: NodeJS.ProcessEnv;
  cacheDir?: string | undefined;
  dispatcher?: Dispatcher | undefined;
  signal?: AbortSignal | undefined;
  /** Limit on waiting for headers and on silence mid-body, per request. Default 30 s. */
  timeoutMs?: number | undefined;
  /** Retries after 408/409/429/5xx or a dropped connection. Default 2. */
  maxRetries?: number | undefined;
}

export interface HubTokenizerFiles {
  jsonPath: string;
  /** Undefined when the repository has no tokenizer_config.json. */
  configPath: string | undefined;
  /** The commit the revision named. */
  commit: string;
}

const revisionInfoSchema = z.looseObject({ sha: z.string().regex(/^[0-9a-f]{40}$/) });
const COMMIT = /^[0-9a-f]{40}$/;
const ABSENT_SUFFIX = ".absent";

/** The cached files of `repo` at `revision`, downloading what is missing. Failures are BenchErrors (exit 2). */
export async function downloadHubTokenizer(options: DownloadHubTokenizerOptions): Promise<HubTokenizerFiles> {
  const settings = resolveDatasetSettings({
    env: options.env,
    ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
  });
  const repoDir = path.join(settings.cacheDir, "tokenizers", ...options.repo.split("/"));
  const refPath = path.join(repoDir, "refs", encodeURIComponent(options.revision));
  const http = {
    bearer:
      settings.token === undefined
        ? undefined
        : { token: settings.token, origin: new URL(settings.endpoint).origin },
    dispatcher: options.dispatcher,
    timeoutMs: options.timeoutMs ?? 30_000,
    signal: options.signal,
  };
  const cachedCommit = COMMIT.test(options.revision)
    ? options.revision
    : await readFile(refPath, "utf8").then(
        (text) => text.trim(),
        () => undefined,
      );

  let commit: string;
  if (settings.isOffline) {
    if (cachedCommit === undefined) throw offlineError(options, refPath);
    commit = cachedCommit;
  } else if (COMMIT.test(options.revision)) {
    commit = options.revision;
  } else {
    const url = `${settings.endpoint}/api/models/${options.repo}/revision/${encodeURIComponent(options.revision)}`;
    try {
      commit = await retry(
        async () => {
          const response = await httpGet(url, { ...http, headers: { accept: "application/json" } });
          if (response.statusCode !== 200) throw await httpStatusError(response);
          const parsed = revisionInfoSchema.safeParse(await response.body.json().catch(() => undefined));
          if (!parsed.success) {
            throw new BenchError(
              "E_TOKENIZER_HUB",
              `${url} did not answer with the revision's commit ("sha").`,
            );
          }
          return parsed.data.sha;
        },
        { maxRetries: options.maxRetries, signal: options.signal },
      );
    } catch (error) {
      if (options.signal?.aborted === true) throw options.signal.reason;
      // As huggingface_hub does: with the Hub out of reach, a revision resolved before is read from the cache.
      if (error instanceof NetworkError && cachedCommit !== undefined) commit = cachedCommit;
      else throw hubError(error, options, url, settings.token !== undefined);
    }
    await mkdir(path.dirname(refPath), { recursive: true });
    await writeFile(refPath, commit);
  }

  const commitDir = path.join(repoDir, commit);
  const fetchFile = async (file: string, isOptional: boolean): Promise<string | undefined> => {
    const destination = path.join(commitDir, file);
    if (existsSync(destination)) return destination;
    if (existsSync(`${destination}${ABSENT_SUFFIX}`)) return undefined;
    if (settings.isOffline) {
      if (isOptional) return undefined;
      throw offlineError(options, destination);
    }
    const url = `${settings.endpoint}/${options.repo}/resolve/${commit}/${file}`;
    try {
      await downloadToCache({
        url,
        destination,
        bearer: http.bearer,
        hubOrigin: new URL(settings.endpoint).origin,
        timeoutMs: http.timeoutMs,
        dispatcher: options.dispatcher,
        signal: options.signal,
        maxRetries: options.maxRetries,
      });
      return destination;
    } catch (error) {
      if (options.signal?.aborted === true) throw options.signal.reason;
      if (isOptional && error instanceof HttpStatusError && error.status === 404) {
        await writeFile(`${destination}${ABSENT_SUFFIX}`, "");
        return undefined;
      }
      throw hubError(error, options, url, settings.token !== undefined);
    }
  };
  const jsonPath = await fetchFile("tokenizer.json", false);
  if (jsonPath === undefined) throw offlineError(options, path.join(commitDir, "tokenizer.json"));
  const configPath = await fetchFile("tokenizer_config.json", true);
  return { jsonPath, configPath, commit };
}

function offlineError(options: DownloadHubTokenizerOptions, missing: string): BenchError {
  return new BenchError(
    "E_TOKENIZER_OFFLINE",
    `--tokenizer ${options.spec}: HF_HUB_OFFLINE is set and the cache does not hold it (${missing}). Run once ` +
      "online to download it, or give a local tokenizer.json or model directory.",
  );
}

function hubError(
  error: unknown,
  options: DownloadHubTokenizerOptions,
  url: string,
  hasToken: boolean,
): BenchError {
  const { spec } = options;
  if (error instanceof HttpStatusError) {
    const why =
      error.status === 401 || error.status === 403
        ? `the repository is gated or private${hasToken ? " and HF_TOKEN has no access to it" : "; set HF_TOKEN"}`
        : error.status === 404
          ? `no such repository, revision or file (a model repository ${options.repo} with a tokenizer.json at ${options.revision})`
          : `HTTP ${error.status}`;
    return new BenchError("E_TOKENIZER_HUB", `--tokenizer ${spec}: ${url} answered: ${why}.`, {
      cause: error,
    });
  }
  if (error instanceof NetworkError) {
    return new BenchError(
      "E_TOKENIZER_UNREACHABLE",
      `--tokenizer ${spec}: cannot reach the Hub at ${url} (${error.message}). Check the network or HF_ENDPOINT, ` +
        "set HF_HUB_OFFLINE=1 to use the cache, or give a local tokenizer.json.",
      { cause: error },
    );
  }
  if (error instanceof BenchError) return error;
  return new BenchError("E_TOKENIZER_HUB", `--tokenizer ${spec}: ${toError(error).message}`, {
    cause: error,
  });
}
