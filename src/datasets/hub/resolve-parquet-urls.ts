// Asks the Hub for the parquet files of a split: GET {endpoint}/api/datasets/{repo}/parquet/{config}/{split}.
import { z } from "zod";
import { DatasetError } from "../../errors.js";
import { httpStatusError } from "../../net/http-get.js";
import type { HubSplitRef } from "../types.js";
import { datasetNotFoundError, describeRef } from "./hub-errors.js";
import {
  type HubHttpOptions,
  HubNotFoundError,
  type HubRetryOptions,
  hubGet,
  runHubOperation,
} from "./hub-operation.js";

const parquetUrlListSchema = z.array(z.string());
const parquetIndexSchema = z.record(z.string(), z.record(z.string(), z.array(z.string())));

/** `{endpoint}/api/datasets/{owner}/{name}/parquet`, plus `/{config}/{split}` when given. */
export function parquetApiUrl(
  endpoint: string,
  ref: Pick<HubSplitRef, "repo">,
  configAndSplit?: HubSplitRef,
): string {
  const repoPath = ref.repo.split("/").map(encodeURIComponent).join("/");
  const base = `${endpoint}/api/datasets/${repoPath}/parquet`;
  return configAndSplit === undefined
    ? base
    : `${base}/${encodeURIComponent(configAndSplit.config)}/${encodeURIComponent(configAndSplit.split)}`;
}

/**
 * The URLs of the split's parquet files in order (the Hub answers with
 * `{endpoint}/api/datasets/{repo}/parquet/{config}/{split}/{n}.parquet`, which redirect to
 * `/datasets/{repo}/resolve/refs%2Fconvert%2Fparquet/{config}/{split}/{nnnn}.parquet` and on to a CDN).
 * A 404 becomes a DatasetError listing the configs and splits that exist.
 */
export async function resolveParquetUrls(
  ref: HubSplitRef,
  options: { http: HubHttpOptions; retry: HubRetryOptions },
): Promise<string[]> {
  const { http, retry } = options;
  const url = parquetApiUrl(http.endpoint, ref, ref);
  try {
    return await runHubOperation(
      async () => {
        const response = await hubGet(url, http, { signal: retry.signal, accept: "application/json" });
        if (response.statusCode !== 200) throw await httpStatusError(response);
        const parsed = parquetUrlListSchema.safeParse(await response.body.json().catch(() => undefined));
        if (!parsed.success || parsed.data.length === 0) {
          throw new DatasetError(
            `The Hub's answer for ${url} is not a list of parquet file URLs, so ${describeRef(ref)} cannot be read. ` +
              "The dataset may have no parquet conversion yet.",
            { code: "E_DATASET_HTTP" },
          );
        }
        return parsed.data;
      },
      { ...retry, ref, url, http },
    );
  } catch (error) {
    if (!(error instanceof HubNotFoundError)) throw error;
    const available = await listAvailable(ref, options).catch(() => undefined);
    throw datasetNotFoundError({ ref, endpoint: http.endpoint, available });
  }
}

/** config → split names, from `GET {endpoint}/api/datasets/{repo}/parquet`; undefined when the repo is unknown. */
async function listAvailable(
  ref: HubSplitRef,
  options: { http: HubHttpOptions; retry: HubRetryOptions },
): Promise<Record<string, string[]> | undefined> {
  const response = await hubGet(parquetApiUrl(options.http.endpoint, ref), options.http, {
    signal: options.retry.signal,
    accept: "application/json",
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    return undefined;
  }
  const parsed = parquetIndexSchema.safeParse(await response.body.json());
  if (!parsed.success) return undefined;
  const available: Record<string, string[]> = {};
  for (const [config, splits] of Object.entries(parsed.data)) available[config] = Object.keys(splits);
  return available;
}
