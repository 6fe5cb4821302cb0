// A plug-in that watches a run or a profile while it runs (client self-measurement, server metrics scraping, …).

export interface MonitorContext {
  /** The profile's clock (`performance.now()` ms) at the start of the load. */
  startMs: number;
  signal?: AbortSignal | undefined;
  onWarning?: ((message: string) => void) | undefined;
}

export interface Monitor {
  /** The key its report has under `monitors` in `profile_summary.json`. */
  readonly name: string;
  /** Called just before the first request is sent. */
  start(context: MonitorContext): void | Promise<void>;
  /** Called after the last request ended; returns the monitor's report (JSON-serializable). */
  stop(): Promise<Record<string, unknown>>;
  /** Console lines to print under the table (e.g. a client-bound warning). */
  describe?(report: Record<string, unknown>): string[];
}
