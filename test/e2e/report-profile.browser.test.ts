// The profile report in headless Chromium: a real `llm-bench profile` against the mock server (injected faults, a
// warm-up, SLOs), its page written by `llm-bench report`, and every view checked against the files — points drawn
// per request, the percentile table cell by cell, totals, goodput and the client self-measurement — plus the
// client-bound warning on copies whose summary says the client was (or was not) the bottleneck.
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  type OpenedReport,
  openReport,
  saveScreenshot,
  showView,
} from "../../src/report/html/test-support/report-browser.js";
import { type MockServerProcess, runCli, startMockServerProcess } from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";

interface ExportLine {
  is_warmup: boolean;
  status: string;
  error_class: string | null;
  sent_at_ms: number;
  ttft_ms: number | null;
  itl_ms: number | null;
  e2e_latency_ms: number | null;
}

interface Summary {
  request_count: number;
  successful_requests: number;
  failed_requests: number;
  errors_by_class: Record<string, number>;
  duration_s: number;
  load_start_offset_ms: number;
  request_throughput_rps: number;
  output_token_throughput_tps: number;
  total_token_throughput_tps: number;
  target_request_rate_rps: number;
  achieved_request_rate_rps: number;
  goodput: { slos_ms: Record<string, number>; good_requests: number; goodput_rps: number };
  metrics: Record<string, Record<string, number | null>>;
  monitors: {
    client: {
      wall_s: number;
      loop_delay_p50_ms: number;
      loop_delay_p99_ms: number;
      loop_delay_max_ms: number;
      cpu_cores: number;
      is_client_bound: boolean;
      reasons: string[];
    };
  };
}

const VIEWS = ["over-time", "distributions", "throughput", "goodput"] as const;

let server: MockServerProcess;
let browser: Browser;
let runDir: string;
let summary: Summary;
let lines: ExportLine[];
/** The page of the profile as it ran, and of copies whose summary says the client was / was not the bottleneck. */
let reports: { real: string; bound: string; notBound: string };
const BOUND_REASONS = ["event-loop delay p99 42.0 ms > 10 ms", "client CPU 0.93 cores > 0.75"];

async function writeReport(dir: string, output: string): Promise<string> {
  const result = await runCli(["report", dir, "-o", output]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return output;
}

/** A copy of the profile whose summary's client verdict is replaced. */
function copyWithVerdict(name: string, isClientBound: boolean, reasons: string[]): string {
  const dir = join(mkdtempSync(join(tmpdir(), "report-profile-copy-")), name);
  cpSync(runDir, dir, { recursive: true });
  const edited = { ...summary, monitors: { ...summary.monitors, client: { ...summary.monitors.client } } };
  edited.monitors.client.is_client_bound = isClientBound;
  edited.monitors.client.reasons = reasons;
  writeFileSync(join(dir, "profile_summary.json"), JSON.stringify(edited, null, 2));
  return dir;
}

beforeAll(async () => {
  server = await startMockServerProcess([
    "--ttft-ms",
    "15",
    "--itl-ms",
    "2",
    "--ttft-stddev-ms",
    "5",
    "--itl-stddev-ms",
    "1",
    "--fault-rate",
    "0.06",
  ]);
  const outputDir = mkdtempSync(join(tmpdir(), "report-profile-"));
  const result = await runCli([
    "profile",
    "--base-url",
    server.url,
    "--isl",
    "32",
    "--osl",
    "12",
    "--request-rate",
    "120",
    "--num-requests",
    "300",
    "--warmup",
    "10",
    "--seed",
    "5",
    "--goodput",
    "ttft:25 e2e:60",
    "--output-dir",
    outputDir,
  ]);
  expect(result.stderr).not.toMatch(/internal error/);
  expect(result.code).toBe(0);
  runDir = onlyRunDir(outputDir);
  summary = readJson<Summary>(join(runDir, "profile_summary.json"));
  lines = readJsonLines<ExportLine>(join(runDir, "profile_export.jsonl"));
  const pages = mkdtempSync(join(tmpdir(), "report-profile-html-"));
  const [real, bound, notBound, launched] = await Promise.all([
    writeReport(runDir, join(pages, "real.html")),
    writeReport(copyWithVerdict("bound", true, BOUND_REASONS), join(pages, "bound.html")),
    writeReport(copyWithVerdict("not-bound", false, []), join(pages, "not-bound.html")),
    launchBrowser(),
  ]);
  reports = { real, bound, notBound };
  browser = launched;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Pixels of the chart's canvas within a small distance of `hex` (a series' colour): its data were drawn. */
async function pixelsOfColor(page: Page, testid: string, hex: string): Promise<number> {
  return await page.$eval(
    `[data-testid="${testid}"] canvas`,
    (canvas, color) => {
      const target = [1, 3, 5].map((at) => Number.parseInt(color.slice(at, at + 2), 16));
      const context = (canvas as HTMLCanvasElement).getContext("2d");
      if (context === null) return 0;
      const { data } = context.getImageData(
        0,
        0,
        (canvas as HTMLCanvasElement).width,
        (canvas as HTMLCanvasElement).height,
      );
      let count = 0;
      for (let at = 0; at < data.length; at += 4) {
        const distance =
          Math.abs((data[at] ?? 0) - (target[0] ?? 0)) +
          Math.abs((data[at + 1] ?? 0) - (target[1] ?? 0)) +
          Math.abs((data[at + 2] ?? 0) - (target[2] ?? 0));
        if ((data[at + 3] ?? 0) > 200 && distance < 60) count++;
      }
      return count;
    },
    hex,
  );
}

async function attribute(page: Page, selector: string, name: string): Promise<string | null> {
  return await page.getAttribute(selector, name);
}

async function dataValue(page: Page, testid: string): Promise<number> {
  return Number(await attribute(page, `[data-testid="${testid}"]`, "data-value"));
}

async function valueText(page: Page, testid: string): Promise<string> {
  return (await page.textContent(`[data-testid="${testid}"] .kpi-value`)) ?? "";
}

const BLUE = "#0072B2";
const VERMILLION = "#D55E00";
const GREEN = "#009E73";

describe("the profile report", () => {
  let opened: OpenedReport;
  beforeAll(async () => {
    opened = await openReport(browser, reports.real);
  });

  it("draws every request over time: measured, warm-up and failed requests each as a series", async () => {
    const { page } = opened;
    expect(
      await page.$$eval("[data-tab]", (tabs) => tabs.map((tab) => tab.getAttribute("data-tab"))),
    ).toEqual([...VIEWS]);
    await showView(page, "over-time");
    expect(lines.filter((line) => line.is_warmup)).toHaveLength(10);
    const failedMeasured = lines.filter((line) => !line.is_warmup && line.status !== "ok");
    expect(failedMeasured.length).toBeGreaterThan(0);
    for (const [testid, key] of [
      ["over-time-ttft", "ttft_ms"],
      ["over-time-itl", "itl_ms"],
      ["over-time-e2e", "e2e_latency_ms"],
    ] as const) {
      const drawn = lines.filter((line) => line[key] !== null).length;
      expect(Number(await attribute(page, `[data-testid="${testid}"]`, "data-points")), testid).toBe(drawn);
      await expect.poll(() => pixelsOfColor(page, testid, BLUE), { timeout: 5000 }).toBeGreaterThan(50);
    }
    // The failed requests (time to their error) are their own series of the request latency, and drawn.
    const legend = (await page.textContent('[data-testid="over-time-e2e"] .u-legend')) ?? "";
    expect(legend).toMatch(/warm-up/);
    expect(legend).toMatch(/failed/);
    expect(await pixelsOfColor(page, "over-time-e2e", VERMILLION)).toBeGreaterThan(0);
    expect(await page.textContent('[data-view="over-time"]')).toMatch(/10 warm-up requests \(left out/);
    await saveScreenshot(page, "profile-over-time");
  });

  it("shows the distributions of the measured answered requests and the summary's percentile table cell by cell", async () => {
    const { page } = opened;
    await showView(page, "distributions");
    for (const [name, key] of [
      ["ttft", "ttft_ms"],
      ["itl", "itl_ms"],
      ["e2e", "e2e_latency_ms"],
    ] as const) {
      const values = lines.filter((line) => !line.is_warmup && line.status === "ok" && line[key] !== null);
      // The same requests the summary counts.
      expect(values.length).toBe(summary.metrics[key]?.["count"]);
      for (const kind of ["histogram", "cdf"]) {
        const selector = `[data-testid="${kind}-${name}"]`;
        expect(Number(await attribute(page, selector, "data-count")), selector).toBe(values.length);
      }
      expect(Number(await attribute(page, `[data-testid="histogram-${name}"]`, "data-points"))).toBe(40);
      // Fewer than the CDF's 2,000-point cap: one point per value.
      expect(Number(await attribute(page, `[data-testid="cdf-${name}"]`, "data-points"))).toBe(values.length);
      await expect
        .poll(() => pixelsOfColor(page, `histogram-${name}`, BLUE), { timeout: 5000 })
        .toBeGreaterThan(50);
      expect(await pixelsOfColor(page, `cdf-${name}`, GREEN)).toBeGreaterThan(50);
    }
    const cells = await page.$$eval('[data-testid="percentile-table"] [data-testid="stat"]', (spans) =>
      spans.map((span) => ({
        metric: span.getAttribute("data-metric") ?? "",
        stat: span.getAttribute("data-stat") ?? "",
        value: span.getAttribute("data-value") ?? "",
        text: span.textContent ?? "",
      })),
    );
    const expected = Object.entries(summary.metrics).flatMap(([metric, stats]) =>
      Object.entries(stats).map(([stat, value]) => ({
        metric,
        stat,
        value: value === null ? "" : String(value),
        text: value === null ? "–" : stat === "count" ? String(value) : value.toFixed(2),
      })),
    );
    expect(expected.length).toBeGreaterThan(13 * 14 - 1);
    const byKey = (cell: { metric: string; stat: string }) => `${cell.metric}/${cell.stat}`;
    expect([...cells].sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual(
      [...expected].sort((a, b) => byKey(a).localeCompare(byKey(b))),
    );
    expect(await page.textContent('[data-testid="percentile-table"]')).toMatch(/Time to First Token \(ms\)/);
    await saveScreenshot(page, "profile-distributions");
  });

  it("shows throughput, requests in flight and errors over time, and the totals of the summary", async () => {
    const { page } = opened;
    await showView(page, "throughput");
    for (const [testid, key, unit] of [
      ["total-request-throughput", "request_throughput_rps", "req/s"],
      ["total-output-token-throughput", "output_token_throughput_tps", "tok/s"],
      ["total-total-token-throughput", "total_token_throughput_tps", "tok/s"],
      ["total-achieved-rate", "achieved_request_rate_rps", "req/s"],
      ["total-duration", "duration_s", "s"],
    ] as const) {
      expect(await dataValue(page, testid), testid).toBe(summary[key]);
      expect(await valueText(page, testid)).toBe(`${summary[key].toFixed(2)} ${unit}`);
    }
    expect(await dataValue(page, "total-requests")).toBe(summary.request_count);
    expect(await page.textContent('[data-testid="total-achieved-rate"]')).toContain(
      `target ${summary.target_request_rate_rps.toFixed(2)} req/s`,
    );
    const errorCounts = await page.$$eval('[data-testid="error-count"]', (spans) =>
      Object.fromEntries(
        spans.map((span) => [span.getAttribute("data-class"), Number(span.getAttribute("data-value"))]),
      ),
    );
    expect(errorCounts).toEqual(summary.errors_by_class);
    // One value per bucket from the load start to the last measured request's end.
    const measured = lines.filter((line) => !line.is_warmup);
    const bucketMs = Number(await attribute(page, '[data-testid="timeline-buckets"]', "data-bucket-ms"));
    const endMs = Math.max(
      ...measured.map(
        (line) => line.sent_at_ms - summary.load_start_offset_ms + Math.max(0, line.e2e_latency_ms ?? 0),
      ),
    );
    const buckets = Math.floor(endMs / bucketMs) + 1;
    expect(buckets).toBeGreaterThan(10);
    expect(buckets).toBeLessThanOrEqual(61);
    const errorClasses = new Set(
      measured.flatMap((line) => (line.error_class === null ? [] : [line.error_class])),
    );
    for (const [testid, series, color] of [
      ["throughput-requests", 1, BLUE],
      ["throughput-tokens", 2, GREEN],
      ["in-flight", 1, BLUE],
      ["errors-over-time", errorClasses.size, VERMILLION],
    ] as const) {
      expect(Number(await attribute(page, `[data-testid="${testid}"]`, "data-points")), testid).toBe(
        buckets * series,
      );
      await expect.poll(() => pixelsOfColor(page, testid, color), { timeout: 5000 }).toBeGreaterThan(20);
    }
    await saveScreenshot(page, "profile-throughput");
  });

  it("shows goodput against the SLOs and the client's self-measurement as the summary gives them", async () => {
    const { page } = opened;
    await showView(page, "goodput");
    const { goodput } = summary;
    expect(await dataValue(page, "goodput-rps")).toBe(goodput.goodput_rps);
    expect(await valueText(page, "goodput-rps")).toBe(`${goodput.goodput_rps.toFixed(2)} req/s`);
    expect(await dataValue(page, "good-requests")).toBe(goodput.good_requests);
    expect(await dataValue(page, "good-share")).toBe(goodput.good_requests / summary.request_count);
    expect(await valueText(page, "good-share")).toBe(
      `${((goodput.good_requests / summary.request_count) * 100).toFixed(1)}%`,
    );
    const slos = await page.$$eval('[data-testid="slo"]', (spans) =>
      Object.fromEntries(
        spans.map((span) => [span.getAttribute("data-slo"), Number(span.getAttribute("data-value"))]),
      ),
    );
    expect(slos).toEqual(goodput.slos_ms);
    expect(slos).toEqual({ ttft: 25, e2e: 60 });
    const client = summary.monitors.client;
    for (const [testid, value] of [
      ["client-loop-p50", client.loop_delay_p50_ms],
      ["client-loop-p99", client.loop_delay_p99_ms],
      ["client-loop-max", client.loop_delay_max_ms],
    ] as const) {
      expect(await dataValue(page, testid), testid).toBe(value);
      expect(await valueText(page, testid)).toBe(`${value.toFixed(2)} ms`);
    }
    expect(await dataValue(page, "client-cpu")).toBe(client.cpu_cores);
    expect(await valueText(page, "client-cpu")).toBe(`${client.cpu_cores.toFixed(2)} cores`);
    expect(await dataValue(page, "client-wall")).toBe(client.wall_s);
    // The verdict is the summary's (a loaded machine may make the real run client-bound).
    expect(await page.locator('[data-testid="client-bound-warning"]').count()).toBe(
      client.is_client_bound ? 1 : 0,
    );
    expect(await page.locator('[data-testid="client-not-bound"]').count()).toBe(
      client.is_client_bound ? 0 : 1,
    );
    await saveScreenshot(page, "profile-goodput");
  });

  it("made no request and logged no error", () => {
    expect(opened.errors).toEqual([]);
    expect(opened.requests).toEqual([]);
  });
});

describe("the client-bound warning", () => {
  it("is shown with its reasons when the summary says the client was the bottleneck", async () => {
    const { page, errors, requests } = await openReport(browser, reports.bound, "goodput");
    const warning = page.locator('[data-testid="client-bound-warning"]');
    expect(await warning.count()).toBe(1);
    expect(await warning.isVisible()).toBe(true);
    expect(await warning.getAttribute("class")).toBe("warning");
    expect(await page.locator('[data-testid="client-bound-reason"]').allTextContents()).toEqual(
      BOUND_REASONS,
    );
    expect(await page.locator('[data-testid="client-not-bound"]').count()).toBe(0);
    await saveScreenshot(page, "profile-goodput-client-bound");
    // The other views say so too, pointing at the client's view.
    await showView(page, "over-time");
    expect(await page.locator('[data-view="over-time"] [data-testid="client-bound-banner"]').count()).toBe(1);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("is absent, and the page says the client was not the bottleneck, when the summary says so", async () => {
    const { page, errors, requests } = await openReport(browser, reports.notBound, "goodput");
    expect(await page.locator('[data-testid="client-bound-warning"]').count()).toBe(0);
    expect(await page.textContent('[data-testid="client-not-bound"]')).toMatch(/not the bottleneck/);
    await showView(page, "over-time");
    expect(await page.locator('[data-testid="client-bound-banner"]').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });
});
