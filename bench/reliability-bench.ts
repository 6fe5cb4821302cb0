// Issue 22's figures for docs/RELIABILITY.md: every scenario of the reliability suite run once — the full GSM8K and
// MMLU under 10 % mixed faults, 100 % faults, profile under faults, 20 kill -9 and --resume, a killed merge, a full
// and a read-only disk, the bad-input table, the API-key search — and the "Measured" section of docs/RELIABILITY.md
// written anew from what they return (between its `measured:begin` / `measured:end` markers). Needs the build
// (`npm run bench:reliability` makes it) and, for the disk scenarios, root. `--print` prints without writing.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../test/e2e/support/cli.js";
import {
  mountUnsupportedReason,
  runFullDiskScenario,
  runReadOnlyScenario,
} from "../test/reliability/support/disk-scenarios.js";
import {
  ALL_FAULTS_RUN,
  runFaultProfile,
  runFaultRun,
  type ScenarioFigures,
  TEN_PERCENT_FAULTS,
  TEN_PERCENT_PROFILE,
} from "../test/reliability/support/fault-scenario.js";
import { runKillScenario, runMergeKillScenario } from "../test/reliability/support/kill-scenario.js";
import { runBadInputTable } from "../test/reliability/support/run-bad-input-table.js";

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const same = (a: unknown, b: unknown): string => (JSON.stringify(a) === JSON.stringify(b) ? "yes" : "**NO**");
const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

const counts = (byName: Readonly<Record<string, number>>): string =>
  Object.entries(byName)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${name} ${count}`)
    .join(", ");

/** `unit`: what the scenario counts — a run's samples, a profile's requests. */
function faultLine(figures: ScenarioFigures, exitCode: number | null, unit = "samples"): string {
  return (
    `- **${figures.scenario}**: ${figures.samples} ${unit}, ${figures.serverRequests} requests served, ` +
    `${figures.faultsInjectedTotal} faults injected (${counts(figures.faultsInjected)}); ${figures.requestsRetried} ` +
    `requests retried over ${figures.samplesRetried} ${unit}; ${unit} failed: ${figures.samplesFailed}; the ` +
    `client's classes: ${counts(figures.clientFaults)}; exit ${exitCode}; ${figures.wallTimeS.toFixed(1)} s.`
  );
}

async function faultFigures(): Promise<string[]> {
  const lines: string[] = [];
  for (const benchmark of ["gsm8k", "mmlu"]) {
    const reference = await runFaultRun(`${benchmark} fault-free`, {
      ...TEN_PERCENT_FAULTS,
      faultRates: [],
      benchmarks: [benchmark],
    });
    const faulted = await runFaultRun(`full ${benchmark}, 10 % faults`, {
      ...TEN_PERCENT_FAULTS,
      benchmarks: [benchmark],
    });
    const verdicts = (records: typeof faulted.records) =>
      records.map((record) => `${record.id}:${record.correct}`).sort();
    lines.push(
      `${faultLine(faulted.figures, faulted.result.code)} Verdicts equal to the fault-free run's: ` +
        `${same(verdicts(faulted.records), verdicts(reference.records))}.`,
    );
  }
  const failing = await runFaultRun(
    "100 % faults (the 14 error kinds), gsm8k --limit 20, --max-retries 2",
    ALL_FAULTS_RUN,
  );
  lines.push(faultLine(failing.figures, failing.result.code));
  const profile = await runFaultProfile(
    "profile, 10 % faults, 1,000 requests, never retried",
    TEN_PERCENT_PROFILE,
  );
  lines.push(
    `${faultLine(profile.figures, profile.result.code, "requests")} Errors by class in profile_summary.json: ` +
      `${counts(profile.summary.errors_by_class)} (${profile.summary.failed_requests} failed, ` +
      `${profile.summary.successful_requests} in the figures).`,
  );
  return lines;
}

async function crashFigures(): Promise<string[]> {
  const lines: string[] = [];
  const kills = await runKillScenario({ seed: 22, kills: 20, log });
  const killed = kills.kills.filter((kill) => kill.wasKilled);
  const atWrite = killed.filter((kill) => kill.moment === "result-write").length;
  const beyond = kills.requestsServed - kills.samples;
  const unparsable = kills.kills.reduce((sum, kill) => sum + kill.unparsable.length, 0);
  lines.push(
    `- **kill -9**: ${killed.length} of ${kills.kills.length} kills landed and were survived (${atWrite} during the ` +
      `result-file writes), ${kills.samples} ${kills.benchmark} samples at concurrency ${kills.concurrency}; every ` +
      `sample journalled once (duplicates: ${kills.journal.duplicates.length}); ${beyond} requests re-sent beyond the ` +
      `journalled samples (bound: ${killed.length} × ${kills.concurrency} in flight + torn lines); ` +
      `${kills.tornLinesReported} torn last lines dropped and reported; JSON files that did not parse after a kill: ` +
      `${unparsable}; results and CSV equal to the uninterrupted run's: ${same(kills.final, kills.reference)}; ` +
      `${seconds(kills.durationMs)}.`,
  );
  const merge = await runMergeKillScenario({ log });
  lines.push(
    `- **merge killed** part way (${merge.attempts} attempt${merge.attempts === 1 ? "" : "s"} to catch it), output ` +
      `left behind: ${merge.outputExistedAfterKill ? "**yes**" : "none"}; merged again equal to the unsharded run: ` +
      `${same(merge.merged, merge.unsharded)}; ${seconds(merge.durationMs)}.`,
  );
  const reason = mountUnsupportedReason();
  if (reason !== undefined) {
    lines.push(`- disk scenarios not run here: ${reason}.`);
    return lines;
  }
  for (const [name, run] of [
    ["full disk at the journal", () => runFullDiskScenario("journal")],
    ["full disk before the result files", () => runFullDiskScenario("results")],
    ["read-only output directory", () => runReadOnlyScenario()],
  ] as const) {
    const result = await run();
    lines.push(
      `- **${name}**: exit ${result.failure.code}, ${result.failure.journalLines} journal lines kept ` +
        `(ends at a line boundary: ${result.failure.journalEndsWhole ? "yes" : "**no**"}), half-written JSON files: ` +
        `${result.failure.unparsable.length}; \`--resume\` exit ${result.resumeCode}, equal to the uninterrupted ` +
        `run: ${same(result.final, result.reference)}; ${seconds(result.durationMs)}.`,
    );
  }
  return lines;
}

async function badInputFigures(): Promise<string[]> {
  const started = performance.now();
  const table = await runBadInputTable();
  const counts = Object.entries(table.counts)
    .map(([category, count]) => `${category} ${count}`)
    .join(", ");
  const failed = table.outcomes.filter((outcome) => outcome.problems.length > 0);
  return [
    `- **bad input**: ${table.outcomes.length} inputs tried (${counts}); ${table.passed} gave the expected exit ` +
      `code, a message naming the problem and the fix, no stack trace, no key and no result claiming completion` +
      `${failed.length === 0 ? "" : `; **failed: ${failed.map((outcome) => outcome.row.name).join("; ")}**`}; ` +
      `${seconds(performance.now() - started)}.`,
  ];
}

/** The key search is a vitest file (its runs are its assertions); its figure line is read from its output. */
function secretFigures(): string[] {
  const started = performance.now();
  const child = spawnSync(
    "npx",
    [
      "vitest",
      "run",
      "--config",
      "vitest.reliability.config.ts",
      "test/reliability/secrets.reliability.test.ts",
    ],
    { cwd: repoRoot, encoding: "utf8", env: { ...process.env, CI: "1" } },
  );
  const figure = /secrets: (\d+) CLI runs, (\d+) files searched, (\d+) leaks/.exec(child.stdout);
  if (figure === null) return [`- **API key**: the search did not complete (exit ${child.status}).`];
  return [
    `- **API key**: ${figure[1]} CLI runs with a recognisable key (flag and environment; success with --verbose ` +
      `and --html, 401 and 403 echoing the key raw, URL-encoded and base64, timeouts, a server gone, profile, check); ` +
      `${figure[2]} files and every stdout/stderr searched: ${figure[3]} leaks (test ${child.status === 0 ? "passed" : "**failed**"}); ` +
      `${seconds(performance.now() - started)}.`,
  ];
}

const started = new Date();
const sections: [string, string[]][] = [
  ["Faults", await faultFigures()],
  ["Crashes and disks", await crashFigures()],
  ["Bad input", await badInputFigures()],
  ["Security", secretFigures()],
];
const block = [
  "<!-- measured:begin (written by `npm run bench:reliability`; do not edit by hand) -->",
  "",
  `Measured on ${started.toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, by \`npm run bench:reliability\` ` +
    `(one run of each scenario; ${seconds(Date.now() - started.getTime())} in all).`,
  "",
  ...sections.flatMap(([title, lines]) => [`**${title}**`, "", ...lines, ""]),
  "<!-- measured:end -->",
].join("\n");
process.stdout.write(`${block}\n`);
if (!process.argv.includes("--print")) {
  const path = join(repoRoot, "docs/RELIABILITY.md");
  const text = readFileSync(path, "utf8");
  const pattern = /<!-- measured:begin[\s\S]*?<!-- measured:end -->/;
  if (!pattern.test(text)) throw new Error(`${path} has no measured:begin/measured:end markers`);
  writeFileSync(path, text.replace(pattern, block));
  log(`wrote ${path}`);
}
