// The client's own warm-up before t0: V8 compiles a function to fast code only after it has run a while, so a cold
// client spent the first ~0.5 s of an open loop interpreting its request path, fell behind a 5,000 req/s schedule
// by tens to hundreds of milliseconds, and opened hundreds of connections catching up. Here the same path (the HTTP
// client, the SSE and JSON readers, metrics, the recorder's export lines and statistics) runs for a short budget against a mock server
// inside this process, never against the server under test, before the monitors start and the schedule begins.
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import type { GenerationRequest } from "../core/generation.js";
import { schedule } from "../engine/scheduler.js";
import { MetricsCollector } from "../metrics/metrics-collector.js";
import { startMockServer } from "../mock-server/start-mock-server.js";
import { JsonLineBytes } from "../results/json-line-bytes.js";
import type { Workload } from "../workloads/workload.js";
import { createProfileRecorder, endedRequest } from "./profile-recorder.js";

export interface ClientWarmUpOptions {
  workload: Workload;
  model: string;
  /** Stop after this long (ms). */
  budgetMs: number;
  /** Stop after this many requests, whichever comes first (default 20,000). */
  maxRequests?: number | undefined;
  /** Requests in flight (default 16). */
  concurrency?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface ClientWarmUpReport {
  requests: number;
  /** Requests answered in full (the others would have warmed an error path instead). */
  okRequests: number;
  elapsedMs: number;
}

/** Output tokens a warm-up answer has at most: enough to run the streaming path, short enough to be quick. */
const MAX_WARM_UP_TOKENS = 16;

/** The item's request with a short answer (the warm-up exercises the path, not the lengths). */
function shortened(request: GenerationRequest): GenerationRequest {
  const maxTokens = Math.min(request.params.maxTokens ?? MAX_WARM_UP_TOKENS, MAX_WARM_UP_TOKENS);
  return { ...request, params: { ...request.params, maxTokens } };
}

export async function warmUpClient(options: ClientWarmUpOptions): Promise<ClientWarmUpReport> {
  const startMs = performance.now();
  if (options.budgetMs <= 0) return { requests: 0, okRequests: 0, elapsedMs: 0 };
  const server = await startMockServer({ model: options.model });
  const backend = createOpenAiHttpBackend({ baseUrl: server.url, model: options.model, maxRetries: 0 });
  const { workload, signal } = options;
  const maxRequests = options.maxRequests ?? 20_000;
  const itemCount = Math.min(workload.size, 64);
  // The recorder a profile uses, its export lines written to memory and dropped.
  const line = new JsonLineBytes();
  const recorder = createProfileRecorder({
    exportFile: { line, endLine: () => void line.take(), close: () => undefined },
    collector: new MetricsCollector(),
    warmup: 0,
    runStartMs: startMs,
  });
  let ok = 0;
  let sent = 0;
  try {
    // The run's own closed loop, ending at the budget or the request cap.
    const load = await schedule({
      mode: { type: "closed", concurrency: options.concurrency ?? 16 },
      requestCount: maxRequests,
      durationMs: options.budgetMs,
      startMs,
      signal,
      send: async ({ index, intendedMs, readyMs }, inFlight) => {
        const item = workload.item(index % itemCount);
        const result = await backend.generate(shortened(item.request), { signal: inFlight });
        if (result.status === "ok") ok++;
        recorder.record(endedRequest(index, result, { intendedMs, readyMs }, item.targetInputTokens));
      },
    });
    sent = load.sent;
  } finally {
    await backend.close();
    await server.close();
  }
  return { requests: sent, okRequests: ok, elapsedMs: performance.now() - startMs };
}
