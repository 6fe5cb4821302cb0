// The console lines after a run that did not grade every sample: why requests failed, and what to do next.
import type { FailureClass } from "../results/summarize-failures.js";

export interface FailureReportInput {
  failed: number;
  unsent: number;
  failures: readonly FailureClass[];
  /** The engine's `ServerGone`: the run of failed connects (or answers not OpenAI's) that stopped the run. */
  serverGone?: { failures: number; example: string; reason?: "unreachable" | "not-openai" } | undefined;
  resumeCommand: string;
  /** The server the requests went to (keys redacted), to name it in the advice. */
  serverUrl?: string | undefined;
  /** The run's `--max-retries`, to advise more. */
  maxRetries?: number | undefined;
}

const MAX_EXAMPLE_LENGTH = 240;

function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_EXAMPLE_LENGTH ? `${line.slice(0, MAX_EXAMPLE_LENGTH - 1)}…` : line;
}

/** Empty when every planned sample was graded. */
export function failureReport(input: FailureReportInput): string {
  if (input.failed === 0 && input.unsent === 0) return "";
  const lines: string[] = [];
  if (input.failed > 0) {
    lines.push(
      `${input.failed} sample${input.failed === 1 ? "" : "s"} failed after ${input.failed === 1 ? "its" : "their"} retries and ${input.failed === 1 ? "was" : "were"} not graded (the accuracy is over the graded samples):`,
    );
    for (const entry of input.failures) {
      lines.push(`  ${entry.errorClass} ×${entry.count} — e.g. ${clip(entry.example)}`);
    }
  }
  if (input.serverGone?.reason === "not-openai") {
    lines.push(
      `The server is not OpenAI-compatible: ${input.serverGone.failures} samples in a row got an answer that is not ` +
        `an OpenAI API's (${clip(input.serverGone.example)}). Sending stopped; what finished is saved. Point ` +
        "--base-url at the server's OpenAI API (e.g. http://host:8000/v1).",
    );
  } else if (input.serverGone !== undefined) {
    lines.push(
      `The server stopped answering: ${input.serverGone.failures} samples in a row could not connect ` +
        `(${clip(input.serverGone.example)}). Sending stopped; what finished is saved.`,
    );
  }
  if (input.unsent > 0) lines.push(`${input.unsent} samples were not sent.`);
  const fixed = input.failures.filter((entry) => !entry.isRetryable);
  if (fixed.length > 0) {
    lines.push(
      `${fixed.map((entry) => entry.errorClass).join(", ")} would fail the same way again: change what caused ` +
        "it (the message says what) before resuming.",
    );
  }
  const isServerTrouble = input.failures.some((entry) => entry.isRetryable);
  if (isServerTrouble && (input.serverUrl !== undefined || input.maxRetries !== undefined)) {
    const server = input.serverUrl === undefined ? "the server" : `the server at ${input.serverUrl}`;
    const retries =
      input.maxRetries === undefined
        ? "allow more retries with --max-retries N"
        : `allow more retries than ${input.maxRetries} with --max-retries N`;
    lines.push(`Check ${server} (is it up, overloaded, behind a proxy?); ${retries}.`);
  }
  const isWorthResuming = input.unsent > 0 || isServerTrouble;
  if (isWorthResuming)
    lines.push(`Continue with: ${input.resumeCommand} (only the failed and unsent samples are sent)`);
  return `${lines.join("\n")}\n`;
}
