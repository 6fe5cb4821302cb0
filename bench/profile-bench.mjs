// Serving-performance benches of `llm-bench profile` against the mock server (both built CLIs, separate processes).
// Usage: node bench/profile-bench.mjs [rps|stream|latency|poisson|memory ...]   (default: all but memory)
// Env: BENCH_RUNS (default 3), BENCH_SCALE (multiplies request counts, default 1); BENCH_CLIENT_ROOT and
// BENCH_SERVER_ROOT run the client or the mock server from another built checkout (to tell which side changed).
import { spawn, spawnSync } from "node:child_process";
import diagnosticsChannel from "node:diagnostics_channel";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(process.env.BENCH_CLIENT_ROOT ?? root, "dist/cli/main.js");
const serverCli = join(process.env.BENCH_SERVER_ROOT ?? root, "dist/cli/main.js");
const runs = Number(process.env.BENCH_RUNS ?? 3);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const log = (line) => process.stderr.write(`${line}\n`);

/** Starts `llm-bench mock-server --port 0 ...args`; resolves its base URL. */
async function startServer(args) {
  const child = spawn(process.execPath, [serverCli, "mock-server", "--port", "0", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise((resolveUrl, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolveUrl(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`mock server exited (${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise((done) => {
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}

/** Runs `llm-bench profile`; returns its summary, the client's peak RSS (MB) and wall time. */
async function profile(url, args) {
  const outputDir = mkdtempSync(join(tmpdir(), "bench-profile-"));
  const startMs = performance.now();
  const child = spawn(
    process.execPath,
    [cli, "profile", "--base-url", url, "--output-dir", outputDir, ...args],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  let peakKb = 0;
  const poll = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const match = /VmHWM:\s+(\d+)/.exec(status);
      if (match) peakKb = Math.max(peakKb, Number(match[1]));
    } catch {
      // exited
    }
  }, 100);
  const code = await new Promise((done) => child.on("exit", done));
  clearInterval(poll);
  const wallS = (performance.now() - startMs) / 1000;
  if (code !== 0) throw new Error(`profile exited ${code}: ${stderr}`);
  const runDir = join(outputDir, readdirSync(outputDir)[0]);
  const summary = JSON.parse(readFileSync(join(runDir, "profile_summary.json"), "utf8"));
  rmSync(outputDir, { recursive: true, force: true });
  return { summary, peakRssMb: peakKb / 1024, wallS };
}

/** CPU seconds of the client process(es) during the load, from the client monitors. */
function clientCpuS(summary) {
  const client = summary.monitors.client;
  let cpuS = client.cpu_cores * client.wall_s;
  for (const worker of summary.monitors.client_workers?.workers ?? [])
    cpuS += worker.cpu_cores * worker.wall_s;
  return cpuS;
}

const CHAT_BODY = JSON.stringify({
  model: "mock-model",
  messages: [{ role: "user", content: "alpha beta gamma delta epsilon zeta eta theta" }],
  max_tokens: 16,
  stream: false,
});

/** wrk against the same server: requests/s at 64 connections. */
function runWrk(url, durationS) {
  const script = join(mkdtempSync(join(tmpdir(), "bench-wrk-")), "post.lua");
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.body = ${JSON.stringify(CHAT_BODY)}\nwrk.headers["Content-Type"] = "application/json"\n`,
  );
  const result = spawnSync(
    "wrk",
    ["-t", "1", "-c", "64", "-d", `${durationS}s`, "-s", script, `${url}/chat/completions`],
    {
      encoding: "utf8",
    },
  );
  const match = /Requests\/sec:\s+([\d.]+)/.exec(result.stdout);
  if (!match) throw new Error(`wrk failed: ${result.stdout}${result.stderr}`);
  if (/Non-2xx/.test(result.stdout)) throw new Error(`wrk got errors: ${result.stdout}`);
  return Number(match[1]);
}

/** A bare undici Pool loop in this process (no backend, no metrics): the ceiling of a Node/undici client here. */
async function runUndici(url, durationMs) {
  const { Pool } = await import("undici");
  const origin = new URL(url).origin;
  const pool = new Pool(origin, { connections: 64 });
  let count = 0;
  const startMs = performance.now();
  const endMs = startMs + durationMs;
  const loop = async () => {
    while (performance.now() < endMs) {
      const response = await pool.request({
        method: "POST",
        path: "/v1/chat/completions",
        body: CHAT_BODY,
        headers: { "content-type": "application/json" },
      });
      await response.body.text();
      if (response.statusCode === 200) count++;
    }
  };
  await Promise.all(Array.from({ length: 64 }, loop));
  await pool.close();
  return count / ((performance.now() - startMs) / 1000);
}

/**
 * A probe client (undici Pool + the CLI's SSE decoder, `concurrency` requests in flight) against a
 * `--chunk-timestamps` server: each request's TTFT error split into the request's transit (client send → server
 * arrival), the server's own lateness (first content written − arrival − injected TTFT) and the client-side part
 * (first content read − written), all on `performance.timeOrigin + now()` of the same machine. The transit is split
 * again at the moment undici writes the request (`undici:client:sendHeaders`): held in the client (undici waits a
 * turn of the event loop before it reuses a keep-alive socket) and on the wire / in the server's read queue.
 */
async function probeTtft(url, concurrency, count, ttftMs) {
  const { Pool } = await import("undici");
  const { SseDecoder } = await import(
    pathToFileURL(join(root, "dist/backends/openai-http/sse-decoder.js")).href
  );
  const origin = new URL(url).origin;
  const path = `${new URL(url).pathname.replace(/\/+$/, "")}/chat/completions`;
  const pool = new Pool(origin, { connections: concurrency });
  const epochMs = () => performance.timeOrigin + performance.now();
  const body = JSON.stringify({
    model: "mock-model",
    messages: [{ role: "user", content: "alpha beta gamma delta epsilon zeta eta theta" }],
    max_tokens: 100,
    stream: true,
  });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const response = await pool.request({ method: "GET", path: "/v1/models" });
      await response.body.text();
    }),
  );
  const rows = [];
  const writtenByBody = new WeakMap();
  const onSendHeaders = ({ request }) => {
    if (writtenByBody.has(request.body)) writtenByBody.set(request.body, epochMs());
  };
  diagnosticsChannel.subscribe("undici:client:sendHeaders", onSendHeaders);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const bodyBytes = Buffer.from(body);
      writtenByBody.set(bodyBytes, undefined);
      const sentMs = epochMs();
      const response = await pool.request({
        method: "POST",
        path,
        body: bodyBytes,
        headers: { "content-type": "application/json", accept: "text/event-stream" },
      });
      const socketMs = writtenByBody.get(bodyBytes) ?? sentMs;
      const decoder = new SseDecoder();
      let arrivalMs;
      let writtenMs;
      let readMs;
      let chunkReadMs = 0;
      const onEvent = (event) => {
        if (readMs !== undefined || event.data === "[DONE]") return;
        const chunk = JSON.parse(event.data);
        arrivalMs ??= chunk.server_arrival_ts_ms;
        if (chunk.choices?.[0]?.delta?.content) {
          readMs = chunkReadMs;
          writtenMs = chunk.server_ts_ms;
        }
      };
      for await (const bytes of response.body) {
        chunkReadMs = epochMs();
        decoder.push(bytes, onEvent);
      }
      rows.push({
        total: readMs - sentMs - ttftMs,
        transit: arrivalMs - sentMs,
        held: socketMs - sentMs,
        wire: arrivalMs - socketMs,
        server: writtenMs - arrivalMs - ttftMs,
        client: readMs - writtenMs,
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  diagnosticsChannel.unsubscribe("undici:client:sendHeaders", onSendHeaders);
  await pool.close();
  const pick = (key, quantile) => {
    const sorted = rows.map((row) => row[key]).sort((a, b) => a - b);
    return round(sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))], 2);
  };
  const split = {};
  for (const key of ["total", "transit", "held", "wire", "server", "client"]) {
    split[`${key}_p50_ms`] = pick(key, 0.5);
    split[`${key}_p99_ms`] = pick(key, 0.99);
  }
  return split;
}

function hasWrk() {
  return spawnSync("wrk", ["--version"], { encoding: "utf8" }).error === undefined;
}

const benches = {
  /** Non-streaming small responses at concurrency 64: profile's req/s over wrk's, interleaved in one session. */
  async rps() {
    if (!hasWrk()) {
      log(
        "rps: wrk is not installed. Install it (Debian/Ubuntu): sudo apt-get install -y wrk — then run again.",
      );
      return { skipped: "wrk not installed (apt-get install -y wrk)" };
    }
    const server = await startServer([]);
    // Both load the server for the same time: wrk for 5 s, the profile for a 5 s schedule (its rate is over the
    // measured requests' first send → last end). A 40,000-request profile (~1 s) read 5–15 % lower than a 5 s one
    // in interleaved runs: its start weighs more.
    const seconds = Math.max(1, Math.round(5 * scale));
    const rows = [];
    try {
      runWrk(server.url, 2); // warm-up
      for (let run = 0; run < runs; run++) {
        const wrk = runWrk(server.url, seconds);
        const { summary } = await profile(server.url, [
          ...["--concurrency", "64", "--no-stream", "--isl", "8", "--osl", "16"],
          ...["--duration", String(seconds)],
        ]);
        const undici = await runUndici(server.url, 5000);
        const rate = summary.request_throughput_rps;
        rows.push({ wrk, undici, profile: rate, ratio: rate / wrk, cpu: summary.monitors.client.cpu_cores });
        log(
          `rps run ${run + 1}: wrk ${round(wrk, 0)}, bare undici ${round(undici, 0)}, profile ${round(rate, 0)}`,
        );
      }
    } finally {
      await server.stop();
    }
    return {
      target: "profile ≥ 0.8 × wrk",
      wrk_rps: round(median(rows.map((row) => row.wrk)), 0),
      bare_undici_rps: round(median(rows.map((row) => row.undici)), 0),
      profile_rps: round(median(rows.map((row) => row.profile)), 0),
      ratio: round(median(rows.map((row) => row.ratio)), 3),
      undici_to_wrk: round(median(rows.map((row) => row.undici / row.wrk)), 3),
      profile_client_cpu_cores: round(median(rows.map((row) => row.cpu)), 2),
      runs: rows.map((row) => ({
        wrk: round(row.wrk, 0),
        undici: round(row.undici, 0),
        profile: round(row.profile, 0),
      })),
    };
  },

  /** Streaming 100-token responses: output tokens parsed per second of client CPU. */
  async stream() {
    const server = await startServer([]);
    const rows = [];
    try {
      for (let run = 0; run < runs; run++) {
        const { summary } = await profile(server.url, [
          ...["--concurrency", "64", "--isl", "8", "--osl", "100"],
          // 16,000 requests (~3 s): at 4,000 (<1 s) the JIT warm-up was a quarter of the client's CPU.
          ...["--num-requests", String(Math.round(16_000 * scale))],
        ]);
        const cpuS = clientCpuS(summary);
        rows.push({
          tokensPerCpuS: summary.total_output_tokens / cpuS,
          tokensPerS: summary.output_token_throughput_tps,
          cpuCores: summary.monitors.client.cpu_cores,
        });
        log(`stream run ${run + 1}: ${round(rows.at(-1).tokensPerCpuS, 0)} tokens per client CPU second`);
      }
    } finally {
      await server.stop();
    }
    return {
      target: "≥ 400,000 tokens/s per client core",
      tokens_per_client_cpu_s: round(median(rows.map((row) => row.tokensPerCpuS)), 0),
      wall_tokens_per_s: round(median(rows.map((row) => row.tokensPerS)), 0),
      client_cpu_cores: round(median(rows.map((row) => row.cpuCores)), 2),
    };
  },

  /** Injected TTFT 100 ms, ITL 5 ms, 100 tokens: measured minus injected, by concurrency. */
  async latency() {
    const serverWorkers = process.env.BENCH_SERVER_WORKERS ?? "1";
    const server = await startServer(["--ttft-ms", "100", "--itl-ms", "5", "--workers", serverWorkers]);
    const stamped = await startServer(["--ttft-ms", "100", "--itl-ms", "5", "--chunk-timestamps"]);
    const result = {};
    try {
      for (const concurrency of [16, 64, 256]) {
        const rows = [];
        for (let run = 0; run < runs; run++) {
          const count = Math.round(concurrency * 8 * scale);
          const { summary } = await profile(server.url, [
            ...["--concurrency", String(concurrency), "--isl", "8", "--osl", "100"],
            ...["--num-requests", String(count), "--warmup", String(concurrency)],
          ]);
          const { ttft_ms: ttft, itl_ms: itl, tpot_ms: tpot, inter_chunk_ms: gaps } = summary.metrics;
          rows.push({
            ttftP50: ttft.p50 - 100,
            ttftP99: ttft.p99 - 100,
            itlP99: itl.p99 - 5,
            gapP99: gaps.p99 - 5,
            tpotMeanPct: ((tpot.mean - 5) / 5) * 100,
            cpu: summary.monitors.client.cpu_cores,
          });
          log(`latency c=${concurrency} run ${run + 1}: ${JSON.stringify(rows.at(-1))}`);
        }
        const pick = (key) => round(median(rows.map((row) => row[key])), 2);
        const probe = await probeTtft(stamped.url, concurrency, Math.round(concurrency * 8 * scale), 100);
        log(`latency c=${concurrency} probe split: ${JSON.stringify(probe)}`);
        result[`c${concurrency}`] = {
          ttft_error_p50_ms: pick("ttftP50"),
          ttft_error_p99_ms: pick("ttftP99"),
          itl_error_p99_ms: pick("itlP99"),
          inter_chunk_error_p99_ms: pick("gapP99"),
          tpot_mean_error_pct: pick("tpotMeanPct"),
          client_cpu_cores: pick("cpu"),
          probe_ttft_error_split: probe,
        };
      }
    } finally {
      await server.stop();
      await stamped.stop();
    }
    return {
      target: "c≤64: TTFT err p50 ≤ 2, p99 ≤ 10 ms; c=256: p50 ≤ 10, p99 ≤ 40, ITL p99 err ≤ 6 ms, TPOT ±2%",
      server_workers: Number(serverWorkers),
      ...result,
    };
  },

  /** Poisson 5,000 req/s: achieved rate and send lag. */
  async poisson() {
    const server = await startServer(["--workers", process.env.BENCH_SERVER_WORKERS ?? "1"]);
    const clientWorkers = process.env.BENCH_CLIENT_WORKERS ?? "1";
    const rows = [];
    try {
      // The mock server is a Node process too: one throwaway second of the load compiles its hot path, so that the
      // first measured run does not time the server's own warm-up.
      await profile(server.url, [
        "--request-rate",
        "5000",
        "--isl",
        "8",
        "--osl",
        "10",
        "--num-requests",
        "5000",
      ]);
      for (let run = 0; run < runs; run++) {
        const args = [
          ...["--request-rate", "5000", "--isl", "8", "--osl", "10", "--workers", clientWorkers],
          ...["--num-requests", String(Math.round(30_000 * scale)), "--seed", String(run)],
        ];
        const { summary } = await profile(server.url, args);
        // The same schedule after a 1 s warmup (5,000 requests, left out of the statistics): the start-up alone.
        const warm = (await profile(server.url, [...args, "--warmup", "5000"])).summary;
        rows.push({
          achieved: summary.achieved_request_rate_rps,
          lagP99: summary.metrics.send_lag_ms.p99,
          lagP50: summary.metrics.send_lag_ms.p50,
          warmAchieved: warm.achieved_request_rate_rps,
          warmLagP99: warm.metrics.send_lag_ms.p99,
          warmLagP50: warm.metrics.send_lag_ms.p50,
          failed: summary.failed_requests + warm.failed_requests,
        });
        log(`poisson run ${run + 1}: ${JSON.stringify(rows.at(-1))}`);
      }
    } finally {
      await server.stop();
    }
    const achieved = median(rows.map((row) => row.achieved));
    return {
      target: "achieved within 1% of 5,000 req/s, send lag p99 ≤ 10 ms",
      client_workers: Number(clientWorkers),
      achieved_rps: round(achieved, 0),
      achieved_error_pct: round(((achieved - 5000) / 5000) * 100, 2),
      send_lag_p50_ms: round(median(rows.map((row) => row.lagP50)), 2),
      send_lag_p99_ms: round(median(rows.map((row) => row.lagP99)), 2),
      send_lag_p99_ms_runs: rows.map((row) => round(row.lagP99, 1)),
      after_1s_warmup: {
        achieved_rps: round(median(rows.map((row) => row.warmAchieved)), 0),
        send_lag_p50_ms: round(median(rows.map((row) => row.warmLagP50)), 2),
        send_lag_p99_ms: round(median(rows.map((row) => row.warmLagP99)), 2),
        send_lag_p99_ms_runs: rows.map((row) => round(row.warmLagP99, 1)),
      },
      failed: rows.map((row) => row.failed),
    };
  },

  /** Peak RSS of a 1,000,000-request profile (non-streaming, closed loop 64). */
  async memory() {
    const server = await startServer([]);
    try {
      const count = Math.round(1_000_000 * scale);
      const { summary, peakRssMb, wallS } = await profile(server.url, [
        ...["--concurrency", "64", "--isl", "8", "--osl", "4", "--num-requests", String(count)],
      ]);
      return {
        target: "peak RSS < 400 MB",
        requests: summary.request_count,
        peak_rss_mb: round(peakRssMb, 0),
        wall_s: round(wallS, 0),
        rps: round(summary.request_throughput_rps, 0),
      };
    } finally {
      await server.stop();
    }
  },
};

const names = process.argv.slice(2);
const selected = names.length > 0 ? names : ["rps", "stream", "latency", "poisson"];
const report = {
  date: new Date().toISOString().slice(0, 10),
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? "?"}`,
  node: process.version,
  load_average_at_start: loadavg().map((value) => round(value, 2)),
  runs,
  scale,
};
for (const name of selected) {
  if (!(name in benches)) throw new Error(`unknown bench ${name}; one of ${Object.keys(benches).join(", ")}`);
  report[name] = await benches[name]();
}
console.log(JSON.stringify(report, null, 2));
