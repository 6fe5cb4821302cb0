// Server CPU per request of two builds' mock servers under the same load at the same time (so a busy shared machine
// slows both alike): each server in its own process from BUILD/dist, 32 connections each, CPU from /proc.
// Usage: node bench/mock-server-cpu.mjs ROOT_A ROOT_B [stream]   (build both first: npx tsc -p tsconfig.build.json)
// Env: BENCH_ROUNDS (default 5), BENCH_REQUESTS per round and server (default 10000), BENCH_TOKENS (default 16).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Pool } from "undici";

const [rootA, rootB] = [resolve(process.argv[2] ?? "."), resolve(process.argv[3] ?? ".")];
const stream = process.argv[4] === "stream";
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const count = Number(process.env.BENCH_REQUESTS ?? 10_000);
const maxTokens = Number(process.env.BENCH_TOKENS ?? 16);
const body = JSON.stringify({
  messages: [{ role: "user", content: "Hello there" }],
  max_tokens: maxTokens,
  stream,
});

async function start(root) {
  const entry = pathToFileURL(join(root, "dist/mock-server/start-mock-server.js")).href;
  const script = `const { startMockServer } = await import(${JSON.stringify(entry)});
const server = await startMockServer({ port: 0 }); process.stdout.write("PORT " + server.port + "\\n");`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise((resolvePort) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /PORT (\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    });
  });
  // utime + stime of the server process, in clock ticks (100 per second).
  const ticks = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  return { child, port, ticks };
}

async function load(port, requests) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 32 });
  let next = 0;
  const worker = async () => {
    while (next++ < requests) {
      const response = await pool.request({
        method: "POST",
        path: "/v1/chat/completions",
        body,
        headers: { "content-type": "application/json" },
      });
      await response.body.dump();
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  await pool.close();
}

const a = await start(rootA);
const b = await start(rootB);
await Promise.all([load(a.port, 4000), load(b.port, 4000)]); // warm-up
const ratios = [];
for (let round = 0; round < rounds; round++) {
  const [a0, b0] = [a.ticks(), b.ticks()];
  await Promise.all([load(a.port, count), load(b.port, count)]);
  const aUs = ((a.ticks() - a0) * 10_000) / count;
  const bUs = ((b.ticks() - b0) * 10_000) / count;
  ratios.push(bUs / aUs);
  process.stderr.write(
    `round ${round + 1}: A ${aUs.toFixed(1)} µs/request, B ${bUs.toFixed(1)} µs/request\n`,
  );
}
ratios.sort((x, y) => x - y);
console.log(
  JSON.stringify({
    a: rootA,
    b: rootB,
    stream,
    maxTokens,
    medianRatioBtoA: Number(ratios[Math.floor(rounds / 2)].toFixed(3)),
  }),
);
a.child.kill();
b.child.kill();
