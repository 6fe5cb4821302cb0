// `llm-bench launch` options: what every launcher takes (shards, job name, dry run), Slurm's own (the launch
// directory, sbatch lines, resubmission) and Kubernetes' own (image, volume claim, namespace, kubeconfig, Secret).
import { z } from "zod";
import { numberFromText, option, optionGroup } from "./option.js";

/** Slurm's time formats: minutes, m:s, h:m:s, d-h, d-h:m, d-h:m:s, or UNLIMITED/INFINITE. */
const SLURM_TIME =
  /^(\d+|\d+:\d{1,2}|\d+:\d{1,2}:\d{1,2}|\d+-\d{1,2}|\d+-\d{1,2}:\d{1,2}|\d+-\d{1,2}:\d{1,2}:\d{1,2}|UNLIMITED|INFINITE)$/i;

/** An sbatch option as written after `#SBATCH` (a leading `#SBATCH` is accepted), one line. */
const SBATCH_LINE = /^(#SBATCH\s+)?-[^\n\r]*$/;

/** The sbatch options the launcher writes itself: the array, the logs, the working directory. */
const OWNED_SBATCH = /^(#SBATCH\s+)?(--array|-a|--output|-o|--error|-e|--open-mode|--chdir|-D)(=|\s|$)/;

export const launchOptions = optionGroup("Launch", {
  shards: option({
    schema: z.number().int().min(1).optional(),
    flag: "shards",
    placeholder: "N",
    help:
      "How many shards: N tasks (Slurm array tasks, Indexed Job pods), each running the command on 1/N of every " +
      "benchmark's samples (required to launch; a Slurm resubmission reads it from the launch directory).",
  }),
  jobName: option({
    schema: z
      .string()
      .refine((text) => /^[^\s"'\\#]+$/.test(text), {
        message: "must be one word (no spaces, quotes, backslashes or #)",
      })
      .optional(),
    flag: "job-name",
    placeholder: "NAME",
    help:
      "The job's name: slurm's #SBATCH --job-name; k8s's Indexed Job (NAME-merge merges it; results under " +
      "<mount path>/NAME/), lower-case letters, digits and -, at most 52 characters.",
    defaultHelp: "slurm: llm-bench; k8s: llm-bench-<YYYYMMDD-HHMMSS>",
  }),
  dryRun: option({
    schema: z.boolean().default(false),
    flag: "dry-run",
    help: "Print the job script (slurm) or the two Jobs' manifests as YAML (k8s); submit and write nothing.",
  }),
});

export const slurmOptions = optionGroup("Slurm", {
  outputDir: option({
    schema: z.string().min(1).default("results"),
    flag: "output-dir",
    placeholder: "DIR",
    help:
      "Where the launch directory goes: DIR/launch-<time>/ with launch.json, the job script, shard-<i>/ (each " +
      "task's run directory), logs/ and merged/ (the merged run).",
  }),
  pollIntervalMs: option({
    schema: z.number().int().min(100).default(5_000),
    flag: "poll-interval",
    placeholder: "S",
    fromText: (text) => {
      const seconds = numberFromText(text);
      return typeof seconds === "number" ? Math.round(seconds * 1000) : seconds;
    },
    expected: "a number of seconds ≥ 0.1",
    help: "Seconds between polls of the job's tasks while following it.",
    defaultHelp: "5",
  }),
  resubmit: option({
    schema: z.string().min(1).optional(),
    flag: "resubmit",
    placeholder: "LAUNCH_DIR",
    help:
      "Submit again the tasks of LAUNCH_DIR whose shard did not complete (or those given by --task), each resuming " +
      "its shard's run directory; follow them and merge.",
  }),
  tasks: option({
    schema: z.array(z.number().int().min(0)).optional(),
    flag: "task",
    placeholder: "I[,I...]",
    fromText: (text) => text.split(",").map((item) => numberFromText(item.trim())),
    expected: "task indices (0-based), comma-separated",
    help: "With --resubmit: the task indices to submit again.",
    defaultHelp: "every task whose shard did not complete",
  }),
  partition: option({
    schema: z
      .string()
      .refine((text) => /^[A-Za-z0-9_.,-]+$/.test(text), {
        message: "must be a partition name (or a comma list of them)",
      })
      .optional(),
    flag: "partition",
    placeholder: "NAME",
    help: "The partition to run in (#SBATCH --partition).",
    defaultHelp: "the cluster's default",
  }),
  time: option({
    schema: z
      .string()
      .refine((text) => SLURM_TIME.test(text), {
        message: "must be a Slurm time: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS or UNLIMITED",
      })
      .optional(),
    flag: "time",
    placeholder: "TIME",
    help: "Each task's time limit (#SBATCH --time), e.g. 30, 2:00:00, 1-00.",
    defaultHelp: "the partition's",
  }),
  cpusPerTask: option({
    schema: z.number().int().min(1).optional(),
    flag: "cpus-per-task",
    placeholder: "N",
    help: "CPUs for each task (#SBATCH --cpus-per-task).",
    defaultHelp: "Slurm's (1)",
  }),
  sbatchLines: option({
    schema: z
      .array(
        z
          .string()
          .refine((text) => SBATCH_LINE.test(text), {
            message: 'must be an sbatch option, one line, e.g. --sbatch "--mem=8G"',
          })
          .refine((text) => !OWNED_SBATCH.test(text), {
            message: "sets what the launcher writes itself (the array, the logs, the working directory)",
          }),
      )
      .optional(),
    flag: "sbatch",
    placeholder: "LINE",
    isWholeItem: true,
    help: 'An extra #SBATCH line, e.g. --sbatch "--gres=gpu:1" (repeat for more; commas stay in the line).',
  }),
});

export const k8sOptions = optionGroup("Kubernetes", {
  image: option({
    schema: z.string().min(1).optional(),
    flag: "image",
    placeholder: "IMAGE",
    help: "The llm-bench container image every pod runs (built from the Dockerfile; required for k8s).",
  }),
  volumeClaim: option({
    schema: z.string().min(1).optional(),
    flag: "volume-claim",
    placeholder: "PVC",
    help:
      "The PersistentVolumeClaim every pod mounts at --mount-path for the shards and the merged run (required for " +
      "k8s; ReadWriteMany when the pods land on several nodes).",
  }),
  mountPath: option({
    schema: z
      .string()
      .refine((text) => /^\/[^\s$]*$/.test(text), { message: "must be an absolute path without spaces or $" })
      .default("/results"),
    flag: "mount-path",
    placeholder: "PATH",
    help: "Where the pods mount the volume claim: the launch writes PATH/<job name>/shard-<i>/ and merged/.",
  }),
  namespace: option({
    schema: z.string().min(1).default("default"),
    flag: "namespace",
    placeholder: "NS",
    help: "The namespace the Jobs are created in.",
  }),
  kubeconfig: option({
    schema: z.string().min(1).optional(),
    flag: "kubeconfig",
    placeholder: "FILE",
    help: "The kubeconfig to reach the cluster with.",
    defaultHelp: "$KUBECONFIG, else ~/.kube/config, else the pod's service account",
  }),
  context: option({
    schema: z.string().min(1).optional(),
    flag: "context",
    placeholder: "NAME",
    help: "The kubeconfig context to use.",
    defaultHelp: "its current-context",
  }),
  apiKeySecret: option({
    schema: z.string().min(1).optional(),
    flag: "api-key-secret",
    placeholder: "NAME:KEY",
    help:
      "The API key of the launched run, as OPENAI_API_KEY in every shard pod, from key KEY of the Secret NAME " +
      "(the key never enters a manifest; --api-key is refused after -- for that reason).",
    defaultHelp: "no key",
  }),
  backoffLimitPerIndex: option({
    schema: z.number().int().min(0).optional(),
    flag: "backoff-limit-per-index",
    placeholder: "N",
    help:
      "Retry a failed shard pod up to N times on its own (the Job's backoffLimitPerIndex; Kubernetes ≥ 1.29); a " +
      "retried pod resumes the run its index left on the volume.",
    defaultHelp: "0: a failed index fails the launch",
  }),
});
