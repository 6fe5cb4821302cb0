// `--html` of run, grade, profile and compare: the page written after the results; a page that cannot be written
// is a warning (the results are on disk already, and `llm-bench report` can make it later).
import { DEFAULT_REFERENCES_DIR } from "../config/gate-options.js";
import { BenchError } from "../errors.js";
import { writeReport } from "../report/html/write-report.js";
import { reportGates } from "../runner/gate-run.js";
import type { CliIo } from "./cli-io.js";

export function writeHtmlOption(io: CliIo, dirs: readonly string[]): void {
  try {
    const written = writeReport(dirs, { gateOf: reportGates(DEFAULT_REFERENCES_DIR, {}) });
    io.stdout.write(`Report: ${written.path}\n`);
  } catch (error) {
    if (!(error instanceof BenchError)) throw error;
    io.stderr.write(
      `warning: no HTML report: ${error.message} (the results are saved; try \`llm-bench report ${dirs.join(" ")}\`)\n`,
    );
  }
}
