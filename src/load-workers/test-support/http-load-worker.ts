// A worker entry for the tests: sends its share of `totalRequests` to the mock server with undici, records each.
import { Pool } from "undici";
import { z } from "zod";
import { serveLoadWorker } from "../serve-load-worker.js";
import { ownRequestIndices } from "../split-load.js";

const configSchema = z.object({
  origin: z.string(),
  totalRequests: z.number().int(),
  maxTokens: z.number().int(),
  shouldFail: z.boolean().default(false),
});

serveLoadWorker(async ({ share, config, signal, emit, emitPayload }) => {
  const { origin, totalRequests, maxTokens, shouldFail } = configSchema.parse(config);
  if (shouldFail) throw new Error(`worker ${share.workerIndex} was told to fail`);
  const pool = new Pool(origin, { connections: share.concurrency });
  const queue = ownRequestIndices(share, totalRequests);
  const loop = async () => {
    for (let index = queue.shift(); index !== undefined && !signal.aborted; index = queue.shift()) {
      const sentMs = performance.now();
      const response = await pool.request({
        method: "POST",
        path: "/v1/completions",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt: "one two three", max_tokens: maxTokens }),
      });
      const firstByteMs = performance.now();
      const body = (await response.body.json()) as {
        usage: { prompt_tokens: number; completion_tokens: number };
      };
      const endMs = performance.now();
      emit(
        {
          index,
          intendedMs: sentMs,
          sentMs,
          firstByteMs,
          firstContentMs: firstByteMs,
          secondContentMs: Number.NaN,
          endMs,
          inputTokens: body.usage.prompt_tokens,
          outputTokens: body.usage.completion_tokens,
          chunkCount: 1,
          statusCode: response.statusCode === 200 ? 0 : 1,
          isCountEstimated: 0,
        },
        [firstByteMs, endMs],
      );
      emitPayload({ index, worker: share.workerIndex });
    }
  };
  await Promise.all(Array.from({ length: share.concurrency }, loop));
  await pool.close();
  return { pid: process.pid, isAborted: signal.aborted };
});
