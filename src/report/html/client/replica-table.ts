// The per-replica table of a run or profile spread over several replicas (requests, failures, connection errors,
// latency), shared by the run's serving view and the profile's distributions.
import type { ReplicaData } from "../replica-data.js";
import { formatMs, h, section, table } from "./dom.js";

export function replicaSection(title: string, replicas: readonly ReplicaData[], testid: string): HTMLElement {
  return section(
    title,
    h(
      "p",
      { class: "note" },
      "Each request counted on the replica that answered it; connection errors are tries that could not connect " +
        "there (the request then went to another replica).",
    ),
    table(
      ["Replica", "Requests", "OK", "Failed", "Connection errors", "Latency p50", "Latency p99", "TTFT p50"],
      replicas.map((entry) => [
        entry.replica,
        String(entry.requests),
        String(entry.successfulRequests),
        String(entry.failedRequests),
        String(entry.connectionErrors),
        formatMs(entry.latencyP50Ms),
        formatMs(entry.latencyP99Ms),
        formatMs(entry.ttftP50Ms),
      ]),
      { "data-testid": testid },
    ),
  );
}
