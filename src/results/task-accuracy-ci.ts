// Each task's accuracy with its Wilson 95% CI, from the correct/total counts a `<benchmark>.json` gives per task
// (the file keeps only the counts): for the HTML report's per-task bars.
import { proportionCi } from "../stats/proportion-ci.js";

export interface TaskAccuracyCi {
  task: string;
  correct: number;
  total: number;
  accuracy: number;
  ci95: [number, number];
}

export function taskAccuracyCi(
  tasks: readonly { task: string; correct: number; total: number }[],
): TaskAccuracyCi[] {
  return tasks.map(({ task, correct, total }) => {
    const estimate = proportionCi(correct, total);
    return { task, correct, total, accuracy: estimate.accuracy, ci95: estimate.ci95 };
  });
}
