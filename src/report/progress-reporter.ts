// Progress of a run or a profile on standard error: a redrawn bar on a TTY, a plain line every few seconds
// otherwise. `run` counts graded samples; `profile` counts ended requests (or time, for a duration run) and shows
// the running accuracy of a benchmark workload.

import type { ImageProgress } from "../core/image-progress.js";
import type { ReadProgress } from "../core/read-progress.js";
import type { LoadStartInfo, RunReporter, RunStartInfo } from "../core/run-reporter.js";
import type { SampleRecord } from "../core/sample-record.js";
import { formatDuration } from "./format-duration.js";
import { imageProgressLines } from "./image-progress-lines.js";

export interface ProgressReporterOptions {
  stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  now?: () => number;
  /** Plain-line interval when the stream is not a TTY. */
  plainIntervalMs?: number;
  verbose?: boolean;
  /** No progress at all (bar, lines, downloads, images); warnings still print. */
  quiet?: boolean;
}

export function createProgressReporter(options: ProgressReporterOptions): RunReporter & { finish(): void } {
  const { stream } = options;
  const now = options.now ?? (() => performance.now());
  const isTty = stream.isTTY === true;
  const plainIntervalMs = options.plainIntervalMs ?? 10_000;
  /** What `done` counts: graded samples (`run`) or ended requests (`profile`). */
  let unit: "samples" | "requests" = "samples";
  /** Whether answers are graded: `run` always, `profile` with a benchmark workload. */
  let isGrading = true;
  let total = 0;
  let durationMs: number | undefined;
  let done = 0;
  let graded = 0;
  let correct = 0;
  let failed = 0;
  let startMs = now();
  let lastDrawMs = Number.NEGATIVE_INFINITY;
  let hasBar = false;
  /** The download being shown: its label, when it started, when a plain line last told of it. */
  let download: { label: string; startMs: number; lastLineMs: number } | undefined;
  const isQuiet = options.quiet === true;

  const line = (): string => {
    const elapsedS = (now() - startMs) / 1000;
    const rate = elapsedS > 0 ? done / elapsedS : 0;
    const durationS = durationMs === undefined ? undefined : durationMs / 1000;
    const etaS =
      durationS !== undefined ? durationS - elapsedS : rate > 0 ? (total - done) / rate : Number.NaN;
    const accuracy = graded > 0 ? `${((correct / graded) * 100).toFixed(1)}%` : "-";
    const failures = failed > 0 ? `  failed ${failed}` : "";
    const counts =
      durationS === undefined
        ? `${done}/${total}`
        : `${formatDuration(Math.min(elapsedS, durationS))}/${formatDuration(durationS)}`;
    const fraction = durationS === undefined ? (total > 0 ? done / total : 0) : elapsedS / durationS;
    if (!isTty) {
      const progress = durationS === undefined ? `${counts} done` : `${counts} elapsed, ${done} ${unit} done`;
      const accuracyPart = isGrading ? `, accuracy ${accuracy}` : "";
      const elapsed = durationS === undefined ? `, elapsed ${formatDuration(elapsedS)}` : "";
      return `[progress] ${progress}${accuracyPart}, ${rate.toFixed(1)} req/s${elapsed}, ETA ${formatDuration(etaS)}${failures}`;
    }
    const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 70));
    const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
    const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
    const accuracyPart = isGrading ? `  acc ${accuracy}` : "";
    const requests = durationS === undefined ? "" : `  ${done} ${unit}`;
    return `${bar} ${counts}${requests}${accuracyPart}  ${rate.toFixed(1)} req/s  ETA ${formatDuration(etaS)}${failures}`;
  };

  const draw = (force: boolean): void => {
    if (isQuiet) return;
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

  const start = (heading: string): void => {
    clearBar();
    startMs = now();
    if (!isQuiet) stream.write(heading);
    draw(true);
  };

  const imageLine = imageProgressLines((text) => {
    clearBar();
    stream.write(`${text}\n`);
  });

  return {
    onImageProgress(progress: ImageProgress) {
      if (!isQuiet) imageLine(progress);
    },
    onDatasetProgress(progress: ReadProgress) {
      if (progress.kind !== "download" || isQuiet) return;
      const time = now();
      const isNew = download?.label !== progress.label;
      if (download === undefined || isNew)
        download = { label: progress.label, startMs: time, lastLineMs: time };
      const line = downloadLine(progress, (time - download.startMs) / 1000);
      const isDone = progress.bytesTotal !== undefined && progress.bytesDone >= progress.bytesTotal;
      if (isTty) {
        stream.write(`\r\x1b[2K${line}`);
        hasBar = true;
      } else if (isNew || isDone || time - download.lastLineMs >= plainIntervalMs) {
        stream.write(`${line}\n`);
        download.lastLineMs = time;
      }
    },
    onRunStart(info: RunStartInfo) {
      unit = "samples";
      isGrading = true;
      total = info.toRequest;
      const resumed = info.alreadyDone > 0 ? ` (${info.alreadyDone} already done, resuming)` : "";
      const benchmarks = info.benchmarks.map((entry) => `${entry.name} (${entry.samples})`).join(", ");
      start(`Run ${info.runDir}\nModel ${info.model}: ${benchmarks}; ${info.toRequest} requests${resumed}\n`);
    },
    onLoadStart(info: LoadStartInfo) {
      unit = "requests";
      isGrading = info.isGraded;
      total = info.requests ?? 0;
      durationMs = info.requests === undefined ? info.durationMs : undefined;
      const load =
        durationMs === undefined
          ? `${info.requests ?? 0} requests`
          : `for ${formatDuration(durationMs / 1000)}`;
      start(`Profile ${info.runDir}\nModel ${info.model}: ${info.workload}; ${load}\n`);
    },
    onRequestEnd(request: { isOk: boolean }) {
      done++;
      if (!request.isOk) failed++;
      draw(false);
    },
    onSampleEnd(record: SampleRecord) {
      // A scorer of numbers only (rouge …) gives no verdict: such a record counts toward no accuracy.
      const hasVerdict =
        record.scores === undefined ||
        Object.values(record.scores).some((value) => typeof value === "boolean");
      if (record.status === "ok" && hasVerdict) {
        graded++;
        if (record.correct) correct++;
      }
      if (unit === "samples") {
        done++;
        if (record.status !== "ok") failed++;
      }
      if (options.verbose === true) {
        clearBar();
        const verdict =
          record.status !== "ok" ? record.status.toUpperCase() : record.correct ? "PASS" : "FAIL";
        const answer = JSON.stringify(record.response.slice(-120));
        stream.write(
          `${verdict} ${record.benchmark}/${record.id} gold=${record.gold} extracted=${record.extracted ?? "-"}${record.unparsed ? " (unparsed)" : ""} ${record.grade_reason}; response tail ${answer}\n`,
        );
      }
      if (unit === "samples") draw(false);
    },
    onWarning(message: string) {
      clearBar();
      stream.write(`warning: ${message}\n`);
    },
    onRunEnd() {
      draw(true);
      if (isTty && !isQuiet) stream.write("\n");
      hasBar = false;
    },
    finish() {
      clearBar();
    },
  };
}

/** `downloading LABEL: 12.3 MB of 45.6 MB, 5.2 MB/s` (the rate once some time has passed). */
function downloadLine(progress: ReadProgress, elapsedS: number): string {
  const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
  const size = progress.bytesTotal === undefined ? "" : ` of ${megabytes(progress.bytesTotal)} MB`;
  const rate = elapsedS >= 0.1 ? `, ${megabytes(progress.bytesDone / elapsedS)} MB/s` : "";
  return `downloading ${progress.label}: ${megabytes(progress.bytesDone)} MB${size}${rate}`;
}
