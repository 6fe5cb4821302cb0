// `run.json`: the resolved configuration of a run or profile (never the API key), its sessions and its summaries.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { LIMIT_MODES } from "../core/limit-mode.js";
import { toolVersion } from "../core/tool-version.js";
import { ConfigError } from "../errors.js";

/**
 * completed: every planned sample graded; incomplete: the run ended with samples whose requests failed (or that the
 * server, gone, never got), left for `--resume`; interrupted: stopped by the user; failed: a fatal error.
 */
export const RUN_STATUSES = ["running", "completed", "incomplete", "interrupted", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** The command that wrote the run directory (and that `--resume` continues it with). */
export const RUN_COMMANDS = ["run", "profile"] as const;
export type RunCommand = (typeof RUN_COMMANDS)[number];

export const sessionEntrySchema = z.looseObject({
  started_at: z.string(),
  ended_at: z.string().nullable(),
  status: z.enum(RUN_STATUSES),
  /** profile: requests sent in this session (warmup included) and its measured duration. */
  requests_sent: z.number().int().optional(),
  /**
   * profile, a session that ended early (killed, or failed): its measured requests found in profile_export.jsonl by
   * the next `--resume` (src/profile/recover-ended-early.ts), which also fills in `requests_sent` and `duration_s`.
   */
  requests_measured: z.number().int().optional(),
  duration_s: z.number().optional(),
  /** profile: this session's performance summary (profile_summary.json holds the latest session's). */
  profile_summary: z.record(z.string(), z.unknown()).optional(),
});
export type SessionEntry = z.infer<typeof sessionEntrySchema>;

export const runManifestSchema = z.object({
  tool: z.object({ name: z.string(), version: z.string() }),
  /** Absent in run directories written before profile runs had a run.json: those are `run`'s. */
  command: z.enum(RUN_COMMANDS).default("run"),
  status: z.enum(RUN_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  model: z.string(),
  /** The run's options as resolved (API key and resume path left out). */
  config: z.record(z.string(), z.unknown()),
  benchmarks: z.array(
    z.object({
      name: z.string(),
      planned_samples: z.number().int(),
      /** `--limit`/`--first` N and which ("stratified" or "first"); null or absent: every sample. */
      limit: z.number().int().nullish(),
      limit_mode: z.enum(LIMIT_MODES).nullish(),
      /** The recipe the prompts and grading followed, with what it was matched against; absent before recipes. */
      recipe: z
        .object({
          name: z.string(),
          sources: z.array(z.string()),
          /** Accuracy flags given over the recipe's values (`n_shots`, `system_prompt`, `max_tokens` …). */
          overrides: z.record(z.string(), z.unknown()),
        })
        .optional(),
      n_shots: z.number().int(),
      grader: z.string(),
      dataset: z.string(),
      /** The recipe's prompt token budget (MMLU-Pro `tiger`): whether it was applied and to how many samples. */
      shot_budget: z
        .object({
          max_prompt_tokens: z.number().int(),
          is_applied: z.boolean(),
          samples_with_fewer_shots: z.number().int(),
          reason: z.string().optional(),
        })
        .optional(),
      /** A defined benchmark's few-shot draw: the dataset, how examples were picked, the seed, the rows drawn from. */
      fewshot: z
        .object({
          source: z.string(),
          selection: z.enum(["nemo", "first", "lm-eval"]).optional(),
          seed: z.number().int().optional(),
          pool_size: z.number().int(),
        })
        .optional(),
    }),
  ),
  sessions: z.array(sessionEntrySchema),
  summaries: z.record(z.string(), z.unknown()),
  /**
   * The tokenizer the run counted and cut tokens with (a TokenizerRecord: `--tokenizer` or the default chain);
   * null: a profile that could not resolve one and sent approximate prompts; absent: none was needed.
   */
  tokenizer: z.record(z.string(), z.unknown()).nullish(),
  /** A run joined by `llm-bench merge`: the shards it was made from (each session names its shard too). */
  merged_from: z.array(z.object({ shard: z.string(), run_dir: z.string() })).optional(),
});
export type RunManifest = z.output<typeof runManifestSchema>;

const DAMAGED =
  "the run directory is damaged or was not written by `llm-bench run`/`profile`: restore its run.json or start a new run";

/** `major.minor.patch` → numbers (a pre-release suffix ignored); undefined for anything else. */
function versionParts(version: string): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match === null ? undefined : [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether `version` is a later release than `current` (both `major.minor.patch`). */
export function isNewerVersion(version: string, current: string): boolean {
  const [left, right] = [versionParts(version), versionParts(current)];
  if (left === undefined || right === undefined) return false;
  for (let index = 0; index < 3; index++) {
    if (left[index] !== right[index]) return (left[index] ?? 0) > (right[index] ?? 0);
  }
  return false;
}

/** The message for a run.json a later llm-bench wrote, naming both versions and the upgrade. */
export function newerRunMessage(path: string, version: string): string {
  const current = toolVersion().version;
  return (
    `${path} was written by llm-bench ${version}, newer than this one (${current}): ` +
    `upgrade llm-bench (npm install -g llm-benchmarker@${version}) to read it.`
  );
}

/** The version recorded in a run.json's `tool.version`, when there is one. */
function recordedVersion(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const tool = (json as { tool?: unknown }).tool;
  if (typeof tool !== "object" || tool === null) return undefined;
  const version = (tool as { version?: unknown }).version;
  return typeof version === "string" ? version : undefined;
}

export function readRunManifest(path: string): RunManifest {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(`Cannot read ${path}: is it a run directory written by \`llm-bench run\`?`, {
      cause: error,
    });
  }
  if (text.trim() === "") throw new ConfigError(`${path} is empty: ${DAMAGED}.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${path} is not valid JSON: ${DAMAGED}.`, { cause: error });
  }
  const version = recordedVersion(json);
  const isNewer = version !== undefined && isNewerVersion(version, toolVersion().version);
  const result = runManifestSchema.safeParse(json);
  if (!result.success) {
    if (isNewer) throw new ConfigError(newerRunMessage(path, version));
    const issue = result.error.issues[0];
    throw new ConfigError(
      `${path}: field "${issue?.path.join(".") ?? ""}": ${issue?.message ?? "invalid"}; ${DAMAGED}.`,
    );
  }
  return result.data;
}
