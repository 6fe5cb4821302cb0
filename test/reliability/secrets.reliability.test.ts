// The API key never shows (issue 22): runs made with a recognisable key — given as --api-key and as OPENAI_API_KEY —
// that succeed (--verbose, --html), meet a 401 or a 403 whose body and headers echo the key (raw, URL-encoded,
// base64, as some proxies do), time out, profile, check, and fail; then every output — stdout, stderr, every file
// under the output directories, the mock server's own output — is searched for the key as written, URL-encoded
// and inside any base64 run. The server side too: `mock-server --api-key` (flag or LLM_BENCH_SERVE_API_KEY) refuses
// a client without the key and serves one with it; a mock server started without --host is not reachable from a
// non-loopback address of this machine.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outsideAddress, tryConnect } from "../../src/serve/test-support/try-connect.js";
import {
  type CliResult,
  type MockServerProcess,
  repoRoot,
  runCli,
  startMockServerProcess,
} from "../e2e/support/cli.js";

const KEY = `sk-LLMBENCHSECRET-${randomBytes(12).toString("hex")}`;
const fixtureData = join(repoRoot, "src/benchmarks/gsm8k/fixtures");
const outputRoot = mkdtempSync(join(tmpdir(), "reliability-secrets-"));

/** Every output a test produced, searched at the end (and by each test for its own). */
const outputs: { what: string; text: string }[] = [];

/** Every file under `directory`, recursively, with its bytes as text. */
function filesUnder(directory: string): { path: string; text: string }[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, text: readFileSync(path, "latin1") }];
  });
}

/** The forms of the key found in `text`: as written, URL-encoded, or inside a base64/base64url run at any offset. */
function keyFormsIn(text: string): string[] {
  const found: string[] = [];
  if (text.includes(KEY)) found.push("raw");
  if (text.includes("LLMBENCHSECRET")) found.push("marker");
  if (text.toLowerCase().includes(encodeURIComponent(KEY).toLowerCase())) found.push("url-encoded");
  for (const run of text.match(/[A-Za-z0-9+/_-]{16,}={0,2}/g) ?? []) {
    for (let start = 0; start < 4; start++) {
      if (Buffer.from(run.slice(start), "base64").toString("latin1").includes(KEY.slice(4))) {
        found.push(`base64 "${run.slice(0, 24)}…"`);
        break;
      }
    }
  }
  return found;
}

function record(what: string, result: CliResult): CliResult {
  outputs.push(
    { what: `${what} stdout`, text: result.stdout },
    { what: `${what} stderr`, text: result.stderr },
  );
  return result;
}

/** Runs the CLI with the key as `--api-key` (`"flag"`) or as OPENAI_API_KEY (`"env"`), recording its output. */
async function withKey(what: string, given: "flag" | "env", args: readonly string[]): Promise<CliResult> {
  const result = await runCli(
    given === "flag" ? [...args, "--api-key", KEY] : args,
    given === "env" ? { env: { OPENAI_API_KEY: KEY } } : {},
  );
  return record(`${what} (key as ${given})`, result);
}

/**
 * A server whose /v1/models answers (unless `isRefusingAll`), and whose other routes answer `status` echoing the
 * key every way it can.
 */
function startEchoServer(
  status: number | "silent",
  isRefusingAll = false,
): Promise<Server & { url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url?.startsWith("/v1/models") === true && !isRefusingAll) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ object: "list", data: [{ id: "echo-model", object: "model" }] }));
        return;
      }
      if (status === "silent") return; // never answers: the client's timeout ends it
      const authorization = request.headers.authorization ?? "";
      const echoes = [
        authorization,
        encodeURIComponent(authorization),
        Buffer.from(authorization).toString("base64"),
        Buffer.from(`x${authorization}`).toString("base64url"),
      ];
      response.writeHead(status, {
        "content-type": "application/json",
        "www-authenticate": `Bearer realm="${echoes[2]}"`,
        "x-echo": echoes[1] ?? "",
      });
      response.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${echoes.join(" | ")}`,
            type: "invalid_request_error",
            code: "invalid_api_key",
          },
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(
        Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` }),
      ),
    ),
  );
}

/** What the mock-server process printed so far. */
function mockOutput(server: MockServerProcess): string {
  const { output } = server.child as unknown as { output: { stdout: string; stderr: string } };
  return `${output.stdout}${output.stderr}`;
}

const runArgs = (baseUrl: string, name: string, extra: readonly string[] = []): string[] => [
  ...["run", "gsm8k", "--base-url", baseUrl, "--data-dir", fixtureData, "--limit", "4"],
  ...["--output-dir", join(outputRoot, name), ...extra],
];

describe("the API key appears in no output", () => {
  let mock: MockServerProcess;
  let echo401: Server & { url: string };
  let echo403: Server & { url: string };
  let silent: Server & { url: string };
  beforeAll(async () => {
    mock = await startMockServerProcess([
      ...["--api-key", KEY, "--oracle-benchmarks", "gsm8k", "--oracle-accuracy", "1"],
      ...["--data-dir", fixtureData],
    ]);
    [echo401, echo403, silent] = await Promise.all([
      startEchoServer(401),
      startEchoServer(403),
      startEchoServer("silent"),
    ]);
  });
  afterAll(async () => {
    await mock?.stop();
    for (const server of [echo401, echo403, silent]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it.each(["flag", "env"] as const)(
    "a successful run with --verbose and --html (key as %s)",
    async (given) => {
      const result = await withKey(
        "run ok",
        given,
        runArgs(mock.url, `ok-${given}`, ["--verbose", "--html"]),
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain("PASS gsm8k");
      const files = filesUnder(join(outputRoot, `ok-${given}`)).map((file) => file.path);
      expect(files.some((path) => path.endsWith("report.html"))).toBe(true);
      expect(files.some((path) => path.endsWith("samples.jsonl"))).toBe(true);
    },
  );

  it("the mock server with --api-key refuses a run without the key, saying so (exit 1)", async () => {
    const result = record("run without key", await runCli(runArgs(mock.url, "no-key")));
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/401.*No API key provided/);
  });

  it.each([
    [401, "flag"],
    [403, "env"],
    [401, "env"],
    [403, "flag"],
  ] as const)(
    "a server answering %i that echoes the key (key as %s): the failure is reported, the key hidden",
    async (status, given) => {
      const server = status === 401 ? echo401 : echo403;
      const result = await withKey(
        `run ${status}`,
        given,
        runArgs(server.url, `echo-${status}-${given}`, ["--verbose", "--max-retries", "0"]),
      );
      expect(result.code).toBe(1);
      expect(`${result.stdout}${result.stderr}`).toMatch(
        new RegExp(`HTTP ${status}.*Incorrect API key provided`),
      );
      expect(`${result.stdout}${result.stderr}`).toContain("***");
      expect(readdirSync(join(outputRoot, `echo-${status}-${given}`)).length).toBeGreaterThan(0);
    },
  );

  it("a run whose requests time out (a server that never answers)", async () => {
    const result = await withKey(
      "run timeout",
      "env",
      runArgs(silent.url, "timeout", ["--timeout", "1", "--max-retries", "0", "--verbose", "--html"]),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/TIMEOUT gsm8k/);
  });

  it("a failing run: the server is gone", async () => {
    const closed = await startEchoServer(200);
    const url = closed.url;
    await new Promise((resolve) => closed.close(resolve));
    const result = await withKey(
      "run gone",
      "flag",
      runArgs(url, "gone", ["--max-retries", "0", "--verbose"]),
    );
    expect(result.code).not.toBe(0);
  });

  it.each(["flag", "env"] as const)("profile with --html (key as %s)", async (given) => {
    const result = await withKey("profile", given, [
      ...[
        "profile",
        "--base-url",
        mock.url,
        "--num-requests",
        "6",
        "--concurrency",
        "2",
        "--tokenizer",
        "server",
      ],
      ...["--output-dir", join(outputRoot, `profile-${given}`), "--html", "--accuracy-benchmark", "gsm8k"],
      ...["--data-dir", fixtureData],
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(
      filesUnder(join(outputRoot, `profile-${given}`)).some((file) =>
        file.path.endsWith("profile_export.jsonl"),
      ),
    ).toBe(true);
  });

  it("profile against a 401 server that echoes the key", async () => {
    const result = await withKey("profile 401", "env", [
      ...[
        "profile",
        "--base-url",
        echo401.url,
        "--num-requests",
        "4",
        "--output-dir",
        join(outputRoot, "profile-401"),
      ],
    ]);
    expect(result.code).not.toBe(0);
  });

  it("check, passing and refused", async () => {
    const passing = await withKey("check ok", "flag", ["check", "--base-url", mock.url]);
    expect(passing.code, passing.stderr).toBe(0);
    const refusing = await startEchoServer(401, true);
    try {
      const refused = await withKey("check 401", "env", ["check", "--base-url", refusing.url]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /HTTP 401 from GET \/v1\/models: Incorrect API key provided: Bearer \*\*\*/,
      );
    } finally {
      refusing.closeAllConnections();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it("no output holds the key in any form", () => {
    const files = filesUnder(outputRoot);
    expect(files.length).toBeGreaterThan(20);
    const leaks = [
      ...outputs.map(({ what, text }) => ({ what, forms: keyFormsIn(text) })),
      ...files.map(({ path, text }) => ({ what: path, forms: keyFormsIn(text) })),
      { what: "mock-server stdout/stderr", forms: keyFormsIn(mockOutput(mock)) },
    ].filter((entry) => entry.forms.length > 0);
    expect(leaks).toEqual([]);
    // The search itself finds each form (it is no test if it cannot fail).
    expect(keyFormsIn(`a ${KEY} b`)).toContain("raw");
    expect(keyFormsIn(encodeURIComponent(`x=${KEY}`))).toContain("url-encoded");
    for (const prefix of ["", "B", "Be", "Bearer "])
      expect(keyFormsIn(Buffer.from(`${prefix}${KEY}`).toString("base64")).length).toBeGreaterThan(0);
    process.stdout.write(
      `secrets: ${outputs.length / 2} CLI runs, ${files.length} files searched, ${leaks.length} leaks\n`,
    );
  });
});

describe("mock-server: the key from LLM_BENCH_SERVE_API_KEY, and 127.0.0.1 by default", () => {
  let mock: MockServerProcess;
  beforeAll(async () => {
    mock = await startMockServerProcess([], { env: { LLM_BENCH_SERVE_API_KEY: KEY } });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it("requires the key from the environment: check without it fails with 401, with it passes", async () => {
    const refused = record("check no key", await runCli(["check", "--base-url", mock.url]));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/HTTP 401 from GET \/v1\/models: No API key provided/);
    const passing = await withKey("check env-keyed mock", "env", ["check", "--base-url", mock.url]);
    expect(passing.code, passing.stderr).toBe(0);
    const texts = [refused.stdout, refused.stderr, passing.stdout, passing.stderr, mockOutput(mock)];
    expect(keyFormsIn(texts.join("\n"))).toEqual([]);
  });

  it.skipIf(outsideAddress === undefined)(
    "listens on 127.0.0.1 only: a connection to this machine's non-loopback address is refused",
    async () => {
      const port = Number(new URL(mock.url).port);
      expect(new URL(mock.url).hostname).toBe("127.0.0.1");
      expect(await tryConnect("127.0.0.1", port)).toBe("connected");
      expect(await tryConnect(outsideAddress ?? "", port)).toBe("ECONNREFUSED");
    },
  );
});
