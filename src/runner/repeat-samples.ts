// `--num-samples-per-task N`: each sample asked N times, as N samples `<id>#0` … `<id>#N-1` with the same prompt, so
// that journal, resume, grade and compare treat each completion as its own record; pass@k groups them back.
import type { BenchmarkSample } from "../benchmarks/types.js";
import type { GenerationParams } from "../core/generation.js";
import type { SampleRecord } from "../core/sample-record.js";
import { type PassAtKSummary, summarizePassAtK } from "../results/summarize-pass-at-k.js";

export interface Repeats {
  samplesPerTask: number;
  /** The problem (the original sample id) of each repeated sample id. */
  problemOf: ReadonlyMap<string, string>;
  /** The repeat's index (0 … N-1) of each repeated sample id. */
  indexOf: ReadonlyMap<string, number>;
}

/** `samples` each repeated `samplesPerTask` times in a row; as they are (and no Repeats) for 1. */
export function repeatSamples<S extends BenchmarkSample>(
  samples: readonly S[],
  samplesPerTask: number,
): { samples: S[]; repeats: Repeats | undefined } {
  if (samplesPerTask <= 1) return { samples: [...samples], repeats: undefined };
  const problemOf = new Map<string, string>();
  const indexOf = new Map<string, number>();
  const repeated = samples.flatMap((sample) =>
    Array.from({ length: samplesPerTask }, (_, index) => {
      const id = `${sample.id}#${index}`;
      problemOf.set(id, sample.id);
      indexOf.set(id, index);
      return { ...sample, id };
    }),
  );
  return { samples: repeated, repeats: { samplesPerTask, problemOf, indexOf } };
}

/** pass@k over the graded completions (status "ok"), grouped by the sample they repeat. */
export function passAtKOf(repeats: Repeats, records: readonly SampleRecord[]): PassAtKSummary {
  const graded = records.flatMap((record) =>
    record.status === "ok"
      ? [{ problem: repeats.problemOf.get(record.id) ?? record.id, isCorrect: record.correct }]
      : [],
  );
  return summarizePassAtK(graded, repeats.samplesPerTask);
}

/** A repeat's request parameters: a fixed `seed` becomes `seed + r`, so that N completions are N draws. */
export function repeatParams(
  params: GenerationParams,
  repeats: Repeats | undefined,
  id: string,
): GenerationParams {
  const index = repeats?.indexOf.get(id);
  if (index === undefined || params.seed === undefined) return params;
  return { ...params, seed: params.seed + index };
}
