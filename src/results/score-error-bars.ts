// Error bars beyond the i.i.d. CI: the clustered SE by task (Miller 2024) and a bootstrap CI of non-binary scores.

import type { SampleRecord } from "../core/sample-record.js";
import { bootstrapMeanCi } from "../stats/bootstrap-ci.js";
import { clusteredStandardError } from "../stats/clustered-standard-error.js";
import { createSeededRandom } from "../stats/seeded-random.js";

/** Fields for `<benchmark>.json`: clustered SE and CI when there are several tasks; score CI when not 0/1. */
export function scoreErrorBars(
  records: readonly Pick<SampleRecord, "task" | "correct" | "score">[],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const tasks = new Set(records.map((record) => record.task));
  if (tasks.size > 1) {
    const estimate = clusteredStandardError(
      records.map((record) => ({ cluster: record.task, score: record.correct ? 1 : 0 })),
    );
    fields["accuracy_clustered_stderr"] = estimate.clusteredStandardError;
    fields["accuracy_clustered_ci95"] = [Math.max(0, estimate.ci95[0]), Math.min(1, estimate.ci95[1])];
  }
  const scores = records.map((record) => record.score);
  if (scores.some((score) => score !== 0 && score !== 1)) {
    const interval = bootstrapMeanCi(scores, { random: createSeededRandom(0), resamples: 2000 });
    fields["score_bootstrap_ci95"] = interval.ci;
  }
  return fields;
}
