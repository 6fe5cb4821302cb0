// The run report's sample browser in headless Chromium: a real MMLU run (300 samples, faults injected so some
// requests fail) written as a report by the CLI, its filters, search, virtualised list and sample detail checked
// against the run's journal (samples.jsonl).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SampleRecord } from "../../src/core/sample-record.js";
import type { SampleStatus } from "../../src/report/html/report-model.js";
import { sampleStatus } from "../../src/report/html/sample-data.js";
import {
  launchBrowser,
  type OpenedReport,
  openReport,
  saveScreenshot,
} from "../../src/report/html/test-support/report-browser.js";
import { hasSharedData, journalOf, runCli, sharedData, startMockServerProcess } from "./support/cli.js";
import { onlyRunDir } from "./support/run-dir.js";

const LIST = '[data-testid="sample-list"]';
const ROW = '[data-testid="sample-row"]';

/** What the browser's search looks in: id, prompt, response, extracted answer and gold, lower-cased. */
function searchable(record: SampleRecord): string[] {
  const prompt = record.prompt;
  const promptTexts =
    prompt.type === "chat"
      ? prompt.messages.map((message) => message.content)
      : prompt.type === "completion"
        ? [prompt.text]
        : [prompt.tail];
  return [record.id, ...promptTexts, record.response, record.extracted ?? "", record.gold].map((text) =>
    text.toLowerCase(),
  );
}

function matchCount(samples: readonly SampleRecord[], query: string): number {
  const wanted = query.toLowerCase();
  return samples.filter((record) => searchable(record).some((text) => text.includes(wanted))).length;
}

async function listCount(page: Page): Promise<number> {
  return Number(await page.locator(LIST).getAttribute("data-count"));
}

async function rowIds(page: Page): Promise<string[]> {
  return await page
    .locator(ROW)
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-sample-id") ?? ""));
}

describe.skipIf(!hasSharedData)("run report: the sample browser", () => {
  let browser: Browser | undefined;
  let report: OpenedReport;
  /** The journal's samples, the last record of each id (the report's rule), in journal order. */
  let samples: SampleRecord[];
  const byStatus = (status: SampleStatus): SampleRecord[] =>
    samples.filter((record) => sampleStatus(record) === status);

  beforeAll(async () => {
    const server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "mmlu",
      "--data-dir",
      sharedData,
      "--fault-rate",
      "0.1",
    ]);
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-report-samples-"));
    try {
      const run = await runCli([
        "run",
        "mmlu",
        "--base-url",
        server.url,
        "--data-dir",
        sharedData,
        "--limit",
        "300",
        "--max-retries",
        "0",
        "--output-dir",
        outputDir,
      ]);
      expect(run.stderr).not.toMatch(/internal error/);
      // Requests that failed (the injected faults) leave the run incomplete: exit 1, the samples journalled.
      expect(run.code).toBe(1);
    } finally {
      await server.stop();
    }
    const runDir = onlyRunDir(outputDir);
    const reportPath = join(outputDir, "report.html");
    const written = await runCli(["report", runDir, "-o", reportPath]);
    expect(written.stderr).toBe("");
    expect(written.code).toBe(0);
    const latest = new Map<string, SampleRecord>();
    for (const record of journalOf<SampleRecord>(runDir)) latest.set(record.id, record);
    samples = [...latest.values()];
    browser = await launchBrowser();
    report = await openReport(browser, reportPath, "samples");
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lists every journalled sample and counts each status as the journal has it", async () => {
    const { page } = report;
    expect(samples).toHaveLength(300);
    expect(await listCount(page)).toBe(samples.length);
    expect(await page.getByTestId("sample-count").textContent()).toBe("300 of 300 samples");
    for (const status of ["correct", "incorrect", "unparsed", "truncated", "error"] as const) {
      const button = page.getByTestId(`filter-status-${status}`);
      expect(await button.getAttribute("data-value"), status).toBe(String(byStatus(status).length));
    }
    // The run had both failed requests and wrong answers, so the filters below have something to tell apart.
    expect(byStatus("error").length).toBeGreaterThan(0);
    expect(byStatus("incorrect").length).toBeGreaterThan(0);
  });

  it("keeps only the visible rows in the DOM and draws later ones when scrolled", async () => {
    const { page } = report;
    const first = await rowIds(page);
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(100);
    expect(first[0]).toBe(samples[0]?.id);
    await page.locator(LIST).evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    const lastId = samples.at(-1)?.id;
    await expect.poll(async () => (await rowIds(page)).includes(lastId ?? "")).toBe(true);
    const later = await rowIds(page);
    expect(later.length).toBeLessThan(100);
    expect(later).not.toContain(samples[0]?.id);
    // The row drawn for the last sample is inside the list's visible box.
    const listBox = await page.locator(LIST).boundingBox();
    const rowBox = await page.locator(`${ROW}[data-sample-id="${lastId}"]`).boundingBox();
    expect(listBox).not.toBeNull();
    expect(rowBox).not.toBeNull();
    if (listBox !== null && rowBox !== null) {
      expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
      expect(rowBox.y).toBeGreaterThanOrEqual(listBox.y);
    }
  });

  it("filters by task: exactly that task's samples", async () => {
    const { page } = report;
    const perTask = new Map<string, number>();
    for (const record of samples) perTask.set(record.task, (perTask.get(record.task) ?? 0) + 1);
    const [task, count] = [...perTask].sort((left, right) => right[1] - left[1])[0] ?? ["", 0];
    await page.getByTestId("filter-task").selectOption(task);
    await expect.poll(() => listCount(page)).toBe(count);
    const taskIds = new Set(samples.filter((record) => record.task === task).map((record) => record.id));
    const shown = await rowIds(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const id of shown) expect(taskIds.has(id), id).toBe(true);
    await page.getByTestId("filter-task").selectOption("");
    await expect.poll(() => listCount(page)).toBe(samples.length);
  });

  it("filters by status: the incorrect ones, then incorrect and error together", async () => {
    const { page } = report;
    const incorrect = byStatus("incorrect");
    const errors = byStatus("error");
    await page.getByTestId("filter-status-incorrect").click();
    await expect.poll(() => listCount(page)).toBe(incorrect.length);
    const incorrectIds = new Set(incorrect.map((record) => record.id));
    for (const id of await rowIds(page)) expect(incorrectIds.has(id), id).toBe(true);
    await page.getByTestId("filter-status-error").click();
    await expect.poll(() => listCount(page)).toBe(incorrect.length + errors.length);
    await page.getByTestId("filter-status-incorrect").click();
    await page.getByTestId("filter-status-error").click();
    await expect.poll(() => listCount(page)).toBe(samples.length);
  });

  it("searches ids and texts, case-insensitively", async () => {
    const { page } = report;
    const unique = samples.find((record) => matchCount(samples, record.id) === 1);
    expect(unique).toBeDefined();
    await page.getByTestId("sample-search").fill(unique?.id.toUpperCase() ?? "");
    await expect.poll(() => listCount(page)).toBe(1);
    expect(await rowIds(page)).toEqual([unique?.id]);
    const phrase = "WHICH OF THE FOLLOWING";
    const expected = matchCount(samples, phrase);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(samples.length);
    await page.getByTestId("sample-search").fill(phrase);
    await expect.poll(() => listCount(page)).toBe(expected);
    // Search and status filter together: the counts on the status buttons follow the search.
    const expectedErrors = byStatus("error").filter((record) => matchCount([record], phrase) === 1).length;
    expect(await page.getByTestId("filter-status-error").getAttribute("data-value")).toBe(
      String(expectedErrors),
    );
    await page.getByTestId("sample-search").fill("");
    await expect.poll(() => listCount(page)).toBe(samples.length);
  });

  it("opens a sample's detail on click and moves to the next with the arrow key", async () => {
    const { page } = report;
    // A graded sample near the top (drawn without scrolling) that is not the last.
    const position = samples.findIndex(
      (record, index) => index > 0 && index < 8 && record.status === "ok" && record.extracted !== null,
    );
    const chosen = samples[position];
    const next = samples[position + 1];
    if (chosen === undefined || next === undefined) throw new Error("no graded sample among the first eight");
    await page.locator(`${ROW}[data-sample-id="${chosen.id}"]`).click();
    const detail = page.locator(`[data-testid="sample-detail"][data-sample-id="${chosen.id}"]`);
    await detail.waitFor();
    expect(await detail.locator('[data-field="response"]').textContent()).toBe(chosen.response);
    expect(await detail.locator('[data-field="extracted"]').textContent()).toBe(chosen.extracted);
    expect(await detail.locator('[data-field="gold"]').textContent()).toBe(chosen.gold);
    expect(await detail.locator('[data-field="status"]').textContent()).toBe(sampleStatus(chosen));
    // The prompt: the question turn shown, the five shots' turns (ten) folded away above it.
    if (chosen.prompt.type !== "chat") throw new Error("MMLU prompts are chat prompts here");
    const messages = chosen.prompt.messages;
    const prompt = detail.locator('[data-field="prompt"]');
    expect(await prompt.locator(":scope > .turn pre").allTextContents()).toEqual([
      messages[messages.length - 1]?.content,
    ]);
    expect(await prompt.locator("details.earlier-turns summary").textContent()).toBe(
      `${messages.length - 1} earlier turns (few-shot examples or history)`,
    );
    expect(await prompt.locator("details.earlier-turns .turn pre").allTextContents()).toEqual(
      messages.slice(0, -1).map((message) => message.content),
    );
    await page.keyboard.press("ArrowDown");
    await page.locator(`[data-testid="sample-detail"][data-sample-id="${next.id}"]`).waitFor();
    expect(
      await page
        .locator(`${ROW}[aria-selected="true"]`)
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-sample-id"))),
    ).toEqual([next.id]);
    await saveScreenshot(page, "run-samples");
  });

  it("made no console errors and no requests", () => {
    expect(report.errors).toEqual([]);
    expect(report.requests).toEqual([]);
  });
});
