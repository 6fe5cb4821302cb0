// `llm-bench merge RUN_DIR... --output DIR`: join the shards of a sharded run into one run directory and print it
// as `run` prints a run.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseOptionValues } from "../config/parse-option-values.js";
import { ConfigError } from "../errors.js";
import { mergeProfileShards } from "../profile/merge-profile-shards.js";
import { accuracyTable } from "../report/accuracy-table.js";
import { failureReport } from "../report/failure-report.js";
import { profileTable } from "../report/profile-table.js";
import { mergeRuns } from "../runner/merge-runs.js";
import { type CliIo, terminalWidth } from "./cli-io.js";
import { mergeSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";
import { formatOutcome } from "./run-command.js";
import { writeHtmlOption } from "./write-html-option.js";

export async function mergeCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(mergeSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(mergeSpec));
    return 0;
  }
  if (positionals.length === 0) {
    throw new ConfigError(`merge: name the shards' run directories. Usage: ${mergeSpec.usage}`);
  }
  const options = parseOptionValues(mergeSpec.groups, values);
  if (isProfileDirectory(positionals[0] ?? "")) {
    // A multi-client profile's shards (`profile --shard I/N --start-at T`).
    const merged = await mergeProfileShards({
      directories: positionals,
      output: options.output,
      env: io.env,
    });
    io.stdout.write(`Merged ${positionals.length} profile shards into ${merged.runDir}\n\n`);
    io.stdout.write(profileTable(merged.summary));
    if (merged.accuracy !== undefined) {
      io.stdout.write(`\n${accuracyTable(merged.accuracy.summary, { maxWidth: terminalWidth(io.stdout) })}`);
    }
    for (const note of merged.notes) io.stdout.write(`${note}\n`);
    if (options.html) writeHtmlOption(io, [merged.runDir]);
    return 0;
  }
  const outcome = await mergeRuns({ directories: positionals, output: options.output, env: io.env });
  io.stdout.write(
    `Merged ${positionals.length} shard${positionals.length === 1 ? "" : "s"} into ${outcome.runDir}\n\n`,
  );
  io.stdout.write(formatOutcome(outcome, terminalWidth(io.stdout)));
  if (options.html) writeHtmlOption(io, [outcome.runDir]);
  const report = failureReport(outcome);
  if (report !== "") {
    io.stderr.write(report);
    return 1;
  }
  return 0;
}

/** A profile's directory has profile_summary.json beside its run.json (as `report` tells them apart). */
function isProfileDirectory(directory: string): boolean {
  return existsSync(join(directory, "profile_summary.json"));
}
