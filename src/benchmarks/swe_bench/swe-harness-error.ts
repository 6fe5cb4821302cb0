// The error of a SWE-bench evaluation that could not be made — a repository that cannot be cloned, a test patch that
// does not apply, an image without the tools the workflow needs: not the model's fault, so the sample becomes an
// error (counted in `num_errors`), never a wrong answer.
import { BenchError } from "../../errors.js";

export class SweHarnessError extends BenchError {
  /** What the failed step printed (command, exit code, output tail), for the journal. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    message: string,
    options: { cause?: unknown; details?: Readonly<Record<string, unknown>> } = {},
  ) {
    super("E_SWE_HARNESS", message, { cause: options.cause, exitCode: 1 });
    this.details = options.details ?? {};
  }
}
