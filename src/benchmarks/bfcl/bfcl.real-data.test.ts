// BFCL v4 end to end on the real data (gorilla 6ea5797, ../shared/data/bfcl): every AST category through the oracle
// mock server and the HTTP client, FC (tool_calls) and prompting (text). Every sample is served its ground truth;
// the run reports all of them correct except the ground truths BFCL's own checker rejects (data errors, Java
// conversions: the list in src/graders/bfcl/bfcl.real-data.test.ts) and questions whose last user message another
// sample of the category shares (the oracle tells requests apart by that message only, so it answers both with the
// first one's calls; those still right for the other are counted right).

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sampleRecordSchema } from "../../core/sample-record.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { GOLD_FAILURES } from "../../graders/bfcl/test-support/gold-failures.js";
import type { LoadedOracleBenchmark } from "../../mock-server/oracle-types.js";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { BFCL_AST_CATEGORIES } from "./bfcl-categories.js";
import { bfclReply } from "./bfcl-oracle.js";
import type { BfclBenchmarkSample } from "./bfcl-sample.js";
import { bfclVerdict, decodeBfclAnswer } from "./bfcl-scorer.js";
import { bfcl } from "./index.js";

const dataDir = sharedDataDir("bfcl/BFCL_v4_simple_python.json");
if (dataDir === undefined) printSkipReason("bfcl benchmark real-data suite");
const suite = dataDir === undefined ? describe.skip : describe;

function lastUser(sample: BfclBenchmarkSample): string {
  return sample.messages.filter((message) => message.role === "user").at(-1)?.content ?? "";
}

/**
 * Samples whose last user message an earlier sample of the category has, answered with that one's ground truth
 * (the mock server's first match), and the ones of them BFCL's checker rejects.
 */
function standInFailures(samples: readonly BfclBenchmarkSample[], mode: "fc" | "prompting"): string[] {
  const first = new Map<string, BfclBenchmarkSample>();
  const failures: string[] = [];
  for (const sample of samples) {
    const earlier = first.get(lastUser(sample));
    if (earlier === undefined) {
      first.set(lastUser(sample), sample);
      continue;
    }
    const reply = bfclReply(earlier, true, 0);
    const toolCalls = reply.toolCalls.map((call, index) => ({ id: `call_${index}`, ...call }));
    const answer = {
      sample,
      response: reply.text,
      reasoning: "",
      finishReason: "stop" as const,
      prompt: undefined,
      ...(toolCalls.length > 0 ? { toolCalls } : {}),
    };
    if (!bfclVerdict(sample, decodeBfclAnswer(answer, mode), mode).valid) failures.push(sample.id);
  }
  return failures;
}

suite("bfcl on the real data through the oracle mock server", () => {
  const context = createDatasetContext({ dataDir: dataDir ?? "", env: {} });
  let server: MockServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it.each(
    BFCL_AST_CATEGORIES.flatMap((category) => [[category, "fc"] as const, [category, "prompting"] as const]),
  )(
    "%s (%s): every served ground truth is reported right, except BFCL's own rejections",
    async (category, mode) => {
      const recipe = bfcl.recipes.find((each) => each.name === mode);
      if (recipe === undefined) throw new Error(mode);
      const { samples } = await bfcl.load({ context, recipe, nShots: 0, tasks: [category] });
      const oracle: LoadedOracleBenchmark = {
        benchmark: bfcl,
        recipe,
        samples,
        buildLoglikelihood: undefined,
      };
      await server?.close();
      server = await startMockServer({ oracle: { benchmarks: [oracle], accuracy: 1, seed: 3 } });
      const outcome = await runBenchmarks(
        {
          benchmarks: ["bfcl"],
          baseUrl: server.url,
          model: "mock-model",
          dataDir: dataDir ?? "",
          tasks: [category],
          recipe: [mode],
          outputDir: mkdtempSync(join(tmpdir(), `bfcl-real-${category}-`)),
          concurrency: 8,
        },
        { env: {} },
      );
      const [result] = outcome.benchmarks;
      const served = server.oracle?.stats().benchmarks["bfcl"];
      expect(outcome.status).toBe("completed");
      expect(served?.correct).toBe(samples.length);
      const records = readFileSync(join(outcome.runDir, "samples.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => sampleRecordSchema.parse(JSON.parse(line)));
      const wrong = new Set(records.filter((record) => !record.correct).map((record) => record.id));
      const rejected = GOLD_FAILURES[category]?.[mode] ?? [];
      const standIns = standInFailures(samples, mode);
      const expected = new Set([...rejected, ...standIns]);
      expect([...wrong].sort()).toEqual([...expected].sort());
      expect(result?.summary.overall.correct).toBe(samples.length - expected.size);
      process.stderr.write(
        `bfcl ${category} ${mode}: ${samples.length - expected.size}/${samples.length} reported right (${rejected.length} ground truths BFCL rejects, ${standIns.length} answered as another question)\n`,
      );
    },
  );
});
