// `llm-bench report DIR...` and `--html`: the page of one run, one profile, or a comparison of runs, written to a
// file (through a temporary name, so an interrupted write leaves no half page).
import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { writeFileAtomic } from "../../core/write-file-atomic.js";
import { ConfigError, OutputWriteError, toError } from "../../errors.js";
import { buildReportHtml } from "./build-report-html.js";
import { buildComparisonData } from "./comparison-data.js";
import { buildProfileReportData } from "./profile-report-data.js";
import { buildRunReportData, type GateOf } from "./report-data.js";

export interface WriteReportOptions {
  /** The page's path; default RUN_DIR/report.html for one directory, ./comparison-report.html for several. */
  output?: string;
  /** A run's gate verdicts per benchmark (`reportGates`); none without it. */
  gateOf?: GateOf;
  cwd?: string;
}

export interface WrittenReport {
  path: string;
  bytes: number;
  kind: "run" | "profile" | "comparison";
}

/** A profile directory has profile_summary.json; a run (or grade) directory has run.json without it. */
export function isProfileDir(dir: string): boolean {
  return existsSync(join(dir, "profile_summary.json"));
}

function requireRunDir(dir: string): void {
  if (!existsSync(dir)) throw new ConfigError(`${dir}: no such directory. Give a run or profile directory.`);
  if (!existsSync(join(dir, "run.json"))) {
    throw new ConfigError(
      `${dir} is not a run directory (no run.json): give the directory \`llm-bench run\`, \`grade\` or \`profile\` printed as Results.`,
    );
  }
}

export function writeReport(dirs: readonly string[], options: WriteReportOptions = {}): WrittenReport {
  if (dirs.length === 0) throw new ConfigError("Give at least one run or profile directory.");
  for (const dir of dirs) requireRunDir(dir);
  const cwd = options.cwd ?? process.cwd();
  let html: string;
  let kind: WrittenReport["kind"];
  let defaultPath: string;
  const [only] = dirs;
  if (dirs.length === 1 && only !== undefined) {
    if (isProfileDir(only)) {
      kind = "profile";
      html = buildReportHtml(buildProfileReportData(only), `llm-bench profile ${basename(resolve(only))}`);
    } else {
      kind = "run";
      html = buildReportHtml(
        buildRunReportData(only, options.gateOf),
        `llm-bench run ${basename(resolve(only))}`,
      );
    }
    defaultPath = join(only, "report.html");
  } else {
    const profiles = dirs.filter(isProfileDir);
    if (profiles.length > 0) {
      throw new ConfigError(
        `${profiles.join(", ")} ${profiles.length === 1 ? "is a profile" : "are profiles"}: a comparison report is of runs. ` +
          "Give run directories, or one profile directory for its own report.",
      );
    }
    kind = "comparison";
    html = buildReportHtml(buildComparisonData(dirs), `llm-bench comparison of ${dirs.length} runs`);
    defaultPath = resolve(cwd, "comparison-report.html");
  }
  const path = resolve(cwd, options.output ?? defaultPath);
  try {
    writeFileAtomic(path, html);
  } catch (error) {
    // The page's path is the user's (-o): a place it cannot be written is theirs to change.
    const reason =
      error instanceof OutputWriteError
        ? error.message.replace(/^cannot write \S+: /, "")
        : toError(error).message;
    throw new ConfigError(`cannot write the report to ${path}: ${reason}`, { cause: error });
  }
  return { path, bytes: Buffer.byteLength(html), kind };
}
