// The accuracy files of `profile --accuracy-benchmark`: `<benchmark>.json` and `accuracy_results.csv`, as `run` writes.

import type { ProfileOptions } from "../config/profile-options.js";
import { redactReplicaUrls } from "../core/replica-urls.js";
import { recordKey, type SampleRecord } from "../core/sample-record.js";
import { aggregateRecordMetrics, recordsWallTimeMs } from "../results/aggregate-record-metrics.js";
import { writeSpecResultFile } from "../results/spec-result-file.js";
import { summarizeBenchmark } from "../results/summarize-benchmark.js";
import { writeBenchmarkFiles } from "../results/write-run-results.js";
import { type PlannedBenchmark, summaryLayout } from "../runner/plan-benchmark.js";
import { planConfig, specConfig } from "../runner/plan-config.js";
import type { ProfileOutcome } from "./profile-outcome.js";

/** One record per sample (the last one when requests cycled over the samples), in sample order. */
export function writeProfileAccuracy(
  runDir: string,
  plan: PlannedBenchmark,
  graded: readonly SampleRecord[],
  meta: { model: string; timestamp: string; options: ProfileOptions; startedAt: Date },
): NonNullable<ProfileOutcome["accuracy"]> {
  const byKey = new Map<string, SampleRecord>();
  for (const record of graded) byKey.set(recordKey(record), record);
  const name = plan.benchmark.name;
  const records = plan.samples.flatMap((sample) => {
    const record = byKey.get(recordKey({ benchmark: name, id: sample.id }));
    return record === undefined ? [] : [record];
  });
  const summary = summarizeBenchmark(name, plan.samples.length, records, summaryLayout(plan));
  const metrics = aggregateRecordMetrics(records, recordsWallTimeMs(records));
  const { options } = meta;
  const config = {
    base_url: redactReplicaUrls(options.baseUrl),
    endpoint_type: options.endpointType,
    ...planConfig(plan),
    tasks: options.tasks ?? null,
    stream: options.stream,
    concurrency: options.concurrency ?? null,
    request_rate: options.requestRate ?? null,
    data_dir: options.dataDir ?? null,
    command: "profile",
  };
  const [resultPath = ""] = writeBenchmarkFiles(runDir, [{ summary, metrics, records, config }], {
    model: meta.model,
    timestamp: meta.timestamp,
  });
  writeSpecResultFile(options.outputDir, {
    summary,
    metrics,
    records,
    model: meta.model,
    startedAt: meta.startedAt,
    config: specConfig(options, plan),
  });
  return { summary, metrics, resultPath };
}
