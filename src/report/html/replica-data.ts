// The per-replica figures of a result file (`replicas` of `<benchmark>.json` or profile_summary.json) as the report
// shows them; absent for a run against one server.
import { z } from "zod";

export interface ReplicaData {
  replica: string;
  requests: number;
  successfulRequests: number;
  failedRequests: number;
  connectionErrors: number;
  latencyP50Ms: number | null;
  latencyP99Ms: number | null;
  ttftP50Ms: number | null;
}

const replicasSchema = z.array(
  z.looseObject({
    replica: z.string(),
    requests: z.number(),
    successful_requests: z.number(),
    failed_requests: z.number(),
    connection_errors: z.number(),
    latency_p50_ms: z.number().nullable(),
    latency_p99_ms: z.number().nullable(),
    ttft_p50_ms: z.number().nullable(),
  }),
);

/** The file's `replicas`, or undefined when it has none (or none in this form). */
export function replicaData(file: unknown): ReplicaData[] | undefined {
  const value =
    typeof file === "object" && file !== null ? (file as Record<string, unknown>)["replicas"] : undefined;
  const parsed = replicasSchema.safeParse(value);
  if (!parsed.success) return undefined;
  return parsed.data.map((entry) => ({
    replica: entry.replica,
    requests: entry.requests,
    successfulRequests: entry.successful_requests,
    failedRequests: entry.failed_requests,
    connectionErrors: entry.connection_errors,
    latencyP50Ms: entry.latency_p50_ms,
    latencyP99Ms: entry.latency_p99_ms,
    ttftP50Ms: entry.ttft_p50_ms,
  }));
}
