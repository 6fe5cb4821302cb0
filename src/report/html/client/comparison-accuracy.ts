/// <reference lib="dom" />
// The comparison's "Accuracy" view: per benchmark each run's accuracy with its 95% CI, each candidate's paired
// difference from the baseline (points, SE, CI, McNemar p, the verdict stated plainly, the flips), a plot of the
// per-task differences with their CI whiskers, and the per-task table (sortable by task, difference or p-value).
// Client code: exported function declarations only (see dom.ts).
import type {
  BenchmarkComparisonData,
  ComparisonReportData,
  PairedData,
  TaskComparisonData,
} from "../comparison-data.js";
import { seriesColor } from "./charts.js";
import {
  comparisonBenchmarkOf,
  comparisonRunName,
  formatPoints,
  formatPValueText,
  pairedAttributes,
  pairedVerdictClass,
  pairedVerdictText,
} from "./comparison-view.js";
import { type DifferenceRow, differencePlot } from "./difference-plot.js";
import { formatInterval, formatNumber, formatPercent, h, section } from "./dom.js";

export function comparisonAccuracy(data: ComparisonReportData): HTMLElement {
  if (data.benchmarks.length === 0) {
    return h("p", { class: "empty" }, "The runs have no benchmark result to compare.");
  }
  return h(
    "div",
    null,
    ...data.benchmarks.map((benchmark) =>
      h(
        "div",
        { "data-testid": "comparison-benchmark", "data-benchmark": benchmark.benchmark },
        section(
          benchmark.benchmark,
          comparisonOverallTable(data, benchmark),
          comparisonPairedSummary(data, benchmark),
          comparisonDifferencePlot(data, benchmark),
          comparisonTaskTable(data, benchmark),
        ),
      ),
    ),
  );
}

/** Each run's overall accuracy with its Wilson 95% CI (and the clustered SE when the run has it). */
export function comparisonOverallTable(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
): HTMLElement {
  const baseline =
    benchmark.overall[0]?.baseline ?? benchmark.placeInRun.findIndex((place) => place !== null);
  const rows = data.runs.map((_, run) => {
    const result = comparisonBenchmarkOf(data, benchmark, run);
    const role = run === baseline ? "baseline" : result === null ? "" : "candidate";
    return h(
      "tr",
      {
        "data-testid": "overall-run",
        "data-run": run,
        "data-value": result?.accuracy.value,
        "data-ci-low": result?.accuracy.ci95?.[0],
        "data-ci-high": result?.accuracy.ci95?.[1],
      },
      h(
        "td",
        { class: "run-name" },
        h("span", { class: "swatch", style: `background:${seriesColor(run)}` }),
        `run ${run + 1}`,
      ),
      h("td", null, comparisonRunName(data, run)),
      h("td", null, role),
      h("td", null, result?.model ?? "–"),
      h(
        "td",
        { class: "number" },
        result === null ? "not in this run" : formatPercent(result.accuracy.value),
      ),
      h("td", { class: "number" }, formatInterval(result?.accuracy.ci95)),
      h(
        "td",
        { class: "number" },
        result?.clustered === null || result?.clustered === undefined
          ? "–"
          : formatPercent(result.clustered.standardError),
      ),
      h("td", { class: "number" }, result === null ? "–" : result.numSamples.toLocaleString()),
    );
  });
  return h(
    "table",
    { class: "grid", "data-testid": "overall-runs" },
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        ...["#", "Run", "Role", "Model", "Accuracy", "95% CI (Wilson)", "Clustered SE", "Graded samples"].map(
          (cell) => h("th", null, cell),
        ),
      ),
    ),
    h("tbody", null, ...rows),
  );
}

/** The paired comparisons of the candidates against the baseline: the verdicts in words, then their figures. */
export function comparisonPairedSummary(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
): HTMLElement {
  if (benchmark.overall.length === 0) {
    return h(
      "p",
      { class: "empty" },
      "No other run shares graded samples with the baseline: nothing to pair.",
    );
  }
  const header = [
    "Candidate − baseline",
    "Shared",
    "Difference (points)",
    "SE (points)",
    "95% CI (points)",
    "McNemar p",
    "Right → wrong",
    "Wrong → right",
  ];
  return h(
    "div",
    { class: "paired" },
    h(
      "ul",
      { class: "verdicts" },
      ...benchmark.overall.map((pair) =>
        h(
          "li",
          { class: pairedVerdictClass(pair), "data-testid": "overall-verdict" },
          pairedVerdictText(data, pair),
        ),
      ),
    ),
    h(
      "table",
      { class: "grid", "data-testid": "overall-paired-table" },
      h("thead", null, h("tr", null, ...header.map((cell) => h("th", null, cell)))),
      h(
        "tbody",
        null,
        ...benchmark.overall.map((pair) =>
          h(
            "tr",
            { "data-testid": "overall-paired", ...pairedAttributes(pair) },
            h(
              "td",
              null,
              h("span", { class: "swatch", style: `background:${seriesColor(pair.candidate)}` }),
              `run ${pair.candidate + 1} − run ${pair.baseline + 1}`,
            ),
            h("td", { class: "number" }, pair.n.toLocaleString()),
            h("td", { class: "number", "data-field": "difference" }, formatPoints(pair.difference)),
            h("td", { class: "number" }, formatNumber(pair.standardError * 100)),
            h("td", { class: "number", "data-field": "ci" }, comparisonPointsInterval(pair.ci95)),
            h(
              "td",
              { class: `number ${pairedVerdictClass(pair)}`, "data-field": "p-value" },
              formatPValueText(pair.pValue),
            ),
            h("td", { class: "number" }, pair.rightToWrong.toLocaleString()),
            h("td", { class: "number" }, pair.wrongToRight.toLocaleString()),
          ),
        ),
      ),
    ),
  );
}

/** A CI of a difference in points: "[−10.95, −5.55]". */
export function comparisonPointsInterval(ci: readonly [number, number]): string {
  return `[${formatPoints(ci[0])}, ${formatPoints(ci[1])}]`;
}

/** The overall difference and each task's, per candidate, with their CI whiskers around 0. */
export function comparisonDifferencePlot(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
): HTMLElement | null {
  if (benchmark.overall.length === 0) return null;
  const candidates = benchmark.overall.map((pair) => pair.candidate);
  const markOf = (pair: PairedData) => ({
    value: pair.difference,
    ci: pair.ci95,
    color: seriesColor(pair.candidate),
    title:
      `${comparisonRunName(data, pair.candidate)} − ${comparisonRunName(data, pair.baseline)}: ` +
      `${formatPoints(pair.difference)} points ${comparisonPointsInterval(pair.ci95)}, p = ${formatPValueText(pair.pValue)}`,
  });
  const noteOf = (pairs: readonly PairedData[]) =>
    pairs.length === 1 && pairs[0] !== undefined
      ? `${formatPoints(pairs[0].difference)} pts, p = ${formatPValueText(pairs[0].pValue)}`
      : pairs.map((pair) => formatPoints(pair.difference)).join(" / ");
  const rows: DifferenceRow[] = [
    {
      label: "overall",
      marks: benchmark.overall.map(markOf),
      note: noteOf(benchmark.overall),
      isEmphasized: true,
    },
  ];
  if (benchmark.tasks.length > 1) {
    for (const task of benchmark.tasks) {
      const pairs = candidates.flatMap((candidate) =>
        task.paired.filter((pair) => pair.candidate === candidate),
      );
      rows.push({ label: task.task, marks: pairs.map(markOf), note: noteOf(pairs) });
    }
  }
  const legend =
    candidates.length > 1
      ? h(
          "p",
          { class: "note" },
          ...candidates.map((candidate) =>
            h(
              "span",
              { class: "legend-item" },
              h("span", { class: "swatch", style: `background:${seriesColor(candidate)}` }),
              `run ${candidate + 1} · ${comparisonRunName(data, candidate)}`,
            ),
          ),
        )
      : null;
  return h(
    "div",
    null,
    legend,
    differencePlot(
      "Paired difference from the baseline (points), with its 95% CI",
      `difference-plot-${benchmark.benchmark}`,
      rows,
    ),
  );
}

/** Sort orders of the per-task table. */
export function comparisonTaskOrder(
  tasks: readonly TaskComparisonData[],
  order: string,
  candidate: number,
): TaskComparisonData[] {
  const pairOf = (task: TaskComparisonData) => task.paired.find((pair) => pair.candidate === candidate);
  const sorted = [...tasks];
  if (order === "difference") {
    sorted.sort((left, right) => (pairOf(left)?.difference ?? 0) - (pairOf(right)?.difference ?? 0));
  } else if (order === "p-value") {
    sorted.sort((left, right) => (pairOf(left)?.pValue ?? 1) - (pairOf(right)?.pValue ?? 1));
  }
  return sorted;
}

/** Per task: the baseline's and candidate's accuracy side by side, the paired difference, its CI and McNemar p. */
export function comparisonTaskTable(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
): HTMLElement | null {
  const candidates = benchmark.overall.map((pair) => pair.candidate);
  if (candidates.length === 0) return null;
  const hasCandidateColumn = candidates.length > 1;
  const header = [
    "Task",
    ...(hasCandidateColumn ? ["Candidate #"] : []),
    "Baseline",
    "Candidate accuracy",
    "Difference (points)",
    "95% CI (points)",
    "McNemar p",
    "Significant (0.05)",
    "R→W",
    "W→R",
  ];
  const body = h("tbody", null);
  const fill = (order: string) => {
    const rows: HTMLElement[] = [];
    for (const task of comparisonTaskOrder(benchmark.tasks, order, candidates[0] ?? -1)) {
      candidates.forEach((candidate, index) => {
        const pair = task.paired.find((entry) => entry.candidate === candidate);
        const baseline = pair?.baseline ?? benchmark.overall[index]?.baseline ?? 0;
        rows.push(
          comparisonTaskRow(task, pair, {
            baseline,
            candidate,
            candidateName: hasCandidateColumn ? comparisonRunName(data, candidate) : null,
            candidateTag: `run ${candidate + 1}`,
            isFirstOfTask: index === 0,
            rowSpan: candidates.length,
          }),
        );
      });
    }
    body.replaceChildren(...rows);
  };
  fill("task");
  const select = h(
    "select",
    {
      "data-testid": "task-order",
      onchange: (event: Event) => fill((event.target as HTMLSelectElement).value),
    },
    h("option", { value: "task" }, "task name"),
    h("option", { value: "difference" }, "difference (largest drop first)"),
    h("option", { value: "p-value" }, "p-value (smallest first)"),
  );
  return h(
    "div",
    null,
    h("h3", null, `Per task (${benchmark.tasks.length})`),
    h("div", { class: "controls" }, h("label", null, "Order by ", select)),
    h(
      "div",
      { class: "table-scroll" },
      h(
        "table",
        { class: "grid", "data-testid": "task-table" },
        h("thead", null, h("tr", null, ...header.map((cell) => h("th", null, cell)))),
        body,
      ),
    ),
  );
}

/** One task's row for one candidate; the task's name spans the rows of all candidates. */
export function comparisonTaskRow(
  task: TaskComparisonData,
  pair: PairedData | undefined,
  place: {
    baseline: number;
    candidate: number;
    /** The candidate's label (shown on hover, its tag in the cell); null when there is one candidate. */
    candidateName: string | null;
    candidateTag: string;
    isFirstOfTask: boolean;
    rowSpan: number;
  },
): HTMLElement {
  const accuracy = (run: number) => {
    const figures = task.runs[run];
    return figures === null || figures === undefined
      ? "–"
      : h(
          "span",
          { title: `95% CI ${formatInterval(figures.ci95)}` },
          `${formatPercent(figures.accuracy)} `,
          h("span", { class: "note" }, `${figures.correct}/${figures.total}`),
        );
  };
  const cells = [
    place.isFirstOfTask ? h("td", { rowspan: place.rowSpan, class: "task-name" }, task.task) : null,
    place.candidateName === null
      ? null
      : h(
          "td",
          { class: "run-name", title: place.candidateName },
          h("span", { class: "swatch", style: `background:${seriesColor(place.candidate)}` }),
          place.candidateTag,
        ),
    h("td", { class: "number" }, accuracy(place.baseline)),
    h("td", { class: "number" }, accuracy(place.candidate)),
    h(
      "td",
      { class: "number", "data-field": "difference" },
      pair === undefined ? "–" : formatPoints(pair.difference),
    ),
    h(
      "td",
      { class: "number", "data-field": "ci" },
      pair === undefined ? "–" : comparisonPointsInterval(pair.ci95),
    ),
    h(
      "td",
      { class: "number", "data-field": "p-value" },
      pair === undefined ? "–" : formatPValueText(pair.pValue),
    ),
    h(
      "td",
      pair === undefined ? null : { class: pairedVerdictClass(pair) },
      pair === undefined ? "no shared samples" : pair.isSignificant ? "yes" : "no",
    ),
    h("td", { class: "number" }, pair?.rightToWrong ?? "–"),
    h("td", { class: "number" }, pair?.wrongToRight ?? "–"),
  ];
  return h(
    "tr",
    {
      "data-testid": "task-row",
      "data-task": task.task,
      ...(pair === undefined ? { "data-candidate": place.candidate } : pairedAttributes(pair)),
    },
    ...cells,
  );
}
