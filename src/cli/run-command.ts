// `llm-bench run BENCH...`: evaluate benchmarks against a server and write a run directory.
import { accuracyTable } from "../report/accuracy-table.js";
import { failureReport } from "../report/failure-report.js";
import { faultLine } from "../report/fault-line.js";
import { createProgressReporter } from "../report/progress-reporter.js";
import { replicaTable } from "../report/replica-table.js";
import { runBenchmarks } from "../runner/run-benchmarks.js";
import type { RunOutcome } from "../runner/run-outcome.js";
import { type CliIo, terminalWidth } from "./cli-io.js";
import { runSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { lengthWarning } from "./length-warning.js";
import { parseCommandLine } from "./parse-command-line.js";
import { writeHtmlOption } from "./write-html-option.js";

export async function runCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(runSpec, io.argv, io.env);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(runSpec));
    return 0;
  }
  const input = { ...values, benchmarks: positionals };
  const progress = createProgressReporter({
    stream: io.stderr,
    verbose: values.verbose === true,
    quiet: values.quiet === true,
  });
  const outcome = await runBenchmarks(input, { reporter: progress, signal: io.signal, env: io.env });
  progress.finish();
  io.stdout.write(formatOutcome(outcome, terminalWidth(io.stdout)));
  if (values.html === true) writeHtmlOption(io, [outcome.runDir]);
  if (outcome.status === "interrupted") {
    io.stderr.write(
      `Interrupted: finished samples are saved. Continue with: llm-bench run --resume ${outcome.runDir}\n`,
    );
    return 130;
  }
  const report = failureReport(outcome);
  if (report !== "") {
    io.stderr.write(report);
    return 1;
  }
  return 0;
}

/** A run's accuracy tables and serving line, as `run` (and `merge`, `launch`) print them. */
export function formatOutcome(outcome: RunOutcome, maxWidth: number | undefined): string {
  const parts: string[] = [];
  for (const { summary, metrics, replicas } of outcome.benchmarks) {
    parts.push(accuracyTable(summary, { maxWidth }));
    const warning = lengthWarning(summary);
    if (warning !== undefined) parts.push(warning);
    const ms = (value: number | null): string => (value === null ? "-" : `${value.toFixed(1)} ms`);
    // Eval-only answers were read, not requested: no time passed between sending and answering.
    if (metrics.wall_time_s === 0) {
      parts.push(
        "serving: none measured (the answers were read from the dataset, nothing was requested)\n\n",
      );
      continue;
    }
    parts.push(
      `serving: TTFT p50 ${ms(metrics.ttft_p50_ms)}, p99 ${ms(metrics.ttft_p99_ms)}; latency p50 ${ms(metrics.latency_p50_ms)}, ` +
        `p99 ${ms(metrics.latency_p99_ms)}; ${(metrics.request_throughput_rps ?? 0).toFixed(1)} req/s over ${metrics.wall_time_s.toFixed(1)} s\n\n`,
    );
    if (replicas !== undefined) parts.push(`${replicaTable(replicas, { maxWidth })}\n`);
  }
  parts.push(faultLine(outcome.faults));
  parts.push(`Results: ${outcome.runDir}\n`);
  return parts.join("");
}
