#!/usr/bin/env node
import { toolVersion } from "../core/tool-version.js";
// The `llm-bench` executable: dispatches to a command, owns Ctrl-C and turns errors into exit codes.
import { BenchError, toError } from "../errors.js";
import type { CliIo, Command } from "./cli-io.js";
import { COMMAND_SPECS } from "./command-specs.js";
import {
  type CommandLineStart,
  GLOBAL_OPTION_SPELLINGS,
  splitGlobalOptions,
} from "./split-global-options.js";

const commands: Record<string, () => Promise<Command>> = {
  list: () => import("./list-command.js").then((m) => m.listCommand),
  check: () => import("./check-command.js").then((m) => m.checkCommand),
  run: () => import("./run-command.js").then((m) => m.runCommand),
  compare: () => import("./compare-command.js").then((m) => m.compareCommand),
  gate: () => import("./gate-command.js").then((m) => m.gateCommand),
  report: () => import("./report-command.js").then((m) => m.reportCommand),
  merge: () => import("./merge-command.js").then((m) => m.mergeCommand),
  theta: () => import("./theta-command.js").then((m) => m.thetaCommand),
  profile: () => import("./profile-command.js").then((m) => m.profileCommand),
  serve: () => import("./serve-command.js").then((m) => m.serveCommand),
  grade: () => import("./grade-command.js").then((m) => m.gradeCommand),
  "mock-server": () => import("./mock-server-command.js").then((m) => m.mockServerCommand),
  byob: () => import("./byob-command.js").then((m) => m.byobCommand),
  containers: () => import("./containers-command.js").then((m) => m.containersCommand),
  launch: () => import("./launch-command.js").then((m) => m.launchCommand),
};

function usage(): string {
  const width = Math.max(...COMMAND_SPECS.map((spec) => spec.name.length)) + 2;
  const lines = COMMAND_SPECS.map((spec) => `  ${spec.name.padEnd(width)}${spec.summary}`);
  return (
    "Usage: llm-bench [options] <command> [options]\n\n" +
    `Commands:\n${lines.join("\n")}\n\n` +
    `Global options, before the command: ${GLOBAL_OPTION_SPELLINGS.join(", ")}\n` +
    "(a command with no use for one ignores it). Any other option of the command may come before it too.\n\n" +
    "Run `llm-bench <command> --help` for a command's options.\n"
  );
}

export async function main(argv: readonly string[]): Promise<number> {
  let start: CommandLineStart;
  try {
    start = splitGlobalOptions(argv, COMMAND_SPECS);
  } catch (error) {
    if (!(error instanceof BenchError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  }
  if (start.kind === "help") {
    process.stdout.write(usage());
    return start.isAsked ? 0 : 2;
  }
  if (start.kind === "version") {
    process.stdout.write(`${toolVersion().version}\n`);
    return 0;
  }
  const load = commands[start.spec.name];
  if (load === undefined) throw new Error(`no code for the command ${start.spec.name}`);
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts === 1) {
      process.stderr.write("\nStopping (press Ctrl-C again to quit at once).\n");
      controller.abort(new Error("interrupted"));
    } else {
      process.exit(130);
    }
  };
  const onSigterm = (): void => controller.abort(new Error("terminated"));
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigterm);
  const io: CliIo = {
    argv: start.argv,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    signal: controller.signal,
  };
  try {
    const command = await load();
    return await command(io);
  } catch (error) {
    if (error instanceof BenchError) {
      process.stderr.write(`error: ${error.message}\n`);
      return error.exitCode;
    }
    const normalized = toError(error);
    process.stderr.write(`internal error: ${normalized.stack ?? normalized.message}\n`);
    return 1;
  } finally {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigterm);
  }
}

const exitCode = await main(process.argv.slice(2));
process.exitCode = exitCode;
