// The HTML report of a merged multi-client profile in headless Chromium: 2 `llm-bench profile --shard I/2` clients
// of the built CLI against the mock server, merged by `llm-bench merge`, the page written by `llm-bench report`. Its
// client view shows one row per client with the figures of profile_summary.json's `monitors.clients[]`, and the
// client-bound warning (and the other views' banner) on a copy whose summary says one client was the bottleneck.
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  openReport,
  saveScreenshot,
  showView,
} from "../../src/report/html/test-support/report-browser.js";
import { runCli, startMockServerProcess } from "./support/cli.js";
import { onlyRunDir, readJson } from "./support/run-dir.js";

interface ClientEntry {
  shard: string;
  directory: string;
  measured_requests: number;
  achieved_request_rate_rps: number | null;
  send_lag_ms: { p50: number | null; p99: number | null; max: number | null } | null;
  client: { loop_delay_p99_ms: number | null; cpu_cores: number } | null;
  is_client_bound: boolean;
  reasons: string[];
}

interface MergedSummary {
  monitors: { clients: ClientEntry[] };
  [key: string]: unknown;
}

const BOUND_REASONS = ["event-loop delay p99 42.0 ms > 10 ms"];

let browser: Browser;
let merged: string;
let summary: MergedSummary;
let reports: { merged: string; bound: string };

async function writeReport(dir: string, output: string): Promise<string> {
  const result = await runCli(["report", dir, "-o", output]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return output;
}

beforeAll(async () => {
  const server = await startMockServerProcess(["--ttft-ms", "5", "--itl-ms", "1"]);
  try {
    // Ahead enough for 2 CLI processes to start on a loaded 2-core machine.
    const startAt = new Date(Date.now() + 10_000).toISOString();
    const outputs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "report-merged-shard-")));
    const results = await Promise.all(
      outputs.map((outputDir, index) =>
        runCli([
          "profile",
          "--base-url",
          server.url,
          "--isl",
          "16",
          "--osl",
          "5",
          "--request-rate",
          "60",
          "--num-requests",
          "120",
          "--seed",
          "4",
          "--output-dir",
          outputDir,
          "--shard",
          `${index}/2`,
          "--start-at",
          startAt,
        ]),
      ),
    );
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    merged = join(mkdtempSync(join(tmpdir(), "report-merged-")), "merged");
    const merge = await runCli(["merge", ...outputs.map(onlyRunDir), "--output", merged]);
    expect(merge.code, merge.stderr).toBe(0);
  } finally {
    await server.stop();
  }
  summary = readJson<MergedSummary>(join(merged, "profile_summary.json"));
  // A copy whose summary says client 1/2 was the bottleneck, and client 0/2 was not.
  const bound = join(mkdtempSync(join(tmpdir(), "report-merged-bound-")), "bound");
  cpSync(merged, bound, { recursive: true });
  const clients = summary.monitors.clients.map((client) =>
    client.shard === "1/2"
      ? { ...client, is_client_bound: true, reasons: BOUND_REASONS }
      : { ...client, is_client_bound: false, reasons: [] },
  );
  writeFileSync(
    join(bound, "profile_summary.json"),
    JSON.stringify({ ...summary, monitors: { ...summary.monitors, clients } }, null, 2),
  );
  const pages = mkdtempSync(join(tmpdir(), "report-merged-html-"));
  const [mergedPage, boundPage, launched] = await Promise.all([
    writeReport(merged, join(pages, "merged.html")),
    writeReport(bound, join(pages, "bound.html")),
    launchBrowser(),
  ]);
  reports = { merged: mergedPage, bound: boundPage };
  browser = launched;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Each row's `data-value` of the cells marked `testid`, in row order (null where the cell is empty). */
async function columnValues(page: Page, testid: string): Promise<(number | null)[]> {
  return await page.$$eval(`[data-testid="client-shards"] [data-testid="${testid}"]`, (cells) =>
    cells.map((cell) => {
      const value = cell.getAttribute("data-value");
      return value === null || value === "" ? null : Number(value);
    }),
  );
}

const msText = (value: number | null): string => (value === null ? "–" : `${value.toFixed(2)} ms`);

describe("the report of a merged multi-client profile", () => {
  it("shows one row per client with the figures of monitors.clients[]", async () => {
    const { page, errors, requests } = await openReport(browser, reports.merged, "goodput");
    const clients = summary.monitors.clients;
    expect(clients.map((client) => client.shard)).toEqual(["0/2", "1/2"]);
    expect(await page.locator('[data-testid="client-shards"] tbody tr').count()).toBe(2);
    expect(await page.locator('[data-testid="client-shard"]').allTextContents()).toEqual(["0/2", "1/2"]);
    expect(await columnValues(page, "client-shard-requests")).toEqual(
      clients.map((client) => client.measured_requests),
    );
    expect(clients.reduce((sum, client) => sum + client.measured_requests, 0)).toBe(120);
    expect(await columnValues(page, "client-shard-rate")).toEqual(
      clients.map((client) => client.achieved_request_rate_rps),
    );
    expect(await page.locator('[data-testid="client-shard-rate"]').allTextContents()).toEqual(
      clients.map((client) => `${(client.achieved_request_rate_rps ?? 0).toFixed(2)} req/s`),
    );
    for (const [testid, key] of [
      ["client-shard-lag-p50", "p50"],
      ["client-shard-lag-p99", "p99"],
      ["client-shard-lag-max", "max"],
    ] as const) {
      const expected = clients.map((client) => client.send_lag_ms?.[key] ?? null);
      expect(await columnValues(page, testid), testid).toEqual(expected);
      expect(await page.locator(`[data-testid="${testid}"]`).allTextContents()).toEqual(expected.map(msText));
    }
    expect(await columnValues(page, "client-shard-loop-p99")).toEqual(
      clients.map((client) => client.client?.loop_delay_p99_ms ?? null),
    );
    expect(await columnValues(page, "client-shard-cpu")).toEqual(
      clients.map((client) => client.client?.cpu_cores ?? null),
    );
    for (const client of clients) expect(typeof client.client?.cpu_cores).toBe("number");
    expect(await page.locator('[data-testid="client-shard-bound"]').allTextContents()).toEqual(
      clients.map((client) => (client.is_client_bound ? "yes" : "no")),
    );
    // The verdict is the summary's (a loaded machine may make a real client client-bound).
    const isBound = clients.some((client) => client.is_client_bound);
    expect(await page.locator('[data-testid="client-bound-warning"]').count()).toBe(isBound ? 1 : 0);
    expect(await page.locator('[data-testid="client-not-bound"]').count()).toBe(isBound ? 0 : 1);
    expect(await page.textContent('[data-view="goodput"]')).not.toMatch(/no client self-measurement/);
    await saveScreenshot(page, "profile-merged-clients");
    for (const view of ["over-time", "distributions", "throughput"]) await showView(page, view);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("warns, naming the client, when one client was client-bound", async () => {
    const { page, errors, requests } = await openReport(browser, reports.bound, "goodput");
    const warning = page.locator('[data-testid="client-bound-warning"]');
    expect(await warning.count()).toBe(1);
    expect(await warning.isVisible()).toBe(true);
    expect(await page.locator('[data-testid="client-bound-reason"]').allTextContents()).toEqual(
      BOUND_REASONS.map((reason) => `client 1/2: ${reason}`),
    );
    expect(await page.locator('[data-testid="client-shard-bound"]').nth(1).textContent()).toBe("yes");
    await saveScreenshot(page, "profile-merged-client-bound");
    await showView(page, "over-time");
    expect(await page.locator('[data-view="over-time"] [data-testid="client-bound-banner"]').count()).toBe(1);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });
});
