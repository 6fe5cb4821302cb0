// `accuracy_results.csv`: Task, Correct, Total, Accuracy (aiperf's columns), one OVERALL row per benchmark; with
// loglikelihood scoring two more, CorrectNorm and AccuracyNorm (acc_norm; empty for a benchmark scored otherwise).
import type { BenchmarkSummary } from "./summarize-benchmark.js";

export function accuracyCsv(summaries: readonly BenchmarkSummary[]): string {
  const isSingle = summaries.length === 1;
  const hasNorm = summaries.some((summary) => summary.overallNorm !== undefined);
  const lines = [
    hasNorm ? "Task,Correct,Total,Accuracy,CorrectNorm,AccuracyNorm" : "Task,Correct,Total,Accuracy",
  ];
  const normCells = (correctNorm: number | undefined, accuracyNorm: number | undefined): string[] => {
    if (!hasNorm) return [];
    return correctNorm === undefined || accuracyNorm === undefined
      ? ["", ""]
      : [String(correctNorm), accuracyNorm.toFixed(4)];
  };
  for (const summary of summaries) {
    const prefix = isSingle ? "" : `${summary.benchmark}/`;
    for (const row of summary.tasks) {
      if (summary.tasks.length === 1 && row.task === summary.benchmark) continue;
      lines.push(
        csvRow([
          `${prefix}${row.task}`,
          row.correct,
          row.total,
          row.accuracy.toFixed(4),
          ...normCells(row.correctNorm, row.accuracyNorm),
        ]),
      );
    }
    const { correct, total, accuracy } = summary.overall;
    const norm = summary.overallNorm;
    lines.push(
      csvRow([
        `${prefix}OVERALL`,
        correct,
        total,
        accuracy.toFixed(4),
        ...normCells(norm?.correct, norm?.accuracy),
      ]),
    );
  }
  return `${lines.join("\n")}\n`;
}

function csvRow(cells: readonly (string | number)[]): string {
  return cells
    .map((cell) => {
      const text = String(cell);
      return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(",");
}
