// `llm-bench theta`: the minimum detectable effect θ and threshold − reference for growing sample counts.

import { parseOptionValues } from "../config/parse-option-values.js";
import { ConfigError } from "../errors.js";
import { textTable } from "../report/text-table.js";
import { thetaTable } from "../stats/hypothesis-test.js";
import type { CliIo } from "./cli-io.js";
import { thetaSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

export async function thetaCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(thetaSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(thetaSpec));
    return 0;
  }
  if (positionals.length > 0)
    throw new ConfigError(`theta takes no arguments, got "${positionals.join(" ")}".`);
  const {
    numSamplesTotal: total,
    sigma,
    alpha,
    beta,
    lowerIsBetter: isLowerBetter,
    json: isJson,
  } = parseOptionValues(thetaSpec.groups, values);
  const rows = thetaTable({ sigma, alpha, beta, higherIsBetter: !isLowerBetter }, total);
  if (isJson) {
    const json = rows.map((row) => ({
      num_samples: row.numSamples,
      theta: row.theta,
      threshold_minus_reference: row.thresholdMinusReference,
    }));
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(`σ = ${sigma}, α = ${alpha}, β = ${beta}${isLowerBetter ? ", lower is better" : ""}\n`);
  io.stdout.write(
    textTable(
      ["n", "theta", "threshold - reference"],
      rows.map((row) => [
        String(row.numSamples),
        row.theta.toFixed(6),
        row.thresholdMinusReference.toFixed(6),
      ]),
    ),
  );
  return 0;
}
