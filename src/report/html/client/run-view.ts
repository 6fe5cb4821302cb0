/// <reference lib="dom" />
// The views of a run's report: accuracy per benchmark (micro with its Wilson CI, clustered where the file has it,
// macro, the headline, gate verdicts) and per task with 95% CI whiskers; the sample browser; the serving figures
// (latency histograms and CDFs, throughput, requests in flight and errors over time, server metrics).
// Client code: exported function declarations only (see dom.ts).

import type { BenchmarkData, RunReportData, ServingData, TimelineData } from "../report-model.js";
import type { ReportView } from "./app.js";
import {
  chart,
  errorsOverTimeChart,
  forestPlot,
  histogramAndCdf,
  inFlightChart,
  seriesColor,
  timelineAxis,
} from "./charts.js";
import { formatInterval, formatMs, formatNumber, formatPercent, h, section, table } from "./dom.js";
import { replicaSection } from "./replica-table.js";
import { sampleBrowser } from "./sample-browser.js";

export function runViews(data: RunReportData): ReportView[] {
  const { run } = data;
  return [
    { id: "accuracy", title: "Accuracy", render: () => accuracyView(run.benchmarks) },
    {
      id: "samples",
      title: "Samples",
      needsSamples: true,
      // The string table arrives with the samples: read it when drawing, not before.
      render: () => samplesView(data),
    },
    { id: "serving", title: "Serving", render: () => servingView(run.benchmarks, run.serving) },
  ];
}

/** The sample browser of one benchmark at a time; a picker when the run has several. */
export function samplesView(data: RunReportData): HTMLElement {
  const benchmarks = data.run.benchmarks;
  if (benchmarks.length === 0) return h("p", { class: "empty" }, "This run has no samples yet.");
  const holder = h("div", null);
  const browsers = new Map<number, HTMLElement>();
  const pick = (index: number) => {
    const benchmark = benchmarks[index];
    if (benchmark === undefined) return;
    let browser = browsers.get(index);
    if (browser === undefined) {
      browser = sampleBrowser(data.strings, benchmark);
      browsers.set(index, browser);
    }
    holder.replaceChildren(browser);
  };
  const picker =
    benchmarks.length === 1
      ? null
      : h(
          "label",
          { class: "controls" },
          "Benchmark ",
          h(
            "select",
            {
              "data-testid": "pick-benchmark",
              onchange: (event: Event) => pick(Number((event.target as HTMLSelectElement).value)),
            },
            ...benchmarks.map((benchmark, index) =>
              h(
                "option",
                { value: index },
                `${benchmark.name} (${benchmark.samples.length.toLocaleString()} samples)`,
              ),
            ),
          ),
        );
  pick(0);
  return h("div", null, picker, holder);
}

export function accuracyView(benchmarks: readonly BenchmarkData[]): HTMLElement {
  if (benchmarks.length === 0) return h("p", { class: "empty" }, "This run has no benchmark results yet.");
  return h("div", null, ...benchmarks.map((benchmark) => benchmarkAccuracy(benchmark)));
}

/** One benchmark's figures: the summary table, gate verdicts, and the per-task plot. */
export function benchmarkAccuracy(benchmark: BenchmarkData): HTMLElement {
  const accuracy = benchmark.accuracy;
  const rows: (string | Node)[][] = [
    [
      "Accuracy (micro)",
      h("span", { "data-testid": "accuracy", "data-value": accuracy.value }, formatPercent(accuracy.value)),
      h("span", { "data-testid": "accuracy-ci" }, formatInterval(accuracy.ci95)),
      `Wilson 95% CI over ${benchmark.numSamples.toLocaleString()} graded samples`,
    ],
  ];
  if (benchmark.clustered !== null) {
    rows.push([
      "Clustered by task",
      `SE ${formatPercent(benchmark.clustered.standardError)}`,
      h("span", { "data-testid": "clustered-ci" }, formatInterval(benchmark.clustered.ci95)),
      "the CI when samples of a task are not independent (Miller 2024)",
    ]);
  }
  if (benchmark.macroAccuracy !== null) {
    rows.push([
      "Accuracy (macro)",
      h("span", { "data-testid": "macro-accuracy" }, formatPercent(benchmark.macroAccuracy)),
      "–",
      `unweighted mean of ${benchmark.tasks.length} task${benchmark.tasks.length === 1 ? "" : "s"}`,
    ]);
  }
  const headline = benchmark.headline;
  if (headline !== null) {
    rows.push([
      `Headline: ${headline.metric}`,
      h("span", { "data-testid": "headline" }, formatNumber(headline.value * headline.scale, 2)),
      headline.ci95 === null
        ? "–"
        : `[${formatNumber(headline.ci95[0] * headline.scale, 2)}, ${formatNumber(headline.ci95[1] * headline.scale, 2)}]`,
      `${headline.isHigherBetter ? "higher" : "lower"} is better; ${headline.numSamples.toLocaleString()} samples`,
    ]);
  }
  const planned = benchmark.plannedSamples;
  rows.push([
    "Samples",
    h("span", { "data-testid": "num-samples" }, benchmark.numSamples.toLocaleString()),
    planned === null ? "–" : `of ${planned.toLocaleString()} planned`,
    benchmark.isComplete === false ? "incomplete: not every planned sample was graded" : "",
  ]);
  rows.push([
    "Not graded as answered",
    `${benchmark.numErrors ?? 0} errors`,
    `${benchmark.numUnparsed ?? 0} unparsed`,
    `${benchmark.numTruncated ?? 0} truncated`,
  ]);
  const faults = benchmark.faults;
  if (faults !== null) {
    rows.push([
      "Faults and retries",
      h("span", { "data-testid": "requests-retried" }, `${faults.requestsRetried.toLocaleString()} retried`),
      `${faults.samplesRetried.toLocaleString()} sample${faults.samplesRetried === 1 ? "" : "s"}`,
      h(
        "span",
        { "data-testid": "faults-by-class" },
        [
          faults.byClass.map(([name, count]) => `${name} ×${count.toLocaleString()}`).join(", "),
          faults.samplesFailed === 0
            ? ""
            : `${faults.samplesFailed.toLocaleString()} failed after their retries`,
        ]
          .filter((part) => part !== "")
          .join("; "),
      ),
    ]);
  }
  return section(
    `${benchmark.name}${benchmark.recipe === null ? "" : ` · ${benchmark.recipe}`}`,
    h("p", { class: "meta" }, benchmark.model),
    table(["", "Value", "95% CI", ""], rows, { "data-testid": `summary-${benchmark.name}` }),
    gateTable(benchmark),
    forestPlot(
      `Accuracy per task (${benchmark.tasks.length}), with Wilson 95% CIs`,
      `tasks-${benchmark.name}`,
      [
        {
          label: "overall (micro)",
          value: accuracy.value,
          ci: accuracy.ci95,
          note: `${formatPercent(accuracy.value)} of ${benchmark.numSamples.toLocaleString()}`,
          color: seriesColor(1),
        },
        ...benchmark.tasks.map((task) => ({
          label: task.task,
          value: task.accuracy,
          ci: task.total === 0 ? null : task.ci95,
          note: `${formatPercent(task.accuracy)} · ${task.correct}/${task.total}`,
        })),
      ],
    ),
  );
}

/** The gate verdicts against the references directory, or nothing when no reference file applies. */
export function gateTable(benchmark: BenchmarkData): HTMLElement | null {
  if (benchmark.gates.length === 0) return null;
  const rows = benchmark.gates.map((gate) => {
    if ("missing" in gate) return [gate.task, h("span", { class: "note" }, gate.missing), "", "", "", "", ""];
    const verdict = h(
      "span",
      { class: gate.isPassed ? "pass" : "fail", "data-testid": "gate-verdict", "data-task": gate.task },
      gate.isPassed ? "PASS" : "FAIL",
    );
    return [
      `${gate.task} (${gate.metric}${gate.isHigherBetter ? "" : ", lower is better"})`,
      formatNumber(gate.reference),
      formatNumber(gate.measured),
      String(gate.n),
      formatNumber(gate.theta),
      formatNumber(gate.threshold),
      verdict,
    ];
  });
  return h(
    "div",
    null,
    h("h3", null, "Gate against the registered reference"),
    table(["Score", "Reference", "Measured", "n", "θ", "γ", "Verdict"], rows, { "data-testid": "gate" }),
    h(
      "p",
      { class: "note" },
      "PASS when measured ≥ γ = reference + Φ⁻¹(α)·√(2σ²/n) (≤ where lower is better), as `llm-bench gate` judges; " +
        `reference from ${benchmark.gates.map((gate) => ("source" in gate ? gate.source : gate.task)).join(", ")}.`,
    ),
  );
}

export function servingView(benchmarks: readonly BenchmarkData[], serving: ServingData): HTMLElement {
  const measured = benchmarks.filter((benchmark) => (benchmark.servingMetrics["wall_time_s"] ?? 0) > 0);
  if (serving.e2e.count === 0 && measured.length === 0) {
    return h(
      "p",
      { class: "empty" },
      "No serving figures: nothing was requested (the answers were read from files), or no request was answered.",
    );
  }
  return h(
    "div",
    null,
    section("Latency and throughput per benchmark (as the result files give them)", servingTable(benchmarks)),
    section(
      "Latency distributions",
      h(
        "p",
        { class: "note" },
        `Over every answered request of the run (${serving.e2e.count.toLocaleString()}); drag across a chart to zoom, double-click to reset.`,
      ),
      ...latencyCharts(serving),
    ),
    ...benchmarks.flatMap((benchmark) =>
      benchmark.replicas === undefined
        ? []
        : [
            replicaSection(
              `Per replica: ${benchmark.name}`,
              benchmark.replicas,
              `replica-table-${benchmark.name}`,
            ),
          ],
    ),
    section("Over time", ...timelineCharts(serving.timeline)),
    ...benchmarks.flatMap((benchmark) =>
      benchmark.serverMetrics === null
        ? []
        : [
            section(
              `Server metrics during ${benchmark.name}`,
              table(
                ["Metric", "Value"],
                benchmark.serverMetrics.map((metric) => [
                  metric.name,
                  typeof metric.value === "number" ? formatNumber(metric.value, 3) : (metric.value ?? "–"),
                ]),
                { "data-testid": `server-metrics-${benchmark.name}` },
              ),
            ),
          ],
    ),
  );
}

/** Per benchmark the file's aggregated serving metrics: mean and percentiles of TTFT, ITL, latency; throughput. */
export function servingTable(benchmarks: readonly BenchmarkData[]): HTMLElement {
  const header = ["Benchmark", "Figure", "Mean", "p50", "p95", "p99"];
  const rows: (string | Node)[][] = [];
  for (const benchmark of benchmarks) {
    const metrics = benchmark.servingMetrics;
    const cell = (key: string) =>
      h("span", { "data-metric": key, "data-value": metrics[key] ?? "" }, formatMs(metrics[key]));
    for (const [label, prefix] of [
      ["TTFT", "ttft"],
      ["ITL", "itl"],
      ["End-to-end latency", "latency"],
    ] as const) {
      rows.push([
        benchmark.name,
        label,
        cell(`${prefix}_mean_ms`),
        cell(`${prefix}_p50_ms`),
        cell(`${prefix}_p95_ms`),
        cell(`${prefix}_p99_ms`),
      ]);
    }
    rows.push([
      benchmark.name,
      "Throughput",
      `${formatNumber(metrics["request_throughput_rps"], 2)} req/s`,
      `${formatNumber(metrics["output_throughput_tokens_per_s"], 1)} output tok/s`,
      `${metrics["successful_requests"] ?? "–"} ok, ${metrics["failed_requests"] ?? "–"} failed`,
      `${formatNumber(metrics["wall_time_s"], 1)} s wall`,
    ]);
  }
  return table(header, rows, { "data-testid": "serving-table" });
}

/** Histogram and CDF of TTFT, ITL and end-to-end latency. */
export function latencyCharts(serving: ServingData): HTMLElement[] {
  const charts: HTMLElement[] = [];
  for (const [name, label, distribution] of [
    ["ttft", "TTFT", serving.ttft],
    ["itl", "Inter-token latency", serving.itl],
    ["e2e", "End-to-end latency", serving.e2e],
  ] as const) {
    if (distribution.count === 0) {
      charts.push(h("p", { class: "empty" }, `${label}: no values (no request streamed tokens for it).`));
      continue;
    }
    charts.push(h("div", { class: "pair" }, ...histogramAndCdf(name, label, distribution.sortedMs)));
  }
  return charts;
}

/** Throughput, requests in flight, and errors by class per bucket of the timeline. */
export function timelineCharts(timeline: TimelineData): HTMLElement[] {
  const { x, perSecond, bucket } = timelineAxis(timeline);
  const xLabel = "s from the start";
  return [
    chart({
      title: `Throughput (per ${bucket} bucket, as a rate per second)`,
      testid: "timeline-throughput",
      xLabel,
      yLabel: "per second",
      x,
      series: [
        { label: "requests/s", values: timeline.endedRequests.map((count) => count * perSecond) },
        { label: "output tokens/s", values: timeline.outputTokens.map((count) => count * perSecond) },
      ],
      mode: "line",
    }),
    inFlightChart(timeline, {
      title: "Requests in flight (mean over each bucket)",
      testid: "timeline-in-flight",
      xLabel,
      label: "in flight",
    }),
    errorsOverTimeChart(timeline, {
      title: "Failed requests by error class",
      testid: "timeline-errors",
      xLabel,
      yLabel: "requests",
      none: "No request failed.",
    }),
  ];
}
