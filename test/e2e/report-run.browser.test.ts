// End to end in headless Chromium: a real oracle run of MMLU and GSM8K (`run --html`), and its page from
// `llm-bench report --references` (a few requests faulted and retried): the figures on the page — the faults row
// too — equal the result files and `gate --json`, the charts are drawn, nothing is fetched, no console error; a
// screenshot of each view is left in test-artifacts/report/.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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
import { hasSharedData, runAgainstOracle, runCli, sharedData } from "./support/cli.js";

interface ResultFile {
  accuracy: number;
  accuracy_ci95: [number, number];
  num_samples: number;
  tasks: { task: string; correct: number; total: number }[];
  aggregated_metrics: Record<string, number | null>;
  server_metrics?: Record<string, unknown>;
  faults: { requests_retried: number; samples_retried: number; by_class: Record<string, number> };
}

const percent = (fraction: number): string => `${(fraction * 100).toFixed(2)}%`;

/** Painted pixels of a chart's canvas (uPlot draws axes, grid and series on it). */
async function paintedPixels(page: Page, testid: string): Promise<number> {
  return await page.$eval(`[data-testid="${testid}"] canvas`, (canvas) => {
    const element = canvas as HTMLCanvasElement;
    const context = element.getContext("2d");
    if (context === null) return 0;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let painted = 0;
    for (let at = 3; at < data.length; at += 4) if ((data[at] ?? 0) > 0) painted++;
    return painted;
  });
}

describe.skipIf(!hasSharedData)("a run's report in headless Chromium", () => {
  let browser: Browser;
  let runDir: string;
  let reportPath: string;
  let mmlu: ResultFile;
  let gsm8k: ResultFile;
  let htmlStdout: string;
  let gateRows: { benchmark: string; verdict: string }[] = [];

  beforeAll(async () => {
    runDir = await runAgainstOracle({
      benchmarks: ["mmlu", "gsm8k"],
      dataDir: sharedData,
      accuracy: "0.7",
      // A few faults, every one retried (6 retries: a sample fails only after 7 in a row), for the faults row.
      serverArgs: [
        "--oracle-seed",
        "5",
        "--fault-rate",
        "http-503=0.03,reset-mid-stream=0.02",
        "--fault-seed",
        "3",
      ],
      runArgs: ["--limit", "300", "--html", "-q", "--scrape-prometheus", "--max-retries", "6"],
    });
    mmlu = JSON.parse(readFileSync(join(runDir, "mmlu.json"), "utf8")) as ResultFile;
    gsm8k = JSON.parse(readFileSync(join(runDir, "gsm8k.json"), "utf8")) as ResultFile;
    const references = mkdtempSync(join(tmpdir(), "report-refs-"));
    // One reference the run passes (well below it) and one it fails (well above it).
    writeFileSync(join(references, "mmlu.yaml"), "mock-model:\n  - accuracy: 40.0\n");
    writeFileSync(join(references, "gsm8k.yaml"), "mock-model:\n  - accuracy: 99.0\n");
    reportPath = join(mkdtempSync(join(tmpdir(), "report-run-")), "page.html");
    const written = await runCli(["report", runDir, "--references", references, "-o", reportPath]);
    expect(written.stderr).toBe("");
    expect(written.code).toBe(0);
    htmlStdout = written.stdout;
    const gate = await runCli(["gate", runDir, "--references", references, "--json"]);
    gateRows = JSON.parse(gate.stdout) as { benchmark: string; verdict: string }[];
    browser = await launchBrowser();
  }, 170_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("writes the page where asked, and `run --html` wrote one into the run directory", () => {
    expect(htmlStdout).toMatch(new RegExp(`^Report \\(run, [0-9.]+ kB\\): ${reportPath}\\n$`));
    expect(readFileSync(join(runDir, "report.html"), "utf8")).toMatch(/^<!doctype html>/);
  });

  it("shows each benchmark's accuracy, CI, and per-task figures as the result files give them", async () => {
    const { page, errors, requests } = await openReport(browser, reportPath);
    for (const [name, file] of [
      ["mmlu", mmlu],
      ["gsm8k", gsm8k],
    ] as const) {
      const summary = page.locator(`[data-testid="summary-${name}"]`);
      await expect(summary.locator('[data-testid="accuracy"]').textContent()).resolves.toBe(
        percent(file.accuracy),
      );
      await expect(summary.locator('[data-testid="accuracy-ci"]').textContent()).resolves.toBe(
        `[${percent(file.accuracy_ci95[0])}, ${percent(file.accuracy_ci95[1])}]`,
      );
      await expect(summary.locator('[data-testid="num-samples"]').textContent()).resolves.toBe(
        String(file.num_samples),
      );
      expect(file.faults.requests_retried).toBeGreaterThan(0);
      await expect(summary.locator('[data-testid="requests-retried"]').textContent()).resolves.toBe(
        `${file.faults.requests_retried} retried`,
      );
      await expect(summary.locator('[data-testid="faults-by-class"]').textContent()).resolves.toBe(
        Object.entries(file.faults.by_class)
          .map(([fault, count]) => `${fault} ×${count}`)
          .join(", "),
      );
      const notes = await page
        .locator(`[data-testid="tasks-${name}"] g[data-row] text.note`)
        .allTextContents();
      expect(notes).toEqual([
        `${percent(file.accuracy)} of ${file.num_samples}`,
        ...file.tasks.map((task) => `${percent(task.correct / task.total)} · ${task.correct}/${task.total}`),
      ]);
    }
    expect(mmlu.tasks.length).toBeGreaterThan(40);
    await saveScreenshot(page, "run-accuracy");
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("shows the gate verdicts `llm-bench gate` gives", async () => {
    const { page, errors } = await openReport(browser, reportPath);
    const verdicts = await page.$$eval('[data-testid="gate-verdict"]', (cells) =>
      cells.map((cell) => ({ benchmark: cell.getAttribute("data-task"), verdict: cell.textContent })),
    );
    expect(verdicts).toEqual(gateRows.map((row) => ({ benchmark: row.benchmark, verdict: row.verdict })));
    expect(verdicts.map((row) => row.verdict)).toEqual(["PASS", "FAIL"]);
    expect(errors).toEqual([]);
  });

  it("draws the serving figures: the files' percentiles, latency histograms and CDFs, the timeline", async () => {
    const { page, errors, requests } = await openReport(browser, reportPath, "serving");
    for (const [name, file] of [
      ["mmlu", mmlu],
      ["gsm8k", gsm8k],
    ] as const) {
      for (const key of ["ttft_p50_ms", "ttft_p99_ms", "latency_mean_ms", "latency_p95_ms"]) {
        const values = await page.$$eval(`[data-testid="serving-table"] [data-metric="${key}"]`, (cells) =>
          cells.map((cell) => cell.getAttribute("data-value")),
        );
        expect(values[name === "mmlu" ? 0 : 1]).toBe(String(file.aggregated_metrics[key]));
      }
    }
    const journalLines = readFileSync(join(runDir, "samples.jsonl"), "utf8").trim().split("\n").length;
    for (const testid of ["histogram-ttft", "cdf-ttft", "histogram-e2e", "cdf-e2e"]) {
      const points = Number(await page.getAttribute(`[data-testid="${testid}"]`, "data-points"));
      expect(points, testid).toBeGreaterThan(0);
      expect(await paintedPixels(page, testid), testid).toBeGreaterThan(1000);
    }
    // The histogram's bars count every answered request once.
    const counts = await page.evaluate(() => {
      const figure = document.querySelector('[data-testid="histogram-e2e"] figcaption');
      return figure?.textContent ?? "";
    });
    expect(counts).toContain(`(${journalLines} requests)`);
    for (const testid of ["timeline-throughput", "timeline-in-flight"]) {
      expect(await paintedPixels(page, testid), testid).toBeGreaterThan(1000);
    }
    await expect(page.locator('[data-testid="timeline-errors"]').textContent()).resolves.toBe(
      "No request failed.",
    );
    // The server's own metrics, scraped before and after each benchmark: the file's scalar figures, in its order.
    for (const [name, file] of [
      ["mmlu", mmlu],
      ["gsm8k", gsm8k],
    ] as const) {
      const scraped = Object.entries(file.server_metrics ?? {}).filter(
        ([, value]) => typeof value === "number" || typeof value === "string" || value === null,
      );
      expect(scraped.length).toBeGreaterThan(3);
      const rows = await page.$$eval(`[data-testid="server-metrics-${name}"] tbody tr`, (trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)),
      );
      expect(rows).toEqual(
        scraped.map(([metric, value]) => [
          metric,
          typeof value === "number" ? value.toFixed(3) : value === null ? "–" : String(value),
        ]),
      );
    }
    await saveScreenshot(page, "run-serving");
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("switches views by tab without drawing a view twice", async () => {
    const { page, errors } = await openReport(browser, reportPath);
    await showView(page, "serving");
    await showView(page, "accuracy");
    await showView(page, "serving");
    expect(await page.locator('[data-view="serving"]').count()).toBe(1);
    expect(await page.locator('[data-view="accuracy"]').isHidden()).toBe(true);
    expect(errors).toEqual([]);
  });
});
