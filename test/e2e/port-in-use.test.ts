// `serve` and `mock-server` on a port in use: a message naming the port and how to fix it, exit 2, no stack trace.
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliResult, repoRoot, runCli } from "./support/cli.js";

const modelPath = join(
  process.env["LLM_BENCH_SHARED_MODELS"] ?? join(repoRoot, "../shared/models"),
  "synth-tiny-chatml-q8_0.gguf",
);

describe("a port in use", () => {
  let blocker: Server;
  let port: number;
  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const address = blocker.address();
    port = typeof address === "object" && address !== null ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
  });

  function expectPortMessage(result: CliResult): void {
    expect(result.stderr).toContain(
      `error: Port ${port} on 127.0.0.1 is already in use. Choose another port with --port P, or --port 0 for a free one.`,
    );
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.code).toBe(2);
  }

  it("mock-server says so and exits 2", async () => {
    expectPortMessage(await runCli(["mock-server", "--port", String(port)]));
  }, 60_000);

  it("mock-server --workers 2 says so and exits 2", async () => {
    expectPortMessage(await runCli(["mock-server", "--port", String(port), "--workers", "2"]));
  }, 60_000);

  it.skipIf(!existsSync(modelPath))(
    "serve says so and exits 2",
    async () => {
      expectPortMessage(await runCli(["serve", "--model-path", modelPath, "--port", String(port)]));
    },
    120_000,
  );
});
