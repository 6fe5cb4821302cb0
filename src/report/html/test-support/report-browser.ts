// Opens generated reports in headless Chromium (Debian's `chromium`, driven by playwright-core: no browser
// download) for the report's browser tests: console errors and page errors collected, the page's ready mark
// awaited, a screenshot per view saved under test-artifacts/report/.
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

/** The browser's executable: LLM_BENCH_CHROMIUM, else Debian's. */
export function chromiumPath(): string {
  return process.env["LLM_BENCH_CHROMIUM"] ?? "/usr/bin/chromium";
}

/** Where the tests leave screenshots (the CI keeps them as artifacts). */
export const ARTIFACTS_DIR = resolve(import.meta.dirname, "../../../../test-artifacts/report");

export async function launchBrowser(): Promise<Browser> {
  const path = chromiumPath();
  if (!existsSync(path)) {
    throw new Error(
      `no Chromium at ${path}: run scripts/install-test-engines.sh (it installs Debian's chromium), or set LLM_BENCH_CHROMIUM.`,
    );
  }
  return await chromium.launch({
    executablePath: path,
    // No network, no background traffic, no GPU, a fresh profile per launch (playwright makes one).
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface OpenedReport {
  page: Page;
  /** Console errors and uncaught page errors, in order. */
  errors: string[];
  /** Requests the page made to anything but its own file (a self-contained report makes none). */
  requests: string[];
}

/** Opens `htmlPath` from file:// (at `#view` when given) and waits until the page says it is interactive. */
export async function openReport(browser: Browser, htmlPath: string, view?: string): Promise<OpenedReport> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  const requests: string[] = [];
  const url = pathToFileURL(resolve(htmlPath)).href;
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("request", (request) => {
    if (!request.url().startsWith(url)) requests.push(request.url());
  });
  await page.goto(view === undefined ? url : `${url}#${view}`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
  return { page, errors, requests };
}

/** Shows a view (its tab) and waits for it to be drawn. */
export async function showView(page: Page, view: string): Promise<void> {
  await page.click(`[data-tab="${view}"]`);
  await page.waitForSelector(`[data-view="${view}"][data-rendered]:not([hidden])`);
}

/** Saves a full-page screenshot as test-artifacts/report/<name>.png; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
