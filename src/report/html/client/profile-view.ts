/// <reference lib="dom" />
// The views of a profile's report, after aiperf's plots: TTFT, ITL and request latency per request over time
// (scatter) and their distributions with profile_summary.json's percentile table here; throughput over time with
// the totals (profile-throughput-view.ts); goodput against the SLOs beside the client's self-measurement
// (profile-goodput-view.ts). Client code: exported function declarations only (see dom.ts); the names carry
// "profile" because every client function shares the page's one scope.

import type { ProfileReportData, ProfileSection } from "../profile-report-data.js";
import type { ReportView } from "./app.js";
import { chart, histogramAndCdf, seriesColor } from "./charts.js";
import { formatMs, h, section, table } from "./dom.js";
import { profileGoodputView } from "./profile-goodput-view.js";
import { profileThroughputView } from "./profile-throughput-view.js";
import { replicaSection } from "./replica-table.js";

export function profileViews(data: ProfileReportData): ReportView[] {
  const profile = data.profile;
  return [
    { id: "over-time", title: "Over time", render: () => profileOverTimeView(profile) },
    { id: "distributions", title: "Distributions", render: () => profileDistributionsView(profile) },
    { id: "throughput", title: "Throughput", render: () => profileThroughputView(profile) },
    { id: "goodput", title: "Goodput & client", render: () => profileGoodputView(profile) },
  ];
}

/** A figure of the summary: a label over its value, the raw number in `data-value` for tests. */
export function profileFigure(
  testid: string,
  label: string,
  value: number | null,
  text: string,
  detail?: string,
): HTMLElement {
  return h(
    "div",
    { class: "kpi", "data-testid": testid, "data-value": value === null ? "" : String(value) },
    h("div", { class: "kpi-label" }, label),
    h("div", { class: "kpi-value" }, text),
    detail === undefined ? null : h("div", { class: "kpi-detail" }, detail),
  );
}

/** A number with two decimals and its unit ("140.75 req/s"); "–" when absent. */
export function profileRate(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return `${value.toFixed(2)} ${unit}`;
}

/** A percentile-table cell's text: counts whole, everything else with two decimals; "–" for null. */
export function profileStatText(stat: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return stat === "count" ? String(value) : value.toFixed(2);
}

/** The banner every view but the client's shows when the figures are client-bound. */
export function profileClientBoundBanner(profile: ProfileSection): HTMLElement | null {
  const isBound =
    profile.client?.isClientBound === true || profile.clients.some((client) => client.isClientBound);
  if (!isBound) return null;
  return h(
    "p",
    { class: "warning", "data-testid": "client-bound-banner" },
    "The client was the bottleneck of this profile: its latency and throughput figures are not to be trusted. ",
    h("a", { href: "#goodput" }, "See the client's self-measurement."),
  );
}

// ── Over time ────────────────────────────────────────────────────────────────────────────────────────────────

export function profileOverTimeView(profile: ProfileSection): HTMLElement {
  const requests = profile.requests;
  const warmup = requests.isWarmup.filter(Boolean).length;
  const failed = requests.errorClass.filter(
    (errorClass, at) => errorClass !== null && !requests.isWarmup[at],
  );
  return h(
    "div",
    null,
    profileClientBoundBanner(profile),
    section(
      "Per request over time",
      h(
        "p",
        { class: "note" },
        `Each point is one request at the time it was sent (seconds since the load started). ` +
          `${warmup.toLocaleString()} warm-up request${warmup === 1 ? "" : "s"} ` +
          "(left out of every statistic) in grey; " +
          `${failed.length.toLocaleString()} failed measured request${failed.length === 1 ? "" : "s"} as their own series ` +
          "(they have no first token, so they appear only in the request latency: the time to the error). " +
          "Drag across a chart to zoom, double-click to reset.",
      ),
      profileScatter(profile, "ttft", "Time to first token over time"),
      profileScatter(profile, "itl", "Inter-token latency over time"),
      profileScatter(profile, "e2e", "Request latency over time"),
    ),
  );
}

/** One metric per request against its send time: measured, warm-up and failed requests as three series. */
export function profileScatter(
  profile: ProfileSection,
  metric: "ttft" | "itl" | "e2e",
  title: string,
): HTMLElement {
  const requests = profile.requests;
  const values = metric === "ttft" ? requests.ttftMs : metric === "itl" ? requests.itlMs : requests.e2eMs;
  // uPlot looks points up by x: the requests in send order.
  const order = requests.sentAtMs
    .map((_, at) => at)
    .sort((a, b) => (requests.sentAtMs[a] ?? 0) - (requests.sentAtMs[b] ?? 0));
  const x: number[] = [];
  const measured: (number | null)[] = [];
  const warmup: (number | null)[] = [];
  const failed: (number | null)[] = [];
  for (const at of order) {
    const value = values[at] ?? null;
    const isWarmup = requests.isWarmup[at] === true;
    const isFailed = requests.errorClass[at] !== null;
    x.push(((requests.sentAtMs[at] ?? 0) - profile.loadStartMs) / 1000);
    measured.push(!isWarmup && !isFailed ? value : null);
    warmup.push(isWarmup ? value : null);
    failed.push(!isWarmup && isFailed ? value : null);
  }
  const series = [
    { label: "measured", values: measured, color: seriesColor(0) },
    { label: "warm-up (not in the statistics)", values: warmup, color: "#9a9a9a" },
    { label: "failed", values: failed, color: seriesColor(1) },
  ].filter((each) => each.values.some((value) => value !== null));
  const missing = values.filter((value) => value === null).length;
  return chart({
    title,
    testid: `over-time-${metric}`,
    xLabel: "s since the load started",
    yLabel: "ms",
    x,
    series,
    mode: "points",
    xIsSeconds: true,
    ...(missing === 0
      ? {}
      : {
          note:
            metric === "itl"
              ? `${missing.toLocaleString()} requests have no inter-token latency (failed, or fewer than two tokens).`
              : `${missing.toLocaleString()} requests have no ${metric === "ttft" ? "first token" : "latency"} (failed before it).`,
        }),
  });
}

// ── Distributions ────────────────────────────────────────────────────────────────────────────────────────────

export function profileDistributionsView(profile: ProfileSection): HTMLElement {
  return h(
    "div",
    null,
    profileClientBoundBanner(profile),
    section(
      "Latency distributions",
      h(
        "p",
        { class: "note" },
        "Over the answered measured requests (warm-up and failed requests left out, as profile_summary.json counts " +
          "them); drag across a chart to zoom, double-click to reset.",
      ),
      profileDistribution(profile, "ttft", "ttft_ms", "Time to first token"),
      profileDistribution(profile, "itl", "itl_ms", "Inter-token latency"),
      profileDistribution(profile, "e2e", "e2e_latency_ms", "Request latency"),
    ),
    profile.replicas === undefined ? null : replicaSection("Per replica", profile.replicas, "replica-table"),
    section(
      "Percentiles (profile_summary.json)",
      h(
        "p",
        { class: "note" },
        "Every metric and statistic as the summary file gives them; ms unless the metric says otherwise.",
      ),
      profilePercentileTable(profile),
    ),
  );
}

/** The histogram and CDF of one latency over the answered measured requests. */
export function profileDistribution(
  profile: ProfileSection,
  name: "ttft" | "itl" | "e2e",
  summaryKey: string,
  label: string,
): HTMLElement {
  const requests = profile.requests;
  const values = name === "ttft" ? requests.ttftMs : name === "itl" ? requests.itlMs : requests.e2eMs;
  const sorted: number[] = [];
  for (const [at, value] of values.entries()) {
    if (value !== null && requests.isWarmup[at] !== true && requests.errorClass[at] === null)
      sorted.push(value);
  }
  sorted.sort((a, b) => a - b);
  if (sorted.length === 0) {
    return h("p", { class: "empty", "data-testid": `distribution-${name}` }, `${label}: no values.`);
  }
  const stats = profile.percentiles[summaryKey];
  const quantiles = ["p50", "p90", "p99"]
    .filter((stat) => typeof stats?.[stat] === "number")
    .map((stat) => `${stat} ${formatMs(stats?.[stat])}`)
    .join(" · ");
  const [histogram, distribution] = histogramAndCdf(
    name,
    label,
    sorted,
    quantiles === "" ? undefined : `Summary: ${quantiles}.`,
  );
  for (const figure of [histogram, distribution]) figure.setAttribute("data-count", String(sorted.length));
  return h("div", { class: "pair", "data-testid": `distribution-${name}` }, histogram, distribution);
}

/** Metrics down, statistics across, every cell as the summary file gives it (raw value in `data-value`). */
export function profilePercentileTable(profile: ProfileSection): HTMLElement {
  const metrics = Object.keys(profile.percentiles);
  const stats: string[] = [];
  for (const metric of metrics) {
    for (const stat of Object.keys(profile.percentiles[metric] ?? {}))
      if (!stats.includes(stat)) stats.push(stat);
  }
  // The count last, as the console table and the CSV put it.
  const ordered = [...stats.filter((stat) => stat !== "count"), ...stats.filter((stat) => stat === "count")];
  const rows = metrics.map((metric) => {
    const known = profile.metricLabels[metric];
    const name = h(
      "span",
      { title: metric },
      known === undefined ? metric : `${known.label} (${known.unit})`,
      h("code", { class: "metric-key" }, metric),
    );
    return [
      name,
      ...ordered.map((stat) => {
        const value = profile.percentiles[metric]?.[stat];
        return h(
          "span",
          {
            "data-testid": "stat",
            "data-metric": metric,
            "data-stat": stat,
            "data-value": value === null || value === undefined ? "" : String(value),
          },
          profileStatText(stat, value),
        );
      }),
    ];
  });
  return h(
    "div",
    { class: "table-scroll" },
    table(["Metric", ...ordered], rows, { "data-testid": "percentile-table", class: "grid numeric" }),
  );
}
