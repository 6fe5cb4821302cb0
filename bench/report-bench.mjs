// `npm run bench:report`: the HTML report of the full MMLU test set (14,042 samples, 5-shot prompts) run through
// the oracle mock server — its size against the 15 MB budget, the time `llm-bench report` takes to write it, and
// the time headless Chromium (Debian's, through playwright-core) takes from navigation to an interactive page
// against the 2 s budget, and to the samples part read; then the sample browser: the Samples tab shown, a search
// typed. Median of BENCH_RUNS page loads (default 5), each in a fresh page.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { median, sharedData as shared, startMockServer, timedCliRun } from "./support.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const chromiumPath = process.env.LLM_BENCH_CHROMIUM ?? "/usr/bin/chromium";
const MB = 1024 * 1024;

if (!existsSync(join(shared, "mmlu/test"))) {
  console.error(`No MMLU data at ${shared}; set LLM_BENCH_SHARED_DATA.`);
  process.exit(2);
}
if (!existsSync(chromiumPath)) {
  console.error(
    `No Chromium at ${chromiumPath}: run scripts/install-test-engines.sh, or set LLM_BENCH_CHROMIUM.`,
  );
  process.exit(2);
}

const { child: server, url } = await startMockServer([
  "--oracle-benchmarks",
  "mmlu",
  "--oracle-accuracy",
  "0.7",
  "--data-dir",
  shared,
]);
const outputDir = mkdtempSync(join(tmpdir(), "bench-report-"));
let runDir;
try {
  await timedCliRun([
    "run",
    "mmlu",
    "--n-shots",
    "5",
    "--base-url",
    url,
    "--data-dir",
    shared,
    "--concurrency",
    "64",
    "--output-dir",
    outputDir,
    "-q",
  ]);
  runDir = join(outputDir, readdirSync(outputDir)[0]);
} finally {
  server.kill();
}

const reportPath = join(outputDir, "report.html");
const writes = [];
for (let index = 0; index < 3; index++) writes.push(await timedCliRun(["report", runDir, "-o", reportPath]));
const bytes = statSync(reportPath).size;
const journalBytes = statSync(join(runDir, "samples.jsonl")).size;

const browser = await chromium.launch({
  executablePath: chromiumPath,
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
const loads = [];
const samplesReady = [];
const samplesTab = [];
const searches = [];
try {
  for (let index = 0; index < runs; index++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(pathToFileURL(reportPath).href);
    await page.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
    loads.push(await page.evaluate(() => window.llmBenchReportReadyMs));
    // The samples part (texts and samples), read after the first view is drawn.
    await page.waitForSelector("body[data-samples-ready=true]", { timeout: 60_000 });
    samplesReady.push(await page.evaluate(() => performance.now()));
    // The sample browser: from the click on its tab to its list drawn.
    const tabStarted = await page.evaluate(() => performance.now());
    await page.click('[data-tab="samples"]');
    await page.waitForSelector('[data-testid="sample-row"]');
    samplesTab.push((await page.evaluate(() => performance.now())) - tabStarted);
    // A search over every sample's texts: from the typing to the list's new count.
    const before = await page.getAttribute('[data-testid="sample-list"]', "data-count");
    const searchStarted = await page.evaluate(() => performance.now());
    await page.fill('[data-testid="sample-search"]', "photosynthesis");
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="sample-list"]')?.getAttribute("data-count") !== count,
      before,
    );
    searches.push((await page.evaluate(() => performance.now())) - searchStarted);
    if (errors.length > 0) throw new Error(`the page logged errors: ${errors.join("; ")}`);
    await page.close();
  }
} finally {
  await browser.close();
}

const cpu = cpus()[0]?.model ?? "unknown CPU";
const samples = JSON.parse(readFileSync(join(runDir, "mmlu.json"), "utf8")).num_samples;
console.log(`machine: ${cpus().length} × ${cpu}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB, ${chromiumPath}`);
console.log(`full MMLU run: ${samples} samples, journal ${(journalBytes / MB).toFixed(1)} MB`);
console.log(
  `report.html: ${(bytes / MB).toFixed(2)} MB (budget 15 MB: ${((bytes / (15 * MB)) * 100).toFixed(0)}%); ` +
    `llm-bench report wall ${median(writes.map((run) => run.wallS)).toFixed(2)} s median of 3, ` +
    `peak RSS ${median(writes.map((run) => run.peakMb)).toFixed(0)} MB`,
);
console.log(
  `interactive after ${median(loads).toFixed(0)} ms median of ${runs} (budget 2000 ms: ` +
    `${((median(loads) / 2000) * 100).toFixed(0)}%; runs ${loads.map((ms) => ms.toFixed(0)).join(", ")})`,
);
console.log(`samples part read ${median(samplesReady).toFixed(0)} ms after navigation (median)`);
console.log(
  `samples tab drawn in ${median(samplesTab).toFixed(0)} ms; search over all samples ${median(searches).toFixed(0)} ms (medians)`,
);
const isOver = bytes > 15 * MB || median(loads) > 2000;
if (isOver) console.log("OVER BUDGET");
process.exit(isOver ? 1 : 0);
