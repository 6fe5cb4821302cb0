/// <reference lib="dom" />
// The views of a profile's report, after aiperf's plots: TTFT, ITL and request latency per request over time
// (scatter), their distributions with profile_summary.json's percentile table, throughput / requests in flight /
// errors over time with the totals, and goodput against the SLOs beside the client's self-measurement (with the
// client-bound warning when it fired). Client code: exported function declarations only (see dom.ts); the names
// carry "profile" because every client function shares the page's one scope.
import type { ProfileReportData, ProfileSection } from "../profile-report-data.js";
import type { ReportView } from "./app.js";
import { cdfPoints, chart, histogramBins, seriesColor } from "./charts.js";
import { formatMs, formatPercent, h, section, table } from "./dom.js";

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
  if (profile.client?.isClientBound !== true) return null;
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
  const bins = histogramBins(sorted);
  const cdf = cdfPoints(sorted);
  const histogram = chart({
    title: `${label}: histogram (${sorted.length.toLocaleString()} requests)`,
    testid: `histogram-${name}`,
    xLabel: "ms",
    yLabel: "requests",
    x: bins.x,
    series: [{ label: "requests", values: bins.counts, color: seriesColor(0) }],
    mode: "bars",
    widthShare: 0.5,
    ...(bins.clippedAbove === null
      ? {}
      : {
          note: `The last bar also counts the values above ${formatMs(bins.clippedAbove)} (past the 99.5th percentile).`,
        }),
  });
  const distribution = chart({
    title: `${label}: CDF`,
    testid: `cdf-${name}`,
    xLabel: "ms",
    yLabel: "share ≤ x",
    x: cdf.x,
    series: [{ label: "share of requests", values: cdf.y, color: seriesColor(2) }],
    mode: "step",
    widthShare: 0.5,
    ...(quantiles === "" ? {} : { note: `Summary: ${quantiles}.` }),
  });
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

// ── Throughput ───────────────────────────────────────────────────────────────────────────────────────────────

export function profileThroughputView(profile: ProfileSection): HTMLElement {
  const totals = profile.totals;
  const target = totals.targetRequestRateRps;
  const achieved = totals.achievedRequestRateRps;
  const errorClasses = Object.entries(totals.errorsByClass);
  return h(
    "div",
    null,
    profileClientBoundBanner(profile),
    section(
      "Totals",
      h(
        "div",
        { class: "kpis" },
        profileFigure(
          "total-request-throughput",
          "Request throughput",
          totals.requestThroughputRps,
          profileRate(totals.requestThroughputRps, "req/s"),
          "answered requests per second",
        ),
        profileFigure(
          "total-output-token-throughput",
          "Output token throughput",
          totals.outputTokenThroughputTps,
          profileRate(totals.outputTokenThroughputTps, "tok/s"),
        ),
        profileFigure(
          "total-total-token-throughput",
          "Total token throughput",
          totals.totalTokenThroughputTps,
          profileRate(totals.totalTokenThroughputTps, "tok/s"),
          "input and output tokens",
        ),
        profileFigure(
          "total-achieved-rate",
          "Achieved request rate",
          achieved,
          profileRate(achieved, "req/s"),
          target === null
            ? "no target rate: closed loop (--concurrency)"
            : `target ${profileRate(target, "req/s")}${achieved === null ? "" : ` (${formatPercent(achieved / target, 1)} of it)`}`,
        ),
        profileFigure(
          "total-requests",
          "Measured requests",
          totals.requestCount,
          totals.requestCount.toLocaleString(),
          `${totals.successfulRequests.toLocaleString()} answered · ${totals.failedRequests.toLocaleString()} failed`,
        ),
        profileFigure("total-duration", "Duration", totals.durationS, profileRate(totals.durationS, "s")),
      ),
      errorClasses.length === 0
        ? h("p", { class: "note", "data-testid": "errors-by-class" }, "No measured request failed.")
        : table(
            ["Error class", "Failed requests"],
            errorClasses.map(([name, count]) => [
              name,
              h(
                "span",
                { "data-testid": "error-count", "data-class": name, "data-value": String(count) },
                count,
              ),
            ]),
            { "data-testid": "errors-by-class" },
          ),
    ),
    section("Over time", ...profileTimelineCharts(profile)),
  );
}

/** Throughput, requests in flight and errors by class per bucket of the measured requests' timeline. */
export function profileTimelineCharts(profile: ProfileSection): HTMLElement[] {
  const timeline = profile.timeline;
  if (timeline.endedRequests.length === 0) return [h("p", { class: "empty" }, "No measured request ended.")];
  const perSecond = 1000 / timeline.bucketMs;
  const x = timeline.endedRequests.map((_, index) => (index * timeline.bucketMs) / 1000);
  const bucket = timeline.bucketMs >= 1000 ? `${timeline.bucketMs / 1000} s` : `${timeline.bucketMs} ms`;
  const errorClasses = Object.keys(timeline.errorsByClass);
  const xLabel = "s since the load started";
  return [
    h(
      "p",
      { class: "note", "data-testid": "timeline-buckets", "data-bucket-ms": timeline.bucketMs },
      `Measured requests only (warm-up left out), in ${bucket} buckets shown as rates per second; ` +
        "the last bucket is partly empty.",
    ),
    h(
      "div",
      { class: "pair" },
      chart({
        title: "Request throughput over time",
        testid: "throughput-requests",
        xLabel,
        yLabel: "requests/s",
        x,
        series: [
          {
            label: "requests ended/s (answered or failed)",
            values: timeline.endedRequests.map((count) => count * perSecond),
            color: seriesColor(0),
          },
        ],
        mode: "step",
        widthShare: 0.5,
      }),
      chart({
        title: "Output token throughput over time",
        testid: "throughput-tokens",
        xLabel,
        yLabel: "tokens/s",
        x,
        series: [
          {
            label: "dispersed over generation",
            values: profile.dispersedOutputTokens.map((count) => count * perSecond),
            color: seriesColor(2),
          },
          {
            label: "counted when the request ended",
            values: timeline.outputTokens.map((count) => count * perSecond),
            color: seriesColor(4),
          },
        ],
        mode: "line",
        widthShare: 0.5,
        note:
          "Dispersed: each request's output tokens spread evenly from its first token to its end (aiperf's " +
          "dispersed throughput); counted at the end, they bunch where requests finish together.",
      }),
    ),
    h(
      "div",
      { class: "pair" },
      chart({
        title: "Requests in flight over time",
        testid: "in-flight",
        xLabel,
        yLabel: "requests",
        x,
        series: [
          { label: "in flight (mean over the bucket)", values: timeline.inFlight, color: seriesColor(0) },
        ],
        mode: "step",
        widthShare: 0.5,
      }),
      errorClasses.length === 0
        ? h("p", { class: "note", "data-testid": "errors-over-time" }, "No measured request failed.")
        : chart({
            title: "Errors by class over time",
            testid: "errors-over-time",
            xLabel,
            yLabel: "failed requests",
            x,
            series: errorClasses.map((name, index) => ({
              label: name,
              values: timeline.errorsByClass[name] ?? [],
              color: seriesColor(index + 1),
            })),
            mode: "bars",
            widthShare: 0.5,
          }),
    ),
  ];
}

// ── Goodput and the client ───────────────────────────────────────────────────────────────────────────────────

export function profileGoodputView(profile: ProfileSection): HTMLElement {
  return h("div", null, profileGoodputSection(profile), profileClientSection(profile));
}

export function profileGoodputSection(profile: ProfileSection): HTMLElement {
  const goodput = profile.goodput;
  if (goodput === null) {
    return section(
      "Goodput",
      h(
        "p",
        { class: "empty", "data-testid": "goodput-none" },
        'No service-level objectives were given (--goodput "ttft:MS itl:MS e2e:MS"), so there is no goodput.',
      ),
    );
  }
  const measured = profile.totals.requestCount;
  const share = measured === 0 ? null : goodput.goodRequests / measured;
  return section(
    "Goodput against the SLOs",
    h(
      "p",
      { class: "note" },
      "A good request is answered and meets every objective; goodput is the good requests per second of the " +
        "profile's duration.",
    ),
    table(
      ["Objective", "Limit"],
      Object.entries(goodput.slosMs).map(([name, limitMs]) => [
        profileSloName(name),
        h(
          "span",
          { "data-testid": "slo", "data-slo": name, "data-value": String(limitMs) },
          `≤ ${limitMs} ms`,
        ),
      ]),
      { "data-testid": "slos" },
    ),
    h(
      "div",
      { class: "kpis" },
      profileFigure(
        "goodput-rps",
        "Goodput",
        goodput.goodputRps,
        profileRate(goodput.goodputRps, "req/s"),
        `request throughput ${profileRate(profile.totals.requestThroughputRps, "req/s")}`,
      ),
      profileFigure(
        "good-requests",
        "Good requests",
        goodput.goodRequests,
        goodput.goodRequests.toLocaleString(),
        `of ${measured.toLocaleString()} measured`,
      ),
      profileFigure("good-share", "Share good", share, formatPercent(share, 1), "good / measured requests"),
    ),
  );
}

/** An SLO's name in words ("ttft" → "Time to first token (ttft)"). */
export function profileSloName(name: string): string {
  const words: Record<string, string> = {
    ttft: "Time to first token",
    itl: "Inter-token latency",
    e2e: "Request latency",
    tpot: "Time per output token",
  };
  const known = words[name];
  return known === undefined ? name : `${known} (${name})`;
}

/** ms with two decimals ("6.02 ms"); "–" when absent. */
export function profileMsText(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "–" : `${value.toFixed(2)} ms`;
}

export function profileClientSection(profile: ProfileSection): HTMLElement {
  const client = profile.client;
  if (client === null) {
    return section(
      "The client's self-measurement",
      h("p", { class: "empty" }, "This profile's summary has no client self-measurement (monitors.client)."),
    );
  }
  const limits = client.thresholds;
  const verdict = client.isClientBound
    ? h(
        "div",
        { class: "warning", "data-testid": "client-bound-warning", role: "alert" },
        h("strong", null, "The client was the bottleneck: these figures measure the client, not the server."),
        h(
          "ul",
          null,
          ...client.reasons.map((reason) => h("li", { "data-testid": "client-bound-reason" }, reason)),
        ),
        "Spread the load over several client processes with --workers N, or lower the load, and profile again.",
      )
    : h(
        "p",
        { class: "ok-note", "data-testid": "client-not-bound" },
        "The client was not the bottleneck: its event-loop delay p99 stayed within " +
          `${limits.loopDelayP99Ms} ms and its CPU within ${limits.cpuCores} of a core.`,
      );
  return section(
    "The client's self-measurement",
    verdict,
    h(
      "div",
      { class: "kpis" },
      profileFigure(
        "client-loop-p50",
        "Event-loop delay p50",
        client.loopDelayP50Ms,
        profileMsText(client.loopDelayP50Ms),
      ),
      profileFigure(
        "client-loop-p99",
        "Event-loop delay p99",
        client.loopDelayP99Ms,
        profileMsText(client.loopDelayP99Ms),
        `limit ${limits.loopDelayP99Ms} ms`,
      ),
      profileFigure(
        "client-loop-max",
        "Event-loop delay max",
        client.loopDelayMaxMs,
        profileMsText(client.loopDelayMaxMs),
      ),
      profileFigure(
        "client-cpu",
        "Client CPU",
        client.cpuCores,
        client.cpuCores === null ? "–" : `${client.cpuCores.toFixed(2)} cores`,
        `limit ${limits.cpuCores} of a core`,
      ),
      profileFigure(
        "client-wall",
        "Measured over",
        client.wallS,
        client.wallS === null ? "–" : `${client.wallS.toFixed(2)} s`,
      ),
    ),
    client.workers.length === 0
      ? null
      : table(
          ["Worker", "Status", "Event-loop delay p99", "CPU", "Client-bound"],
          client.workers.map((worker) => [
            String(worker.worker),
            worker.status ?? "–",
            profileMsText(worker.loopDelayP99Ms),
            worker.cpuCores === null ? "–" : `${worker.cpuCores.toFixed(2)} cores`,
            worker.isClientBound ? h("span", { class: "fail" }, "yes") : "no",
          ]),
          { "data-testid": "client-workers" },
        ),
    h(
      "p",
      { class: "note" },
      "How late the client's timers fired while it sent the load, and the CPU it used: when either is high the " +
        "client, not the server, sets the latencies.",
    ),
  );
}
