// `llm-bench gate RUN_DIR`: tests each benchmark of a run against its registered reference score.

import { parseOptionValues } from "../config/parse-option-values.js";
import { ConfigError } from "../errors.js";
import { formatSpec } from "../references/find-reference.js";
import type { GateRow } from "../references/gate-benchmark.js";
import { textTable } from "../report/text-table.js";
import { gateRun, parseSpec, runReferenceYaml } from "../runner/gate-run.js";
import { type CliIo, terminalWidth } from "./cli-io.js";
import { gateSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

export async function gateCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(gateSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(gateSpec));
    return 0;
  }
  const options = parseOptionValues(gateSpec.groups, values);
  const [runDir, ...extra] = positionals;
  if (runDir === undefined || extra.length > 0) throw new ConfigError(`Usage: ${gateSpec.usage}`);
  const spec = parseSpec(options.spec ?? []);
  const isNoReference = options.noReference || io.env["LLM_BENCH_ACCURACY_NO_REFERENCE"] === "1";
  if (isNoReference) {
    io.stdout.write(runReferenceYaml(runDir, spec));
    return 0;
  }
  const { rows } = gateRun({
    runDir,
    spec,
    referencesDir: options.references,
    allowIncomplete: options.allowIncomplete,
    onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
  });
  io.stdout.write(
    options.json
      ? `${JSON.stringify(rows.map(gateJson), null, 2)}\n`
      : gateTable(rows, terminalWidth(io.stdout)),
  );
  return rows.every((row) => row.isPassed) ? 0 : 1;
}

function gateTable(rows: readonly GateRow[], maxWidth: number | undefined): string {
  const header = ["Benchmark", "Score", "Spec", "Reference", "Measured", "n", "theta", "gamma", "Verdict"];
  const body = rows.map((row) => [
    row.task,
    row.params.higherIsBetter === false ? `${row.metric} (lower is better)` : row.metric,
    formatSpec(row.spec),
    row.reference.toFixed(2),
    row.measured.toFixed(2),
    String(row.n),
    row.theta.toFixed(2),
    row.threshold.toFixed(2),
    row.isPassed ? "PASS" : "FAIL",
  ]);
  const failed = rows.filter((row) => !row.isPassed).length;
  const model = rows[0]?.model ?? "";
  const summary =
    failed === 0
      ? `PASS: ${rows.length} of ${rows.length} benchmarks for ${model}.`
      : `FAIL: ${failed} of ${rows.length} benchmarks for ${model} measured past γ (below it, or above it where lower is better): a regression of θ or more is caught with probability 1 − β.`;
  return `${textTable(header, body, { maxWidth })}${summary}\n`;
}

function gateJson(row: GateRow): Record<string, unknown> {
  return {
    benchmark: row.task,
    metric: row.metric,
    higher_is_better: row.params.higherIsBetter !== false,
    model: row.model,
    spec: row.spec,
    reference: row.reference,
    measured: row.measured,
    num_samples: row.n,
    theta: row.theta,
    threshold: row.threshold,
    alpha: row.params.alpha,
    beta: row.params.beta,
    sigma: row.params.sigma,
    verdict: row.isPassed ? "PASS" : "FAIL",
    reference_source: row.source,
  };
}
