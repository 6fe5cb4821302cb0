// launch.json: what a launch ran (launcher, shard count, the command and its program) and each submission of it,
// read back by `--resubmit`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../core/write-file-atomic.js";
import { ConfigError } from "../errors.js";
import { LAUNCH_MANIFEST_FILE } from "./launch-layout.js";
import { LAUNCHABLE_COMMANDS } from "./launched-command.js";

export const LAUNCHERS = ["slurm"] as const;

const submissionSchema = z.object({
  /** The scheduler's id of the submission (Slurm: the array job id). */
  id: z.string(),
  tasks: z.array(z.number().int().min(0)),
  submitted_at: z.string(),
});

export const launchManifestSchema = z.object({
  launcher: z.enum(LAUNCHERS),
  shards: z.number().int().min(1),
  command: z.enum(LAUNCHABLE_COMMANDS),
  args: z.array(z.string()),
  program: z.array(z.string()).min(1),
  /** The working directory the tasks run in (relative paths in `args` are read from it). */
  work_dir: z.string(),
  /** The job script, relative to the launch directory. */
  script: z.string(),
  created_at: z.string(),
  submissions: z.array(submissionSchema),
});

export type LaunchManifest = z.infer<typeof launchManifestSchema>;
export type Submission = z.infer<typeof submissionSchema>;

export function writeLaunchManifest(launchDir: string, manifest: LaunchManifest): void {
  const path = join(launchDir, LAUNCH_MANIFEST_FILE);
  writeFileAtomic(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readLaunchManifest(launchDir: string): LaunchManifest {
  const path = join(launchDir, LAUNCH_MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new ConfigError(
      `${launchDir}: no ${LAUNCH_MANIFEST_FILE} there; name a directory written by \`llm-bench launch\` (launch-<time>).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `${path}: not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const parsed = launchManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${path}: ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "does not parse"}.`);
  }
  return parsed.data;
}
