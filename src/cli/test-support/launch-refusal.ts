// Runs `llm-bench launch …argv` in process and returns the ConfigError (exit 2) it refused with; fails the test when
// the command does not refuse. `env` keeps a launch past its checks from reaching anything (no sbatch on PATH, a
// kubeconfig that points nowhere).
import { PassThrough } from "node:stream";
import { expect } from "vitest";
import { ConfigError } from "../../errors.js";
import type { CliIo } from "../cli-io.js";
import { launchCommand } from "../launch-command.js";

export async function launchRefusal(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  const io: CliIo = {
    argv,
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env,
    signal: new AbortController().signal,
  };
  const error = await launchCommand(io).then(
    (code) => new Error(`not refused (exit ${code})`),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}
