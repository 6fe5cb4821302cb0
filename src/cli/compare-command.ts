// `llm-bench compare RUN_DIR|FILE ...`: runs side by side per benchmark (the spec's rows), and paired tests on shared samples.
import { ConfigError } from "../errors.js";
import { textTable } from "../report/text-table.js";
import {
  type BenchmarkComparison,
  compareRuns,
  formatPValue,
  type RunFigures,
} from "../results/compare-runs.js";
import { readComparedResults } from "../results/read-compared-results.js";
import { requireComplete } from "../results/require-complete.js";
import { type CliIo, terminalWidth } from "./cli-io.js";
import { compareSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";
import { writeHtmlOption } from "./write-html-option.js";

export async function compareCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(compareSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(compareSpec));
    return 0;
  }
  if (positionals.length === 0) throw new ConfigError(`Usage: ${compareSpec.usage}`);
  const runs = positionals.map((path) => readComparedResults(path));
  requireComplete(runs, {
    allowIncomplete: values.allowIncomplete === true,
    command: "compare",
    onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
  });
  const labels = runs.map((run) => run.label);
  if (new Set(labels).size < labels.length) {
    for (const run of runs) run.label = run.path;
  }
  const comparisons = compareRuns(runs);
  io.stdout.write(
    values.json === true
      ? `${JSON.stringify({ benchmarks: comparisons.map(comparisonJson) }, null, 2)}\n`
      : comparisons.map((comparison) => comparisonText(comparison, terminalWidth(io.stdout))).join("\n"),
  );
  if (values.html === true) writeHtmlOption(io, positionals);
  return 0;
}

const percent = (value: number): string => `${(value * 100).toFixed(2)}%`;
const fixed = (value: number | null | undefined, digits: number): string =>
  value === null || value === undefined ? "-" : value.toFixed(digits);
const seconds = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? "-" : (ms / 1000).toFixed(3);

/** The spec's rows (its labels and units), then two of ours. */
const ROWS: readonly { label: string; cell: (run: RunFigures) => string }[] = [
  { label: "Accuracy", cell: (run) => percent(run.accuracy) },
  { label: "Samples", cell: (run) => String(run.numSamples) },
  { label: "Score", cell: (run) => run.score.toFixed(4) },
  {
    label: "95% CI",
    cell: (run) => (run.ci95 === null ? "-" : `[${percent(run.ci95[0])}, ${percent(run.ci95[1])}]`),
  },
  { label: "TTFT Mean (s)", cell: (run) => seconds(run.metrics["ttft_mean_ms"]) },
  { label: "TTFT P50 (s)", cell: (run) => seconds(run.metrics["ttft_p50_ms"]) },
  { label: "TTFT P95 (s)", cell: (run) => seconds(run.metrics["ttft_p95_ms"]) },
  { label: "Gen TPS Mean", cell: (run) => fixed(run.metrics["generation_tps_mean"], 1) },
  { label: "Latency Mean (s)", cell: (run) => seconds(run.metrics["latency_mean_ms"]) },
  { label: "Latency P95 (s)", cell: (run) => seconds(run.metrics["latency_p95_ms"]) },
  { label: "Throughput (req/s)", cell: (run) => fixed(run.metrics["request_throughput_rps"], 2) },
  { label: "Output tok/s", cell: (run) => fixed(run.metrics["output_throughput_tokens_per_s"], 1) },
  {
    label: "Clustered SE",
    cell: (run) => (run.clusteredStandardError === null ? "-" : percent(run.clusteredStandardError)),
  },
];

function comparisonText(comparison: BenchmarkComparison, maxWidth: number | undefined): string {
  const header = [comparison.benchmark, ...comparison.runs.map((run) => run.run)];
  const headline = comparison.runs.find((run) => run.headline !== undefined)?.headline;
  const rows = [
    ["Model", ...comparison.runs.map((run) => run.model)],
    ...(headline === undefined
      ? []
      : [
          [
            `${headline.label}${headline.higherIsBetter ? "" : " (lower is better)"}`,
            ...comparison.runs.map((run) => fixed(run.headline?.value, 4)),
          ],
        ]),
    ...ROWS.map(({ label, cell }) => [label, ...comparison.runs.map(cell)]),
  ];
  const lines = [textTable(header, rows, { maxWidth })];
  for (const pair of comparison.pairedHeadlines) {
    lines.push(
      `paired ${pair.label} on ${pair.n} shared samples: ${pair.candidate} − ${pair.baseline} = ${pair.difference.toFixed(4)} ` +
        `(95% CI ${pair.ci95[0].toFixed(4)} to ${pair.ci95[1].toFixed(4)}, paired bootstrap); p ${formatPValue(pair.pValue)}\n` +
        `verdict: ${pair.verdict}\n`,
    );
  }
  for (const pair of comparison.paired) {
    const points = (value: number): string => (value * 100).toFixed(2);
    lines.push(
      `paired on ${pair.n} shared samples: ${pair.candidate} − ${pair.baseline} = ${points(pair.difference)} points ` +
        `(SE ${points(pair.standardError)}; 95% CI ${points(pair.ci95[0])} to ${points(pair.ci95[1])}); ` +
        `McNemar exact p ${formatPValue(pair.pValue)}; flips: ${pair.rightToWrong} right→wrong, ${pair.wrongToRight} wrong→right\n` +
        `verdict: ${pair.verdict}\n`,
    );
  }
  return lines.join("");
}

function comparisonJson(comparison: BenchmarkComparison): Record<string, unknown> {
  return {
    benchmark: comparison.benchmark,
    runs: comparison.runs.map((run) => ({
      run: run.run,
      run_dir: run.path,
      model: run.model,
      accuracy: run.accuracy,
      num_samples: run.numSamples,
      score: run.score,
      accuracy_ci95: run.ci95,
      accuracy_clustered_stderr: run.clusteredStandardError,
      aggregated_metrics: run.metrics,
      ...(run.headline === undefined
        ? {}
        : {
            headline: {
              metric: run.headline.label,
              value: run.headline.value,
              ci95: run.headline.ci95,
              higher_is_better: run.headline.higherIsBetter,
            },
          }),
    })),
    paired: comparison.paired.map((pair) => ({
      baseline: pair.baseline,
      candidate: pair.candidate,
      num_shared_samples: pair.n,
      baseline_accuracy: pair.baselineMean,
      candidate_accuracy: pair.candidateMean,
      difference: pair.difference,
      standard_error: pair.standardError,
      ci95: pair.ci95,
      mcnemar_p_value: pair.pValue,
      right_to_wrong: pair.rightToWrong,
      wrong_to_right: pair.wrongToRight,
      is_significant: pair.isSignificant,
      verdict: pair.verdict,
    })),
    paired_headline: comparison.pairedHeadlines.map((pair) => ({
      baseline: pair.baseline,
      candidate: pair.candidate,
      metric: pair.label,
      higher_is_better: pair.higherIsBetter,
      num_shared_samples: pair.n,
      baseline_value: pair.baselineValue,
      candidate_value: pair.candidateValue,
      difference: pair.difference,
      ci95: pair.ci95,
      bootstrap_p_value: pair.pValue,
      is_significant: pair.isSignificant,
      verdict: pair.verdict,
    })),
  };
}
