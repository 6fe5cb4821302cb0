/// <reference lib="dom" />
// The profile report's "Throughput" view: the summary's totals (request, output and total token throughput, the
// achieved against the target rate, failures by class) and, over the measured requests' timeline, throughput (with
// aiperf's dispersed output tokens), requests in flight and errors by class. Client code: exported function
// declarations only (see dom.ts).
import type { ProfileSection } from "../profile-report-data.js";
import { chart, errorsOverTimeChart, inFlightChart, seriesColor, timelineAxis } from "./charts.js";
import { formatPercent, h, section, table } from "./dom.js";
import { profileClientBoundBanner, profileFigure, profileRate } from "./profile-view.js";

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
  const { x, perSecond, bucket } = timelineAxis(timeline);
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
      inFlightChart(timeline, {
        title: "Requests in flight over time",
        testid: "in-flight",
        xLabel,
        label: "in flight (mean over the bucket)",
        widthShare: 0.5,
      }),
      errorsOverTimeChart(timeline, {
        title: "Errors by class over time",
        testid: "errors-over-time",
        xLabel,
        yLabel: "failed requests",
        none: "No measured request failed.",
        widthShare: 0.5,
      }),
    ),
  ];
}
