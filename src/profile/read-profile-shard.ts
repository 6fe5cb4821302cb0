// Reads one shard directory of a multi-client profile (`profile --shard I/N`) for `merge`: its run.json, its
// profile_summary.json (the client's self-measurement) and every line of its profile_export.jsonl, refusing (with the
// directory named) what is not a complete profile shard.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../errors.js";
import { type RunManifest, readRunManifest } from "../results/run-manifest.js";
import { parseShard, type Shard } from "../stats/shard.js";
import { type ProfileExportRecord, readProfileExport } from "./profile-export-record.js";

export interface ShardRequest {
  record: ProfileExportRecord;
  /** The line as the shard wrote it (copied to the merged export unchanged). */
  text: string;
}

export interface ProfileShardDirectory {
  directory: string;
  manifest: RunManifest;
  shard: Shard;
  /** profile_summary.json as written (its `monitors` hold the client's self-measurement). */
  summary: Record<string, unknown>;
  requests: ShardRequest[];
}

function required(directory: string, file: string): string {
  const path = join(directory, file);
  if (!existsSync(path)) {
    throw new ConfigError(
      `${directory} is not a profile directory (no ${file}): merge the directories written by ` +
        "`llm-bench profile --shard I/N`.",
    );
  }
  return path;
}

function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${where}: not JSON.`, { cause: error });
  }
}

export function readProfileShard(directory: string): ProfileShardDirectory {
  const manifest = readRunManifest(required(directory, "run.json"));
  if (manifest.command !== "profile") {
    throw new ConfigError(
      `${directory} holds a ${manifest.command} run, not a profile: merge profile shards with profile shards.`,
    );
  }
  const shardText = manifest.config["shard"];
  if (typeof shardText !== "string") {
    throw new ConfigError(
      `${directory} is a profile but not a shard (its run.json has no shard): a multi-client profile's parts are ` +
        "written by `llm-bench profile --shard I/N --start-at ISO-TIME`.",
    );
  }
  const shard = parseShard(shardText, {});
  // "incomplete": the whole schedule was sent, but some of a benchmark's samples were not graded (--num-requests
  // below the samples), as the unsharded profile would say; the merge says it again.
  if (manifest.status !== "completed" && manifest.status !== "incomplete") {
    throw new ConfigError(
      `${directory}: shard ${shardText} ended ${manifest.status}, not completed: run every shard again with a new ` +
        "--start-at (the shards' parts of one schedule must all be sent).",
    );
  }
  const summaryPath = required(directory, "profile_summary.json");
  const summary = parseJsonText(readFileSync(summaryPath, "utf8"), summaryPath);
  if (typeof summary !== "object" || summary === null || Array.isArray(summary)) {
    throw new ConfigError(`${summaryPath}: not a JSON object.`);
  }
  const requests: ShardRequest[] = [];
  for (const { record, text, where } of readProfileExport(required(directory, "profile_export.jsonl"))) {
    if (record.chunk_times_ms === undefined && record.chunks > 0) {
      throw new ConfigError(
        `${where}: no chunk_times_ms (a shard's lines keep them, so a merge can recompute the inter-chunk gaps): ` +
          "profile the shard again with this version.",
      );
    }
    requests.push({ record, text });
  }
  return { directory, manifest, shard, summary: summary as Record<string, unknown>, requests };
}
