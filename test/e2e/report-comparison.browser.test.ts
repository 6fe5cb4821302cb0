// The comparison report in headless Chromium: three oracle runs of BBH and GSM8K (`--limit 400`: a baseline at
// 0.70, a candidate at 0.60 with the same seed — nested verdicts, flips one way — and one at 0.50 with another seed,
// flips both ways) at different latencies; `llm-bench report` of two and of three of them. The page's paired figures
// must equal `compare --json`'s (overall) and the journals' (per task), the flip lists the journals' flips, an opened
// flip both journals' responses, the latency table the journals' timings; charts drawn, no errors, no requests.
import { existsSync, mkdtempSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SampleRecord } from "../../src/core/sample-record.js";
import { seriesColor } from "../../src/report/html/client/charts.js";
import {
  launchBrowser,
  type OpenedReport,
  openReport,
  saveScreenshot,
  showView,
} from "../../src/report/html/test-support/report-browser.js";
import { formatPValue } from "../../src/results/compare-runs.js";
import { type PairedDifference, pairedDifference } from "../../src/stats/paired-difference.js";
import { hasSharedData, journalOf, runAgainstOracle, runCli, sharedData } from "./support/cli.js";

// BBH rather than MMLU for the many-task benchmark: its oracle loads in a fifth of the CPU time (MMLU's ~9 s a
// server), and its chain-of-thought answers have many tokens (an ITL to draw). Its result is named bigbench.
const BENCHMARKS = ["bbh", "gsm8k"] as const;
const hasData = hasSharedData && existsSync(join(sharedData, "bbh"));

/** One oracle run of BBH and GSM8K (400 samples each), its directory renamed to `name` (the run's label). */
async function oracleRun(name: string, accuracy: string, seed: string, latency: string[]): Promise<string> {
  const runDir = await runAgainstOracle({
    benchmarks: BENCHMARKS,
    dataDir: sharedData,
    accuracy,
    serverArgs: ["--oracle-seed", seed, ...latency],
    runArgs: ["--limit", "400", "--concurrency", "32"],
  });
  const named = join(dirname(runDir), name);
  renameSync(runDir, named);
  return named;
}

interface ComparedJson {
  benchmarks: {
    benchmark: string;
    runs: { run: string; accuracy: number; accuracy_ci95: [number, number] }[];
    paired: {
      baseline: string;
      candidate: string;
      num_shared_samples: number;
      difference: number;
      standard_error: number;
      ci95: [number, number];
      mcnemar_p_value: number;
      right_to_wrong: number;
      wrong_to_right: number;
      is_significant: boolean;
    }[];
  }[];
}

async function compareJson(runDirs: readonly string[]): Promise<ComparedJson> {
  const result = await runCli(["compare", ...runDirs, "--json"]);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as ComparedJson;
}

async function writeReport(runDirs: readonly string[], name: string): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "e2e-comparison-report-")), `${name}.html`);
  const result = await runCli(["report", ...runDirs, "-o", file]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return file;
}

const journals = new Map<string, SampleRecord[]>();

/** A run's journal, read once. */
function journal(runDir: string): SampleRecord[] {
  const records = journals.get(runDir) ?? journalOf<SampleRecord>(runDir);
  journals.set(runDir, records);
  return records;
}

/** The graded (answered) records of a benchmark in a journal, by id. */
function gradedOf(runDir: string, benchmark: string): Map<string, SampleRecord> {
  return new Map(
    journal(runDir)
      .filter((record) => record.benchmark === benchmark && record.status === "ok")
      .map((record) => [record.id, record]),
  );
}

/** Per task, the paired difference of the candidate's verdicts from the baseline's on their shared samples. */
function taskDifferences(
  baselineDir: string,
  candidateDir: string,
  benchmark: string,
): Map<string, PairedDifference> {
  const baseline = gradedOf(baselineDir, benchmark);
  const scores = new Map<string, { baseline: number[]; candidate: number[] }>();
  for (const [id, record] of gradedOf(candidateDir, benchmark)) {
    const before = baseline.get(id);
    if (before === undefined) continue;
    const task = scores.get(record.task) ?? { baseline: [], candidate: [] };
    task.baseline.push(before.correct ? 1 : 0);
    task.candidate.push(record.correct ? 1 : 0);
    scores.set(record.task, task);
  }
  return new Map([...scores].map(([task, paired]) => [task, pairedDifference(paired)]));
}

/** The ids whose verdict flipped, each way, sorted. */
function flippedIds(baselineDir: string, candidateDir: string, benchmark: string) {
  const baseline = gradedOf(baselineDir, benchmark);
  const rightToWrong: string[] = [];
  const wrongToRight: string[] = [];
  for (const [id, record] of gradedOf(candidateDir, benchmark)) {
    const before = baseline.get(id);
    if (before === undefined || before.correct === record.correct) continue;
    (before.correct ? rightToWrong : wrongToRight).push(id);
  }
  return { rightToWrong: rightToWrong.sort(), wrongToRight: wrongToRight.sort() };
}

/** Linear-interpolation percentile of ascending values (the result files' definition). */
function percentileOf(sorted: readonly number[], q: number): number {
  const position = (q / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const low = sorted[lower] ?? Number.NaN;
  const high = sorted[Math.min(lower + 1, sorted.length - 1)] ?? low;
  return low + (high - low) * (position - lower);
}

const points = (fraction: number): string => {
  const text = Math.abs(fraction * 100).toFixed(2);
  return Number(text) === 0 ? text : `${fraction < 0 ? "−" : "+"}${text}`;
};

/** Every `data-*` attribute of the elements matching `selector`, as objects. */
function attributesOf(page: Page, selector: string): Promise<Record<string, string>[]> {
  return page.$$eval(selector, (elements) =>
    elements.map((element) => {
      const values: Record<string, string> = {};
      for (const attribute of Array.from(element.attributes)) {
        if (attribute.name.startsWith("data-")) values[attribute.name.slice(5)] = attribute.value;
      }
      return values;
    }),
  );
}

/** Pixels of the chart's canvas close to each colour (a series drawn in it leaves some). */
function pixelsOfColors(page: Page, testid: string, colors: readonly string[]): Promise<number[]> {
  return page.$eval(
    `[data-testid="${testid}"] canvas`,
    (canvas, hexes) => {
      const context = (canvas as HTMLCanvasElement).getContext("2d");
      if (context === null) return hexes.map(() => 0);
      const { data } = context.getImageData(
        0,
        0,
        (canvas as HTMLCanvasElement).width,
        (canvas as HTMLCanvasElement).height,
      );
      return hexes.map((hex) => {
        const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
        let count = 0;
        for (let index = 0; index < data.length; index += 4) {
          const alpha = data[index + 3] ?? 0;
          if (
            alpha > 200 &&
            Math.abs((data[index] ?? 0) - (r ?? 0)) < 40 &&
            Math.abs((data[index + 1] ?? 0) - (g ?? 0)) < 40 &&
            Math.abs((data[index + 2] ?? 0) - (b ?? 0)) < 40
          ) {
            count++;
          }
        }
        return count;
      });
    },
    colors,
  );
}

describe.skipIf(!hasData)("the comparison report in a browser", () => {
  let baseline: string;
  let lower: string;
  let reseeded: string;
  let twoRuns: ComparedJson;
  let threeRuns: ComparedJson;
  let twoReport: string;
  let threeReport: string;
  let browser: Browser;

  beforeAll(async () => {
    [baseline, lower, reseeded] = await Promise.all([
      oracleRun("baseline-0.70", "0.70", "11", ["--ttft-ms", "8", "--ttft-stddev-ms", "3", "--itl-ms", "1"]),
      oracleRun("candidate-0.60", "0.60", "11", [
        "--ttft-ms",
        "20",
        "--ttft-stddev-ms",
        "6",
        "--itl-ms",
        "2",
      ]),
      oracleRun("candidate-0.50-seed-12", "0.50", "12", ["--ttft-ms", "14", "--itl-ms", "1.5"]),
    ]);
    [twoRuns, threeRuns, twoReport, threeReport, browser] = await Promise.all([
      compareJson([baseline, lower]),
      compareJson([baseline, lower, reseeded]),
      writeReport([baseline, lower], "two-runs"),
      writeReport([baseline, lower, reseeded], "three-runs"),
      launchBrowser(),
    ]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** A self-contained page logs no error and requests nothing. */
  const expectClean = (report: OpenedReport): void => {
    expect(report.errors).toEqual([]);
    expect(report.requests).toEqual([]);
  };

  it("Accuracy: each run's accuracy and the paired figures equal compare's; per task the journals' paired tests", async () => {
    const report = await openReport(browser, twoReport);
    const { page } = report;
    await showView(page, "accuracy");
    for (const compared of twoRuns.benchmarks) {
      const scope = `[data-testid="comparison-benchmark"][data-benchmark="${compared.benchmark}"]`;
      const runs = await attributesOf(page, `${scope} [data-testid="overall-run"]`);
      expect(runs.map((run) => Number(run["value"]))).toEqual(compared.runs.map((run) => run.accuracy));
      expect(runs.map((run) => [Number(run["ci-low"]), Number(run["ci-high"])])).toEqual(
        compared.runs.map((run) => run.accuracy_ci95),
      );
      const paired = await attributesOf(page, `${scope} [data-testid="overall-paired"]`);
      expect(paired).toHaveLength(1);
      const [pair] = compared.paired;
      const [shown] = paired;
      expect(Number(shown?.["n"])).toBe(pair?.num_shared_samples);
      expect(Number(shown?.["difference"])).toBe(pair?.difference);
      expect(Number(shown?.["standard-error"])).toBe(pair?.standard_error);
      expect([Number(shown?.["ci-low"]), Number(shown?.["ci-high"])]).toEqual(pair?.ci95);
      expect(Number(shown?.["p-value"])).toBe(pair?.mcnemar_p_value);
      expect(Number(shown?.["right-to-wrong"])).toBe(pair?.right_to_wrong);
      expect(Number(shown?.["wrong-to-right"])).toBe(pair?.wrong_to_right);
      if (pair === undefined) throw new Error("compare paired nothing");
      // The same seed at a lower accuracy: only right → wrong flips, a significant drop.
      expect(pair.wrong_to_right).toBe(0);
      expect(pair.is_significant).toBe(true);
      const verdict = await page.textContent(`${scope} [data-testid="overall-verdict"]`);
      expect(verdict).toBe(
        `${basename(lower)} is ${Math.abs(pair.difference * 100).toFixed(2)} points lower than ${basename(baseline)} ` +
          `on ${pair.num_shared_samples} shared samples, McNemar p ${formatPValue(pair.mcnemar_p_value)}: significant at 0.05.`,
      );

      const expected = taskDifferences(baseline, lower, compared.benchmark);
      const rows = await attributesOf(page, `${scope} [data-testid="task-row"]`);
      expect(rows.map((row) => row["task"]).sort()).toEqual([...expected.keys()].sort());
      for (const row of rows) {
        const task = expected.get(row["task"] ?? "");
        if (task === undefined) throw new Error(`no task ${row["task"]}`);
        expect(Number(row["candidate"])).toBe(1);
        expect(Number(row["n"])).toBe(task.n);
        expect(Number(row["difference"])).toBeCloseTo(task.difference, 12);
        expect(Number(row["standard-error"])).toBeCloseTo(task.standardError, 12);
        expect(Number(row["ci-low"])).toBeCloseTo(task.ci95[0], 12);
        expect(Number(row["ci-high"])).toBeCloseTo(task.ci95[1], 12);
        expect(Number(row["p-value"])).toBeCloseTo(task.pValue, 12);
        expect(Number(row["right-to-wrong"])).toBe(task.rightToWrong);
        expect(Number(row["wrong-to-right"])).toBe(task.wrongToRight);
        expect(row["significant"]).toBe(String(task.pValue < 0.05));
      }
      // The text of a row with flips: the difference in points and its CI as compare prints them.
      const [task, figures] = [...expected].find(([, each]) => each.rightToWrong > 0) ?? [];
      if (task === undefined || figures === undefined) throw new Error("no task with flips");
      const row = `${scope} [data-testid="task-row"][data-task="${task}"]`;
      expect(await page.textContent(`${row} [data-field="difference"]`)).toBe(points(figures.difference));
      expect(await page.textContent(`${row} [data-field="ci"]`)).toBe(
        `[${points(figures.ci95[0])}, ${points(figures.ci95[1])}]`,
      );
      const plotRows = await page.getAttribute(
        `[data-testid="difference-plot-${compared.benchmark}"]`,
        "data-rows",
      );
      expect(Number(plotRows)).toBe(expected.size > 1 ? expected.size + 1 : 1);
    }
    // Ordering by difference puts the largest drop first.
    const bbh = '[data-benchmark="bigbench"]';
    await page.selectOption(`${bbh} [data-testid="task-order"]`, "difference");
    const ordered = await attributesOf(page, `${bbh} [data-testid="task-row"]`);
    const differences = ordered.map((row) => Number(row["difference"]));
    expect(differences).toEqual([...differences].sort((left, right) => left - right));
    await page.selectOption(`${bbh} [data-testid="task-order"]`, "task");
    await saveScreenshot(page, "comparison-accuracy");
    expectClean(report);
  });

  it("Flipped samples: the journals' flips each way; a flip opens both runs' versions with their responses", async () => {
    const report = await openReport(browser, twoReport, "flips");
    const { page } = report;
    await showView(page, "flips");
    for (const compared of twoRuns.benchmarks) {
      const [pair] = compared.paired;
      const expected = flippedIds(baseline, lower, compared.benchmark);
      expect(expected.rightToWrong).toHaveLength(pair?.right_to_wrong ?? -1);
      expect(expected.wrongToRight).toHaveLength(pair?.wrong_to_right ?? -1);
      expect(expected.rightToWrong.length).toBeGreaterThan(0);
      const block = `[data-testid="flip-block"][data-benchmark="${compared.benchmark}"][data-candidate="1"]`;
      for (const [direction, ids] of [
        ["right-to-wrong", expected.rightToWrong],
        ["wrong-to-right", expected.wrongToRight],
      ] as const) {
        const rows = await attributesOf(
          page,
          `${block} [data-testid="flip-row"][data-direction="${direction}"]`,
        );
        expect(rows.map((row) => row["sample-id"]).sort()).toEqual(ids);
      }
      // Open a right → wrong flip: the baseline's side is its journal's (correct) answer, the candidate's its own.
      const id = expected.rightToWrong[0] ?? "";
      const row = `${block} [data-testid="flip-row"][data-sample-id="${id}"]`;
      await page.click(row);
      const detail = `${block} [data-testid="flip-detail"][data-sample-id="${id}"]`;
      await page.waitForSelector(detail);
      const sides = await page.$$eval(`${detail} [data-testid="sample-detail"]`, (elements) =>
        elements.map((element) => ({
          id: element.getAttribute("data-sample-id"),
          status: element.querySelector('[data-field="status"]')?.textContent,
          response: element.querySelector('[data-field="response"]')?.textContent,
        })),
      );
      expect(sides).toEqual([
        { id, status: "correct", response: gradedOf(baseline, compared.benchmark).get(id)?.response },
        { id, status: "incorrect", response: gradedOf(lower, compared.benchmark).get(id)?.response },
      ]);
      if (compared.benchmark === "bigbench") {
        await saveScreenshot(page, "comparison-flips");
        // A second click closes it.
        await page.click(row);
        expect(await page.$(detail)).toBeNull();
      }
    }
    expectClean(report);
  });

  it("Latency: the runs' percentiles equal the journals' timings; CDFs and histograms drawn in each run's colour", async () => {
    const report = await openReport(browser, twoReport, "latency");
    const { page } = report;
    await showView(page, "latency");
    const runDirs = [baseline, lower];
    const cells = await page.$$eval('[data-testid="latency-row"]', (rows) =>
      rows.map((row) => ({
        metric: row.getAttribute("data-metric"),
        run: Number(row.getAttribute("data-run")),
        values: Object.fromEntries(
          Array.from(row.querySelectorAll("[data-stat]")).map((cell) => [
            cell.getAttribute("data-stat"),
            Number(cell.getAttribute("data-value")),
          ]),
        ),
      })),
    );
    expect(cells).toHaveLength(6);
    for (const cell of cells) {
      const field = cell.metric === "ttft" ? "ttft_ms" : cell.metric === "itl" ? "itl_ms" : "e2e_ms";
      const values = journal(runDirs[cell.run] ?? "")
        .filter((record) => record.status === "ok")
        .flatMap((record) => {
          const value = record.timings[field];
          return value === null ? [] : [Math.round(value * 1000) / 1000];
        })
        .sort((left, right) => left - right);
      expect(values.length).toBeGreaterThan(0);
      expect(cell.values["count"]).toBe(values.length);
      for (const q of [50, 90, 95, 99]) expect(cell.values[`p${q}`]).toBeCloseTo(percentileOf(values, q), 9);
      expect(cell.values["max"]).toBe(values[values.length - 1]);
      expect(cell.values["mean"]).toBeCloseTo(
        values.reduce((sum, value) => sum + value, 0) / values.length,
        9,
      );
    }
    for (const metric of ["ttft", "itl", "e2e"]) {
      for (const kind of ["cdf", "histogram"]) {
        const testid = `latency-${kind}-${metric}`;
        expect(Number(await page.getAttribute(`[data-testid="${testid}"]`, "data-points"))).toBeGreaterThan(
          0,
        );
        const pixels = await pixelsOfColors(page, testid, [seriesColor(0), seriesColor(1)]);
        for (const count of pixels) expect(count).toBeGreaterThan(20);
      }
    }
    await saveScreenshot(page, "comparison-latency");
    expectClean(report);
  });

  it("three runs: both candidates' comparisons against the baseline, flips both ways, paged lists", async () => {
    const report = await openReport(browser, threeReport);
    const { page } = report;
    await showView(page, "accuracy");
    for (const compared of threeRuns.benchmarks) {
      const scope = `[data-testid="comparison-benchmark"][data-benchmark="${compared.benchmark}"]`;
      const paired = await attributesOf(page, `${scope} [data-testid="overall-paired"]`);
      expect(paired.map((pair) => Number(pair["candidate"]))).toEqual([1, 2]);
      expect(paired.map((pair) => Number(pair["difference"]))).toEqual(
        compared.paired.map((pair) => pair.difference),
      );
      expect(paired.map((pair) => Number(pair["p-value"]))).toEqual(
        compared.paired.map((pair) => pair.mcnemar_p_value),
      );
      expect(paired.map((pair) => [Number(pair["ci-low"]), Number(pair["ci-high"])])).toEqual(
        compared.paired.map((pair) => pair.ci95),
      );
      const verdicts = await page.$$eval(`${scope} [data-testid="overall-verdict"]`, (items) =>
        items.map((item) => item.textContent ?? ""),
      );
      expect(verdicts.map((text) => text.split(" is ")[0])).toEqual([basename(lower), basename(reseeded)]);
      const rows = await attributesOf(page, `${scope} [data-testid="task-row"]`);
      const reseededTasks = taskDifferences(baseline, reseeded, compared.benchmark);
      expect(rows.filter((row) => row["candidate"] === "1")).toHaveLength(reseededTasks.size);
      for (const row of rows.filter((each) => each["candidate"] === "2")) {
        const task = reseededTasks.get(row["task"] ?? "");
        expect(Number(row["difference"])).toBeCloseTo(task?.difference ?? Number.NaN, 12);
        expect(Number(row["p-value"])).toBeCloseTo(task?.pValue ?? Number.NaN, 12);
      }
    }
    await saveScreenshot(page, "comparison-three-runs-accuracy");

    await showView(page, "flips");
    for (const compared of threeRuns.benchmarks) {
      for (const [candidate, runDir] of [
        [1, lower],
        [2, reseeded],
      ] as const) {
        const expected = flippedIds(baseline, runDir, compared.benchmark);
        const pair = compared.paired[candidate - 1];
        expect([expected.rightToWrong.length, expected.wrongToRight.length]).toEqual([
          pair?.right_to_wrong,
          pair?.wrong_to_right,
        ]);
        const block = `[data-testid="flip-block"][data-benchmark="${compared.benchmark}"][data-candidate="${candidate}"]`;
        for (const [direction, ids] of [
          ["right-to-wrong", expected.rightToWrong],
          ["wrong-to-right", expected.wrongToRight],
        ] as const) {
          const list = `${block} [data-testid="flip-list"][data-direction="${direction}"]`;
          // A page of 100 rows at a time: show the rest.
          while (await page.isVisible(`${list} [data-testid="flip-more"]`))
            await page.click(`${list} [data-testid="flip-more"]`);
          const rows = await attributesOf(page, `${list} [data-testid="flip-row"]`);
          expect(rows.map((row) => row["sample-id"]).sort()).toEqual(ids);
        }
      }
    }
    // Another seed: flips both ways, over a page's worth (100) on BBH.
    const bbhPair = threeRuns.benchmarks.find((each) => each.benchmark === "bigbench")?.paired[1];
    expect(bbhPair?.wrong_to_right).toBeGreaterThan(0);
    expect(bbhPair?.right_to_wrong).toBeGreaterThan(100);
    // Open a wrong → right flip of the reseeded run.
    const block = '[data-testid="flip-block"][data-benchmark="gsm8k"][data-candidate="2"]';
    const id = flippedIds(baseline, reseeded, "gsm8k").wrongToRight[0] ?? "";
    await page.click(`${block} [data-testid="flip-row"][data-sample-id="${id}"]`);
    const responses = await page.$$eval(
      `${block} [data-testid="flip-detail"] [data-field="response"]`,
      (elements) => elements.map((element) => element.textContent),
    );
    expect(responses).toEqual([
      gradedOf(baseline, "gsm8k").get(id)?.response,
      gradedOf(reseeded, "gsm8k").get(id)?.response,
    ]);
    await saveScreenshot(page, "comparison-three-runs-flips");
    expectClean(report);
  });
});
