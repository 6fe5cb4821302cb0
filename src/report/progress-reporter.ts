// Progress of a run on standard error: a redrawn bar on a TTY, a plain line every few seconds otherwise.

import type { ReadProgress } from "../core/read-progress.js";
import type { RunReporter, RunStartInfo } from "../core/run-reporter.js";
import type { SampleRecord } from "../core/sample-record.js";
import { formatDuration } from "./format-duration.js";

export interface ProgressReporterOptions {
  stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  now?: () => number;
  /** Plain-line interval when the stream is not a TTY. */
  plainIntervalMs?: number;
  verbose?: boolean;
}

export function createProgressReporter(options: ProgressReporterOptions): RunReporter & { finish(): void } {
  const { stream } = options;
  const now = options.now ?? (() => performance.now());
  const isTty = stream.isTTY === true;
  const plainIntervalMs = options.plainIntervalMs ?? 10_000;
  let total = 0;
  let done = 0;
  let correct = 0;
  let failed = 0;
  let startMs = now();
  let lastDrawMs = Number.NEGATIVE_INFINITY;
  let hasBar = false;
  let lastDownload = "";

  const line = (): string => {
    const elapsedS = (now() - startMs) / 1000;
    const rate = elapsedS > 0 ? done / elapsedS : 0;
    const etaS = rate > 0 ? (total - done) / rate : Number.NaN;
    const accuracy = done > 0 ? `${((correct / done) * 100).toFixed(1)}%` : "-";
    const failures = failed > 0 ? `  failed ${failed}` : "";
    const counts = `${done}/${total}`;
    if (!isTty) {
      return `[progress] ${counts} done, accuracy ${accuracy}, ${rate.toFixed(1)} req/s, elapsed ${formatDuration(elapsedS)}, ETA ${formatDuration(etaS)}${failures}`;
    }
    const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 70));
    const filled = total > 0 ? Math.round((done / total) * width) : 0;
    const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
    return `${bar} ${counts}  acc ${accuracy}  ${rate.toFixed(1)} req/s  ETA ${formatDuration(etaS)}${failures}`;
  };

  const draw = (force: boolean): void => {
    const time = now();
    if (isTty) {
      if (!force && time - lastDrawMs < 100) return;
      stream.write(`\r\x1b[2K${line()}`);
      hasBar = true;
    } else {
      if (!force && time - lastDrawMs < plainIntervalMs) return;
      stream.write(`${line()}\n`);
    }
    lastDrawMs = time;
  };

  const clearBar = (): void => {
    if (isTty && hasBar) {
      stream.write("\r\x1b[2K");
      hasBar = false;
    }
  };

  return {
    onDatasetProgress(progress: ReadProgress) {
      if (progress.kind !== "download") return;
      const size =
        progress.bytesTotal === undefined ? "" : ` of ${(progress.bytesTotal / 1e6).toFixed(1)} MB`;
      if (isTty) {
        stream.write(
          `\r\x1b[2Kdownloading ${progress.label}: ${(progress.bytesDone / 1e6).toFixed(1)} MB${size}`,
        );
        hasBar = true;
      } else if (progress.label !== lastDownload) {
        stream.write(`downloading ${progress.label}${size}\n`);
      }
      lastDownload = progress.label;
    },
    onRunStart(info: RunStartInfo) {
      clearBar();
      total = info.toRequest;
      startMs = now();
      const resumed = info.alreadyDone > 0 ? ` (${info.alreadyDone} already done, resuming)` : "";
      const benchmarks = info.benchmarks.map((entry) => `${entry.name} (${entry.samples})`).join(", ");
      stream.write(
        `Run ${info.runDir}\nModel ${info.model}: ${benchmarks}; ${info.toRequest} requests${resumed}\n`,
      );
      draw(true);
    },
    onSampleEnd(record: SampleRecord) {
      done++;
      if (record.correct) correct++;
      if (record.status !== "ok") failed++;
      if (options.verbose === true) {
        clearBar();
        const verdict =
          record.status !== "ok" ? record.status.toUpperCase() : record.correct ? "PASS" : "FAIL";
        const answer = JSON.stringify(record.response.slice(-120));
        stream.write(
          `${verdict} ${record.benchmark}/${record.id} gold=${record.gold} extracted=${record.extracted ?? "-"}${record.unparsed ? " (unparsed)" : ""} ${record.grade_reason}; response tail ${answer}\n`,
        );
      }
      draw(false);
    },
    onWarning(message: string) {
      clearBar();
      stream.write(`warning: ${message}\n`);
    },
    onRunEnd() {
      draw(true);
      if (isTty) stream.write("\n");
      hasBar = false;
    },
    finish() {
      clearBar();
    },
  };
}
