// Where a Hub split's parquet files live in the cache, and the manifest that lists them.
import { mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../../core/write-file-atomic.js";
import { DatasetError } from "../../errors.js";
import type { HubSplitRef } from "../types.js";

export const MANIFEST_FILE_NAME = "manifest.json";

const splitManifestSchema = z.object({
  repo: z.string(),
  config: z.string(),
  split: z.string(),
  endpoint: z.string(),
  downloadedAt: z.string(),
  files: z.array(z.object({ name: z.string(), url: z.string(), sizeBytes: z.number() })),
});
/** The list of files that make up a cached split, in row order. */
export type SplitManifest = z.infer<typeof splitManifestSchema>;

/** `{cacheDir}/hub/datasets/{owner}/{name}/{config}/{split}`, each segment URI-encoded. */
export function splitCacheDir(cacheDir: string, ref: HubSplitRef): string {
  const repoParts = ref.repo.split("/");
  if (repoParts.length > 2 || repoParts.some((part) => part === "")) {
    throw new DatasetError(`"${ref.repo}" is not a Hub dataset id (expected owner/name).`, {
      code: "E_DATASET_REF",
    });
  }
  return path.join(cacheDir, "hub", "datasets", ...[...repoParts, ref.config, ref.split].map(toSegment));
}

function toSegment(name: string): string {
  if (name === "" || name === "." || name === "..") {
    throw new DatasetError(`"${name}" cannot be a dataset, config or split name.`, { code: "E_DATASET_REF" });
  }
  return encodeURIComponent(name);
}

/** The manifest in `directory`, or undefined when there is none or it does not parse. */
export async function readSplitManifest(directory: string): Promise<SplitManifest | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(directory, MANIFEST_FILE_NAME), "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = splitManifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The cached files of `manifest` that are missing or have the wrong size (empty when the cache is complete). */
export async function findMissingFiles(directory: string, manifest: SplitManifest): Promise<string[]> {
  const missing: string[] = [];
  for (const file of manifest.files) {
    try {
      const info = await stat(path.join(directory, file.name));
      if (info.size !== file.sizeBytes) missing.push(file.name);
    } catch {
      missing.push(file.name);
    }
  }
  return missing;
}

/** Saves the manifest; call it after every listed file is in place. */
export async function writeSplitManifest(directory: string, manifest: SplitManifest): Promise<void> {
  await mkdir(directory, { recursive: true });
  writeFileAtomic(path.join(directory, MANIFEST_FILE_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
}
