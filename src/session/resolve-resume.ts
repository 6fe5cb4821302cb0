// Resolves a session's options: a fresh run's, or a `--resume`'s — the stored options with the few that may change.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { replicaUrlSecrets } from "../core/replica-urls.js";
import { toolVersion } from "../core/tool-version.js";
import { isUrlOption } from "../core/written-options.js";
import { ConfigError } from "../errors.js";
import {
  isNewerVersion,
  newerRunMessage,
  type RunCommand,
  type RunManifest,
  readRunManifest,
} from "../results/run-manifest.js";

/** The run being resumed: its directory and its `run.json`. */
export interface ResumedRun {
  runDir: string;
  manifest: RunManifest;
}

export interface ResumeRules<Input, Options> {
  command: RunCommand;
  /** Validates the merged input (a fresh run's or a resume's) into options; throws a ConfigError naming the flag. */
  parse: (input: Input) => Options;
  /** The schema the stored `config` of run.json parses with. */
  storedSchema: z.ZodType;
  /** Options that may differ between a run and its resume (where and how to send, not what to ask). */
  resumableKeys: readonly string[];
}

/** `explicit` holds only the options the user gave, so a resume can tell a deliberate change from a default. */
export function resolveResume<Input extends { resume?: string | undefined }, Options>(
  explicit: Input,
  rules: ResumeRules<Input, Options>,
): { options: Options; resumed: ResumedRun | undefined } {
  if (explicit.resume === undefined) return { options: rules.parse(explicit), resumed: undefined };
  const runDir = explicit.resume;
  const manifestPath = join(runDir, "run.json");
  if (!existsSync(manifestPath)) {
    throw new ConfigError(
      `--resume ${runDir}: no run.json there; name a directory written by \`llm-bench run\` or \`llm-bench profile\`.`,
    );
  }
  const manifest = readRunManifest(manifestPath);
  // A later release may plan, prompt or grade differently: its samples and ours would not be one run.
  if (isNewerVersion(manifest.tool.version, toolVersion().version)) {
    throw new ConfigError(newerRunMessage(manifestPath, manifest.tool.version));
  }
  if (manifest.command !== rules.command) {
    throw new ConfigError(
      `--resume ${runDir}: that directory holds a ${manifest.command} run; continue it with \`llm-bench ${manifest.command} --resume ${runDir}\`.`,
    );
  }
  const stored = rules.storedSchema.safeParse(manifest.config);
  if (!stored.success) {
    throw new ConfigError(
      `${manifestPath}: the stored options do not parse: ${stored.error.issues[0]?.message ?? ""}`,
    );
  }
  const storedValues = firstForOldLimit({ ...(stored.data as Record<string, unknown>) }, manifest);
  const merged: Record<string, unknown> = { ...storedValues };
  const resumable = new Set<string>(rules.resumableKeys);
  for (const [key, value] of Object.entries(explicit)) {
    if (value === undefined || (key === "benchmarks" && Array.isArray(value) && value.length === 0)) continue;
    if (resumable.has(key)) {
      merged[key] = value;
    } else if (JSON.stringify(value) !== JSON.stringify(storedValues[key])) {
      throw new ConfigError(
        `--resume: ${key} was ${describeStored(storedValues[key])} in the run being resumed, ${JSON.stringify(value)} now. ` +
          "Resume with the same options, or start a new run.",
      );
    }
  }
  merged["resume"] = runDir;
  checkRedactedUrls(storedValues, explicit);
  return { options: rules.parse(merged as Input), resumed: { runDir, manifest } };
}

/**
 * A run.json written before `--limit` became a stratified seeded subset (its benchmarks have no `limit_mode`) took
 * the first N: resume it with `--first N`, so that it asks the samples it planned.
 */
function firstForOldLimit(values: Record<string, unknown>, manifest: RunManifest): Record<string, unknown> {
  if (values["limit"] === undefined || manifest.benchmarks.some((entry) => entry.limit_mode !== undefined)) {
    return values;
  }
  const { limit, ...rest } = values;
  return { ...rest, first: limit };
}

/** run.json keeps a URL's keys as `***` (`http://user:***@host/v1`): a resume must be given that URL again. */
function checkRedactedUrls(stored: Record<string, unknown>, explicit: object): void {
  const given = explicit as Record<string, unknown>;
  for (const [key, value] of Object.entries(stored)) {
    if (typeof value !== "string" || !isUrlOption(key) || given[key] !== undefined) continue;
    if (!replicaUrlSecrets(value).includes("***")) continue;
    // The URL options' flags are their names in kebab case: baseUrl → --base-url.
    const flag = `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
    throw new ConfigError(
      `--resume: the run's ${flag} held a key, which run.json does not keep (${value}); give ${flag} again.`,
    );
  }
}

/** A stored option value in words: its JSON, or "not given" (the recipe's or the command's default applied). */
function describeStored(value: unknown): string {
  return value === undefined ? "not given (the default applied)" : JSON.stringify(value);
}
