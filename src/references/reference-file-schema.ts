// The zod schema of a reference file `references/<task>.yaml`: task parameters and model → accuracy specs.
import { z } from "zod";

export const TASK_DEFAULTS_KEY = "task_defaults";

const specValueSchema = z.union([z.string(), z.number(), z.boolean()]);

/**
 * One accuracy specification: `accuracy` plus spec keys (dtype, quant_algo, …) that select it. The score is on the
 * task's scale: 0–100 for accuracy and rouge (checked where the file is read), any non-negative number for a
 * lower-is-better score such as perplexity (TensorRT-LLM's SlimPajama-6B registers perplexities under `accuracy`).
 */
export const referenceEntrySchema = z.object({ accuracy: z.number().min(0) }).catchall(specValueSchema);

export const taskOverridesSchema = z.strictObject({
  alpha: z.number().gt(0).lt(1).optional(),
  beta: z.number().gt(0).lt(1).optional(),
  /** 0 for a task whose score does not vary at all (TensorRT-LLM's passkey tasks: the threshold is the reference). */
  sigma: z.number().min(0).optional(),
  num_samples: z.number().int().min(1).optional(),
  /** false for a score where lower is better (perplexity, WER): the threshold lies above the reference. */
  higher_is_better: z.boolean().optional(),
});

/** Top-level keys are model ids (each a non-empty list of specs), except the optional `task_defaults`. */
export const referenceFileSchema = z
  .object({ [TASK_DEFAULTS_KEY]: taskOverridesSchema.optional() })
  .catchall(z.array(referenceEntrySchema).min(1, "list at least one accuracy specification"));

export type ReferenceEntry = z.infer<typeof referenceEntrySchema>;
export type TaskOverrides = z.infer<typeof taskOverridesSchema>;
