// Every command's declaration: name, help texts and option groups. Light (no command code), so `main` can read all.
import { DEFAULT_LOCAL_MODEL } from "../backends/local-llama/local-model-source.js";
import { byobOptions } from "../config/byob-options.js";
import { compareOptions } from "../config/compare-options.js";
import { connectionOptions } from "../config/connection-options.js";
import { containerOptions } from "../config/container-options.js";
import { containersCommandOptions } from "../config/containers-command-options.js";
import { gateOptions, referenceOptions } from "../config/gate-options.js";
import { gradeAccuracyOptions, gradeLongContextOptions, gradeOptions } from "../config/grade-options.js";
import { incompleteOptions } from "../config/incomplete-options.js";
import { k8sOptions, launchOptions, slurmOptions } from "../config/launch-options.js";
import { listOptions } from "../config/list-options.js";
import { listenOptions } from "../config/listen-options.js";
import { localModelOptions } from "../config/local-model-options.js";
import { mergeOptions } from "../config/merge-options.js";
import { MOCK_SERVER_OPTION_GROUPS } from "../config/mock-server-options.js";
import { outputOptions } from "../config/output-options.js";
import { PROFILE_OPTION_GROUPS } from "../config/profile-options.js";
import { reportOptions } from "../config/report-options.js";
import { RUN_OPTION_GROUPS } from "../config/run-options.js";
import { serveOptions } from "../config/serve-options.js";
import { thetaOptions } from "../config/theta-options.js";
import { type CommandSpec, commandSpec } from "./command-spec.js";

export const listSpec = commandSpec({
  name: "list",
  summary: "List the benchmarks.",
  usage: "llm-bench list [--json]",
  description: "List the benchmarks llm-bench can run.",
  groups: [listOptions],
});

export const checkSpec = commandSpec({
  name: "check",
  summary: "Check a server and its models.",
  usage: "llm-bench check [--base-url URL] [--model NAME] [--api-key KEY]",
  description: "Check that a server answers and serves the model.",
  groups: [connectionOptions],
});

export const runSpec = commandSpec({
  name: "run",
  summary: "Evaluate benchmarks against a server.",
  usage: "llm-bench run BENCH... [options]",
  description:
    "Evaluate one or more benchmarks (see `llm-bench list`) against an OpenAI-compatible server.\n" +
    "Writes run.json, <benchmark>.json, samples.jsonl and accuracy_results.csv to a new directory under --output-dir.\n" +
    `With no --base-url, no $OPENAI_BASE_URL and no --model, the default model ${DEFAULT_LOCAL_MODEL} runs\n` +
    "in-process (downloaded into the cache on first use). Use --model-path FILE.gguf for a model on disk.",
  groups: RUN_OPTION_GROUPS,
});

export const compareSpec = commandSpec({
  name: "compare",
  summary: "Compare runs or result files side by side, with paired tests on shared samples.",
  usage: "llm-bench compare RUN_DIR|RESULT.json ... [--json]",
  description:
    "Per benchmark, one column per run directory or result file (a run's <benchmark>.json, or the spec's\n" +
    "<benchmark>_<model>_<time>.json): accuracy, samples, score, 95% CI, TTFT, generation rate, latency and\n" +
    "throughput; then, for each run that shares sample ids with the first, the paired difference, its SE and CI,\n" +
    "the exact McNemar p-value and the flips each way.",
  groups: [compareOptions, incompleteOptions],
});

export const gateSpec = commandSpec({
  name: "gate",
  summary: "Gate a run against registered reference accuracies (exit 1 on FAIL).",
  usage: "llm-bench gate RUN_DIR [--references DIR] [--spec key=value ...] [--no-reference] [--json]",
  description:
    "For each benchmark of the run, find the reference accuracy of (task, model, spec) in DIR/<task>.yaml and\n" +
    "pass it when measured ≥ γ = reference + Φ⁻¹(α)·√(2σ²/n). Exit 1 when any benchmark fails.",
  groups: [referenceOptions, gateOptions, incompleteOptions],
});

export const reportSpec = commandSpec({
  name: "report",
  summary: "Write a self-contained HTML report of a run, a profile, or a comparison of runs.",
  usage: "llm-bench report RUN_DIR... [--output FILE] [--references DIR] [--spec key=value ...]",
  description:
    "One directory: its page — a run's accuracy per task with 95% CIs, gate verdicts where DIR/<task>.yaml has a\n" +
    "reference, every sample, serving figures; or a profile's latency, throughput, goodput and client checks.\n" +
    "Several run directories: a comparison — accuracies side by side, paired differences with CIs, McNemar, the\n" +
    "flipped samples, latency overlaid. One HTML file with everything inline: it opens offline, from file://.",
  groups: [reportOptions, referenceOptions],
});

export const mergeSpec = commandSpec({
  name: "merge",
  summary: "Join the shards of a sharded run (run --shard I/N) into one run directory.",
  usage: "llm-bench merge RUN_DIR... --output DIR [--html]",
  description:
    "The run directories of every shard of one run (run --shard I/N, in any order) → one run directory that reads\n" +
    "as the unsharded run's: each sample once, accuracy, CIs, clustered SE and per-task tables recomputed from the\n" +
    "samples (the benchmarks are planned again from the shards' options, so their data must be at hand), serving\n" +
    "figures over every request. compare, gate, report and run --resume take it. Refused: shards of different runs,\n" +
    "a missing or repeated shard, samples two shards hold, a shard still running.\n" +
    "Profile shards (profile --shard I/N --start-at T on several clients) merge into one profile: every request by\n" +
    "send time, percentiles over all of them, throughput over the union window, each client's own figures kept.",
  groups: [mergeOptions],
});

export const thetaSpec = commandSpec({
  name: "theta",
  summary: "Minimum detectable effect and gate threshold for sample counts.",
  usage: "llm-bench theta --num-samples-total N [--sigma S] [--alpha A] [--beta B] [--json]",
  description:
    "For n = 32, 64, 128, … (powers of two below N) and N: θ = −(Φ⁻¹(α) + Φ⁻¹(β))·√(2σ²/n), the smallest drop a\n" +
    "gate detects with power 1 − β, and threshold − reference = Φ⁻¹(α)·√(2σ²/n), on the 0–100 scale.",
  groups: [thetaOptions],
});

export const profileSpec = commandSpec({
  name: "profile",
  summary: "Measure serving performance (and accuracy with --accuracy-benchmark).",
  usage: "llm-bench profile [MODEL] [options]",
  description:
    "Measure an OpenAI-compatible server: TTFT, inter-token latency, throughput, goodput, at a closed-loop concurrency\n" +
    "or an open-loop request rate. Writes profile_export.jsonl, profile_summary.json and profile_summary.csv (and, with\n" +
    "--accuracy-benchmark, <benchmark>.json, samples.jsonl and accuracy_results.csv) to a new directory under --output-dir.\n" +
    "MODEL is --model written first, as aiperf takes it; aiperf's --url and --accuracy-* spellings work too.",
  groups: PROFILE_OPTION_GROUPS,
});

export const serveSpec = commandSpec({
  name: "serve",
  summary: "Serve a GGUF model in-process behind an OpenAI-compatible API.",
  usage: "llm-bench serve (--model-path FILE.gguf | --model hf:OWNER/REPO/FILE.gguf) [options]",
  description:
    "Serve a GGUF model in-process with llama.cpp behind an OpenAI-compatible API: /v1/models, /v1/chat/completions,\n" +
    "/v1/completions (streaming with usage; echo + logprobs for loglikelihood scoring).",
  groups: [serveOptions, localModelOptions, listenOptions],
});

export const gradeSpec = commandSpec({
  name: "grade",
  summary: "Grade pre-generated responses (a benchmark's grader, or --grader NAME).",
  usage:
    "llm-bench grade BENCH --responses FILE.jsonl [--data-dir DIR] [--output-dir DIR]\n" +
    "       llm-bench grade --grader NAME --responses FILE.jsonl [--output FILE]",
  description:
    "Grade pre-generated responses (eval-only: no server is called). With BENCH, lines are {id, response,\n" +
    "reasoning?} and a run directory is written; with --grader alone, lines are {id, response, target, choices?}.",
  groups: [gradeOptions, gradeAccuracyOptions, gradeLongContextOptions, outputOptions, containerOptions],
});

export const mockServerSpec = commandSpec({
  name: "mock-server",
  summary: "Start the deterministic OpenAI-compatible mock server.",
  usage: "llm-bench mock-server [options]",
  description:
    "Serve /v1/models, /v1/chat/completions and /v1/completions with a fixed latency model.\n" +
    "With the oracle on, benchmark questions are answered correctly with probability P, and\n" +
    "GET /oracle/stats reports exactly what was served.",
  groups: MOCK_SERVER_OPTION_GROUPS,
});

export const byobSpec = commandSpec({
  name: "byob",
  summary: "Check or start a benchmark definition of your own (benchmark() + scorer(), or YAML).",
  usage: "llm-bench byob validate FILE... [--data-dir DIR]\n       llm-bench byob new NAME [--dir DIR]",
  description:
    "validate: load each definition file as `run` would (parameters, requirements, dataset, every row's prompt\n" +
    "fields), print the first 3 prompts and the scorer's values with each row's target as the response; exit 0, or 2\n" +
    "with what to change. new: write NAME.ts (a commented starter) and NAME.jsonl (3 rows). Guide: docs/BYOB.md.",
  groups: [byobOptions],
});

export const containersSpec = commandSpec({
  name: "containers",
  summary: "Remove the containers (and built images) llm-bench left in the container engine.",
  usage: "llm-bench containers prune [--docker-host URL] [--keep-images]",
  description:
    "prune: remove every container carrying llm-bench's label — those a run killed with -9 or crashed left behind,\n" +
    "and those of runs still going (their samples fail) — and the images llm-bench built from tasks' Dockerfiles\n" +
    "(not those it pulled). A run removes the leftovers of this host's dead runs by itself when it starts.",
  groups: [containersCommandOptions],
});

export const launchSpec = commandSpec({
  name: "launch",
  summary:
    "Run a command sharded over a cluster (a Slurm job array, a Kubernetes Indexed Job), then merge the shards.",
  usage:
    "llm-bench launch slurm --shards N [--partition P] [--time T] [--cpus-per-task C] [--sbatch LINE]... [--dry-run] -- run BENCH... [run options]\n" +
    "       llm-bench launch slurm --resubmit LAUNCH_DIR [--task I,...]\n" +
    "       llm-bench launch k8s --shards N --image IMAGE --volume-claim PVC [--api-key-secret NAME:KEY] [--namespace NS]\n" +
    "                        [--backoff-limit-per-index N] [--kubeconfig FILE] [--context C] [--job-name NAME] [--dry-run]\n" +
    "                        -- run BENCH... [run options]",
  description:
    "slurm: write an sbatch job-array script (--array=0-(N-1)) whose task I runs `llm-bench run … --shard I/N` into\n" +
    "<launch dir>/shard-I (resuming the run directory an earlier attempt left there), submit it, follow its tasks\n" +
    "(squeue, then scontrol or sacct) and, when every shard completed, merge them into <launch dir>/merged and print\n" +
    "the result as `run` does. A failed task is shown with its log and the command that submits it alone again.\n" +
    "The launch directory must be on a filesystem the compute nodes share.\n" +
    "k8s: create an Indexed Job (completions = parallelism = N) whose pod I runs the image's `llm-bench run … --shard\n" +
    "I/N` into <mount path>/<job name>/shard-I on the volume claim (resuming what an earlier pod of I left), follow it through the Kubernetes API\n" +
    "(your kubeconfig), and when every index succeeded create the merge Job (<job name>-merge, writing merged/); print\n" +
    "its output. A failed index is shown with its pod's log. The API key reaches the pods only from a Secret\n" +
    "(--api-key-secret); --dry-run prints both manifests as YAML. Slurm's and Kubernetes' options do not mix.",
  groups: [launchOptions, slurmOptions, k8sOptions],
});

/** The commands in the order `llm-bench --help` lists them. */
export const COMMAND_SPECS: readonly CommandSpec[] = [
  listSpec,
  checkSpec,
  runSpec,
  compareSpec,
  gateSpec,
  reportSpec,
  mergeSpec,
  thetaSpec,
  profileSpec,
  serveSpec,
  gradeSpec,
  mockServerSpec,
  byobSpec,
  containersSpec,
  launchSpec,
];
