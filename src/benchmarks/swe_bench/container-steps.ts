// Small helpers for the harness's commands in a sample container: a bash command in /testbed with its output
// merged, the tail of a long output, and an abort that surfaces as the caller's signal reason.
import type { ExecResult, SampleContainer } from "../../containers/types.js";

/** The directory SWE-bench's images hold the repository in (`DOCKER_WORKDIR`), and where the spec flow puts it. */
export const TESTBED = "/testbed";

/** Characters of a command's output kept in `details`. */
export const OUTPUT_TAIL_CHARS = 4000;

export interface StepOptions {
  readonly timeoutMs: number;
  readonly outputBytes?: number;
  readonly signal?: AbortSignal;
}

/** The last `chars` characters of `text`, marked when cut. */
export function tail(text: string, chars = OUTPUT_TAIL_CHARS): string {
  return text.length <= chars ? text : `[…${text.length - chars} characters before]\n${text.slice(-chars)}`;
}

/** Runs `script` with bash in /testbed, stderr merged into stdout (the order a log reader sees). */
export async function runStep(
  container: SampleContainer,
  script: string,
  options: StepOptions,
): Promise<ExecResult> {
  const result = await container.exec(`exec 2>&1\n${script}`, {
    shell: "bash",
    workdir: TESTBED,
    timeoutMs: options.timeoutMs,
    ...(options.outputBytes === undefined ? {} : { outputBytes: options.outputBytes }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  if (result.status === "aborted") {
    throw options.signal?.reason ?? new Error(`aborted: ${script.split("\n")[0] ?? ""}`);
  }
  return result;
}

/** What a step printed, stdout then stderr (empty when merged). */
export function outputOf(result: ExecResult): string {
  return result.stderr === ""
    ? result.stdout
    : `${result.stdout}${result.stdout.endsWith("\n") ? "" : "\n"}${result.stderr}`;
}
