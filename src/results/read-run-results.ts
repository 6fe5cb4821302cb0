// Reads a finished run directory back: `run.json` and each `<benchmark>.json`, for `gate` and `compare`.
import { readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { z } from "zod";
import { ConfigError } from "../errors.js";
import { type RunManifest, readRunManifest } from "./run-manifest.js";

export const benchmarkResultFileSchema = z.looseObject({
  benchmark: z.string(),
  model: z.string(),
  num_samples: z.number().int(),
  accuracy: z.number(),
  score: z.number(),
  accuracy_ci95: z.tuple([z.number(), z.number()]).optional(),
  accuracy_stderr: z.number().optional(),
  accuracy_clustered_stderr: z.number().nullish(),
  is_complete: z.boolean().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  aggregated_metrics: z.record(z.string(), z.number().nullable()).optional(),
  /** Per task: its graded samples and how many were right (absent in files written before tasks were reported). */
  tasks: z
    .array(
      z.looseObject({
        task: z.string(),
        correct: z.number().int(),
        total: z.number().int(),
        /** The scorer's metrics over the task (only with more than one task). */
        metrics: z
          .record(z.string(), z.looseObject({ mean: z.number(), count: z.number().int() }))
          .optional(),
      }),
    )
    .optional(),
  /** The recipe's score when it is not accuracy (`Recipe.headline`), on the reference's scale. */
  headline: z
    .looseObject({
      metric: z.string(),
      scale: z.number(),
      higher_is_better: z.boolean(),
      value: z.number(),
      num_samples: z.number().int(),
      /** "task-mean" headlines: each task's value, and how a task's value is made. */
      tasks: z.record(z.string(), z.number()).optional(),
      aggregate: z.literal("task-mean").optional(),
      geometric_mean_of: z.array(z.string()).optional(),
    })
    .optional(),
  sample_results: z.array(
    z.looseObject({
      id: z.string(),
      task: z.string(),
      correct: z.boolean(),
      score: z.number(),
      /** Absent in files written before failed samples were kept apart: then every sample was graded. */
      status: z.string().optional(),
      /** The scorer's named values (absent for registered graders and in older files). */
      scores: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});

export type BenchmarkResultFile = z.infer<typeof benchmarkResultFileSchema>;

export interface RunResults {
  runDir: string;
  /** The directory's name, used as the run's label in tables. */
  label: string;
  manifest: RunManifest;
  benchmarks: BenchmarkResultFile[];
}

export function readRunResults(runDir: string): RunResults {
  const manifest = readRunManifest(join(runDir, "run.json"));
  const benchmarks = manifest.benchmarks.map((entry) =>
    readBenchmarkResult(join(runDir, `${entry.name}.json`)),
  );
  return { runDir, label: basename(resolve(runDir)), manifest, benchmarks };
}

function readBenchmarkResult(path: string): BenchmarkResultFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError(`Cannot read ${path}: did the run write its results?`, { cause: error });
  }
  const result = benchmarkResultFileSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`${path}: field "${issue?.path.join(".") ?? ""}": ${issue?.message ?? "invalid"}.`);
  }
  return result.data;
}
