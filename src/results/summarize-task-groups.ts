// A benchmark's task groups (its reference's summary scores over several tasks) from its per-task accuracies.
import type { TaskGroup } from "../core/task-group.js";
import { normalQuantile } from "../stats/normal-distribution.js";
import { wilsonInterval } from "../stats/wilson-interval.js";

/** One group's score: its accuracy with a 95% CI and standard error, over the graded samples of its tasks. */
export interface TaskGroupAccuracy {
  name: string;
  kind: TaskGroup["kind"];
  accuracy: number;
  ci95: [number, number];
  standardError: number;
  /** Graded samples of the group's tasks. */
  total: number;
  tasks: string[];
}

const Z_95 = normalQuantile(0.975);

/**
 * Each group whose tasks all have graded samples (a group missing one is left out, as BFCL shows "N/A"): pooled
 * groups as one proportion with Wilson's interval; mean groups as Σ wᵢ·pᵢ with SE √(Σ wᵢ²·pᵢ(1 − pᵢ)/nᵢ) and the
 * Wald interval, clamped to [0, 1] (zero-width when every task is all right or all wrong).
 */
export function summarizeTaskGroups(
  groups: readonly TaskGroup[],
  tasks: readonly { task: string; correct: number; total: number }[],
): TaskGroupAccuracy[] {
  const byTask = new Map(tasks.map((row) => [row.task, row]));
  const summaries: TaskGroupAccuracy[] = [];
  for (const group of groups) {
    const names = group.kind === "pooled" ? [...group.tasks] : Object.keys(group.weights);
    const rows = names.map((name) => byTask.get(name));
    if (rows.some((row) => row === undefined || row.total === 0)) continue;
    const present = rows.filter((row) => row !== undefined);
    const total = present.reduce((sum, row) => sum + row.total, 0);
    if (group.kind === "pooled") {
      const correct = present.reduce((sum, row) => sum + row.correct, 0);
      const accuracy = correct / total;
      summaries.push({
        name: group.name,
        kind: group.kind,
        accuracy,
        ci95: wilsonInterval(correct, total),
        standardError: Math.sqrt((accuracy * (1 - accuracy)) / total),
        total,
        tasks: names,
      });
      continue;
    }
    const weightSum = names.reduce((sum, name) => sum + (group.weights[name] ?? 0), 0);
    let accuracy = 0;
    let variance = 0;
    for (const row of present) {
      const weight = (group.weights[row.task] ?? 0) / weightSum;
      const proportion = row.correct / row.total;
      accuracy += weight * proportion;
      variance += (weight * weight * proportion * (1 - proportion)) / row.total;
    }
    const standardError = Math.sqrt(variance);
    summaries.push({
      name: group.name,
      kind: group.kind,
      accuracy,
      ci95: [Math.max(0, accuracy - Z_95 * standardError), Math.min(1, accuracy + Z_95 * standardError)],
      standardError,
      total,
      tasks: names,
    });
  }
  return summaries;
}
