// What the CLI benches share: the built CLI, a mock server in its own process, a timed CLI command with its peak
// RSS (VmHWM sampled from /proc), and the median.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const cli = join(root, "dist/cli/main.js");
export const sharedData = resolve(process.env.LLM_BENCH_SHARED_DATA ?? join(root, "../shared/data"));

/** `llm-bench mock-server --port 0 ARGS…`; resolves with the child and its URL once it listens. */
export function startMockServer(args) {
  const child = spawn(process.execPath, [cli, "mock-server", "--port", "0", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolveServer, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolveServer({ child, url: match[1] });
    });
    child.on("exit", (code) => reject(new Error(`mock server exited (${code})`)));
  });
}

/** Runs `llm-bench ARGS…`, timing it from spawn to exit and sampling its peak RSS; rejects on a non-zero exit. */
export function timedCliRun(args) {
  return new Promise((resolveRun, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    let peakKb = 0;
    const sample = () => {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
        if (match) peakKb = Math.max(peakKb, Number(match[1]));
      } catch {}
    };
    const timer = setInterval(sample, 20);
    child.on("exit", (code) => {
      clearInterval(timer);
      const wallS = (performance.now() - started) / 1000;
      if (code !== 0) reject(new Error(`llm-bench ${args[0]} exited ${code}: ${stderr.slice(-2000)}`));
      else resolveRun({ wallS, peakMb: peakKb / 1024 });
    });
  });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
