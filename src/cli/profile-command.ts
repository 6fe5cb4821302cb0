// `llm-bench profile`: measure serving performance (and accuracy with --accuracy-benchmark) and write a run directory.

import type { ProfileOptionsInput } from "../config/profile-options.js";
import { ConfigError } from "../errors.js";
import { runProfile } from "../profile/run-profile.js";
import { accuracyTable } from "../report/accuracy-table.js";
import { profileTable } from "../report/profile-table.js";
import { createProgressReporter } from "../report/progress-reporter.js";
import { replicaTable } from "../report/replica-table.js";
import { firstProfileError } from "../results/first-profile-error.js";
import { type CliIo, terminalWidth } from "./cli-io.js";
import { profileSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";
import { writeHtmlOption } from "./write-html-option.js";

export async function profileCommand(io: CliIo): Promise<number> {
  const { input, isHelp } = parseProfileCommandLine(io.argv, io.env);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(profileSpec));
    return 0;
  }
  const progress = createProgressReporter({
    stream: io.stderr,
    verbose: input.verbose === true,
    quiet: input.quiet === true,
  });
  const outcome = await runProfile(input, {
    signal: io.signal,
    env: io.env,
    reporter: progress,
    onWarning: (message) => progress.onWarning?.(message),
  });
  progress.finish();
  io.stdout.write(profileTable(outcome.summary));
  if (outcome.replicas !== undefined) {
    io.stdout.write(`\n${replicaTable(outcome.replicas, { maxWidth: terminalWidth(io.stdout) })}`);
  }
  for (const note of outcome.monitorNotes) io.stdout.write(`${note}\n`);
  if (outcome.accuracy !== undefined)
    io.stdout.write(`\n${accuracyTable(outcome.accuracy.summary, { maxWidth: terminalWidth(io.stdout) })}`);
  io.stdout.write(`\nResults: ${outcome.runDir}\n`);
  if (input.html === true) writeHtmlOption(io, [outcome.runDir]);
  if (outcome.isInterrupted) {
    io.stderr.write("Interrupted: the figures cover the requests that ended.\n");
    return 130;
  }
  const { summary } = outcome;
  if (summary.failed_requests === 0 || summary.successful_requests > 0) return 0;
  const classes = Object.entries(summary.errors_by_class).map(([name, count]) => `${name} ×${count}`);
  const example = firstProfileError(outcome.runDir);
  io.stderr.write(
    `error: all ${summary.failed_requests} requests failed (${classes.join(", ")})` +
      `${example === undefined ? "" : `, e.g. ${example}`}. Nothing was measured: fix what the message names, then profile again.\n`,
  );
  return 1;
}

/** `profile [MODEL] [options]`: the options `runProfile` takes (MODEL is `--model`, as aiperf writes it first). */
export function parseProfileCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv) {
  const { values, positionals, isHelp } = parseCommandLine(profileSpec, argv, env);
  const input = values;
  const [model, ...extra] = positionals;
  if (extra.length > 0) {
    throw new ConfigError(`profile takes one MODEL at most, got ${positionals.join(" ")}.`);
  }
  if (model !== undefined && input.model !== undefined && input.model !== model) {
    throw new ConfigError(`the model is named twice (${model} and --model ${input.model}); give one.`);
  }
  return {
    input: { ...input, ...(model === undefined ? {} : { model }) } satisfies ProfileOptionsInput,
    isHelp,
  };
}
