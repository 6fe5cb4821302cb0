// The client self-measurement as a monitor (`core/monitor.ts`).
import type { Monitor } from "../core/monitor.js";
import {
  type ClientMonitor,
  type ClientMonitorOptions,
  type ClientMonitorReport,
  describeClientMonitor,
  startClientMonitor,
} from "./client-monitor.js";

/** The report as written under `monitors.client` in `profile_summary.json` (snake_case, like the file). */
export function clientReportJson(report: ClientMonitorReport): Record<string, unknown> {
  return {
    wall_s: report.wallS,
    loop_delay_p50_ms: report.loopDelayP50Ms,
    loop_delay_p99_ms: report.loopDelayP99Ms,
    loop_delay_max_ms: report.loopDelayMaxMs,
    cpu_cores: report.cpuCores,
    is_client_bound: report.isClientBound,
    reasons: report.reasons,
  };
}

export function clientProfileMonitor(options: ClientMonitorOptions = {}): Monitor {
  let monitor: ClientMonitor | undefined;
  let last: ClientMonitorReport | undefined;
  return {
    name: "client",
    start(): void {
      monitor = startClientMonitor(options);
    },
    async stop(): Promise<Record<string, unknown>> {
      if (monitor === undefined) return {};
      last = monitor.stop();
      return clientReportJson(last);
    },
    describe(): string[] {
      return last === undefined ? [] : describeClientMonitor(last);
    },
  };
}
