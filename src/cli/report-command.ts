// `llm-bench report RUN_DIR...`: the self-contained HTML page of a run, a profile, or a comparison of runs.
import { parseOptionValues } from "../config/parse-option-values.js";
import { ConfigError } from "../errors.js";
import { writeReport } from "../report/html/write-report.js";
import { parseSpec, reportGates } from "../runner/gate-run.js";
import type { CliIo } from "./cli-io.js";
import { reportSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

export async function reportCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(reportSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(reportSpec));
    return 0;
  }
  if (positionals.length === 0) throw new ConfigError(`Usage: ${reportSpec.usage}`);
  const options = parseOptionValues(reportSpec.groups, values);
  const written = writeReport(positionals, {
    ...(options.output === undefined ? {} : { output: options.output }),
    gateOf: reportGates(options.references, parseSpec(options.spec ?? [])),
  });
  io.stdout.write(`Report (${written.kind}, ${formatBytes(written.bytes)}): ${written.path}\n`);
  return 0;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
