#!/usr/bin/env node
// The README's pictures of the HTML report: two oracle runs of MMLU and GSM8K against the mock server (the second
// less accurate, same seed), a profile against it, their reports, and a screenshot of each view of each report in
// headless Chromium (Debian's, through playwright-core), written to docs/images/report-<kind>-<view>.jpg.
// Needs the build (`npm run build`) and ../shared/data (LLM_BENCH_SHARED_DATA).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { cli, root, sharedData, startMockServer } from "../bench/support.mjs";

const imagesDir = join(root, "docs/images");
const work = mkdtempSync(join(tmpdir(), "report-screenshots-"));

function llmBench(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    child.on("exit", (code) =>
      code === 0 || code === 1 ? resolve() : reject(new Error(`llm-bench ${args[0]}: ${code}`)),
    );
  });
}

/** A run against a fresh oracle server; returns its directory, renamed `name`. */
async function oracleRun(name, accuracy, extraServerArgs = []) {
  const { child, url } = await startMockServer([
    "--oracle-benchmarks",
    "mmlu,gsm8k",
    "--oracle-accuracy",
    accuracy,
    "--oracle-seed",
    "7",
    "--data-dir",
    sharedData,
    "--ttft-ms",
    "40",
    "--itl-ms",
    "8",
    ...extraServerArgs,
  ]);
  try {
    const outputDir = join(work, name);
    await llmBench([
      "run",
      "mmlu",
      "gsm8k",
      "--base-url",
      url,
      "--data-dir",
      sharedData,
      "--limit",
      "400",
      "--concurrency",
      "16",
      "--max-retries",
      "0",
      "--output-dir",
      outputDir,
      "-q",
    ]);
    return join(
      outputDir,
      readdirSync(outputDir).find((entry) => !entry.endsWith(".json")),
    );
  } finally {
    child.kill();
  }
}

const baseline = await oracleRun("baseline", "0.72");
const candidate = await oracleRun("candidate", "0.64", ["--fault-rate", "0.02"]);
const { child: server, url } = await startMockServer(["--ttft-ms", "30", "--itl-ms", "6"]);
const profileDir = join(work, "profile");
try {
  await llmBench([
    "profile",
    "--base-url",
    url,
    "--isl",
    "200",
    "--osl",
    "60",
    "--num-requests",
    "600",
    "--concurrency",
    "24",
    "--goodput",
    "ttft:60 e2e:600",
    "--output-dir",
    profileDir,
    "-q",
  ]);
} finally {
  server.kill();
}
const profile = join(profileDir, readdirSync(profileDir)[0]);

const pages = {
  run: join(work, "run.html"),
  profile: join(work, "profile.html"),
  comparison: join(work, "comparison.html"),
};
await llmBench(["report", baseline, "-o", pages.run]);
await llmBench(["report", profile, "-o", pages.profile]);
await llmBench(["report", baseline, candidate, "-o", pages.comparison]);

mkdirSync(imagesDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.LLM_BENCH_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  for (const [kind, path] of Object.entries(pages)) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(pathToFileURL(path).href);
    await page.waitForSelector("body[data-samples-ready=true]");
    const views = await page.$$eval("[data-tab]", (tabs) => tabs.map((tab) => tab.getAttribute("data-tab")));
    for (const view of views) {
      await page.click(`[data-tab="${view}"]`);
      await page.waitForSelector(`[data-view="${view}"][data-rendered]:not([hidden])`);
      if (kind === "run" && view === "samples") await page.click('[data-testid="sample-row"] >> nth=2');
      if (kind === "comparison" && view === "flips") await page.click('[data-testid="flip-row"] >> nth=0');
      await page.waitForTimeout(200);
      const file = join(imagesDir, `report-${kind}-${view}.jpg`);
      await page.screenshot({ path: file, type: "jpeg", quality: 82 });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
