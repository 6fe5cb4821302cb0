// A key inside --base-url (`http://user:KEY@host/v1`, `?api_key=KEY`) is sent to the server but appears in no file
// that `run` or `profile` writes, nor on the console — even when the server echoes the URL in its errors.
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./support/cli.js";
import { onlyRunDir, readJson } from "./support/run-dir.js";

const USER_SECRET = "user-SECRET-1234";
const QUERY_SECRET = "sk-QUERY-SECRET-5678";
const fixtureData = join(repoRoot, "src/benchmarks/gsm8k/fixtures");

/** Every file under `directory`, with its text. */
function filesUnder(directory: string): { path: string; text: string }[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, text: readFileSync(path, "utf8") }];
  });
}

function expectNoSecret(outputDir: string, console: { stdout: string; stderr: string }): void {
  const files = filesUnder(outputDir);
  expect(files.length).toBeGreaterThan(3);
  for (const { path, text } of files) {
    expect(text, path).not.toContain(USER_SECRET);
    expect(text, path).not.toContain(QUERY_SECRET);
    expect(text, path).not.toContain("SECRET");
  }
  expect(`${console.stdout}${console.stderr}`).not.toContain("SECRET");
}

describe("keys inside --base-url", () => {
  let server: Server;
  let port = 0;
  const urls: string[] = [];
  beforeAll(async () => {
    let completions = 0;
    // Answers every third completion with a 400 that echoes the request's URL (query key included).
    server = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        urls.push(request.url ?? "");
        if (request.url?.startsWith("/v1/models") === true) {
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ object: "list", data: [{ id: "m", object: "model" }] }));
          return;
        }
        if (completions++ % 3 === 0) {
          response.writeHead(400, { "content-type": "application/json" });
          response.end(JSON.stringify({ error: { message: `cannot serve ${request.url}` } }));
          return;
        }
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            choices: [
              {
                index: 0,
                message: { role: "assistant", content: "The answer is 36." },
                finish_reason: "stop",
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 5 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  const baseUrl = () => `http://user:${USER_SECRET}@127.0.0.1:${port}/v1?api_key=${QUERY_SECRET}`;
  const shownUrl = () => `http://user:***@127.0.0.1:${port}/v1?api_key=***`;

  it("run: sent to the server, redacted in run.json, <benchmark>.json, the spec's file, the journal and the console", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-url-secret-run-"));
    const args = ["--base-url", baseUrl(), "--model", "m", "--no-stream", "--max-retries", "0"];
    const result = await runCli([
      ...["run", "gsm8k", ...args, "--data-dir", fixtureData, "--output-dir", outputDir, "--verbose"],
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(urls.some((url) => url.includes(`api_key=${QUERY_SECRET}`))).toBe(true);
    const runDir = onlyRunDir(outputDir);
    expect(readJson<{ config: { baseUrl: string } }>(join(runDir, "run.json")).config.baseUrl).toBe(
      shownUrl(),
    );
    expect(readJson<{ config: { base_url: string } }>(join(runDir, "gsm8k.json")).config.base_url).toBe(
      shownUrl(),
    );
    const [specFile = ""] = readdirSync(outputDir).filter((name) => name.endsWith(".json"));
    expect(readJson<{ config: { base_url: string } }>(join(outputDir, specFile)).config.base_url).toBe(
      shownUrl(),
    );
    // The failed requests' messages are kept, with the key as ***.
    expect(readFileSync(join(runDir, "samples.jsonl"), "utf8")).toContain("api_key=***");
    expectNoSecret(outputDir, result);

    const resumed = await runCli(["run", "--resume", runDir]);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toContain("the run's --base-url held a key, which run.json does not keep");
    expect(`${resumed.stdout}${resumed.stderr}`).not.toContain("SECRET");
  });

  it("profile: redacted in run.json, profile_summary.json/csv, profile_export.jsonl and the accuracy files", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-url-secret-profile-"));
    const result = await runCli([
      ...["profile", "--base-url", baseUrl(), "--model", "m", "--no-stream", "--accuracy-benchmark", "gsm8k"],
      ...["--data-dir", fixtureData, "--concurrency", "2", "--output-dir", outputDir],
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(0);
    const runDir = onlyRunDir(outputDir);
    expect(readJson<{ config: { baseUrl: string } }>(join(runDir, "run.json")).config.baseUrl).toBe(
      shownUrl(),
    );
    expect(
      readJson<{ config: { baseUrl: string } }>(join(runDir, "profile_summary.json")).config.baseUrl,
    ).toBe(shownUrl());
    expect(readJson<{ config: { base_url: string } }>(join(runDir, "gsm8k.json")).config.base_url).toBe(
      shownUrl(),
    );
    expect(readFileSync(join(runDir, "profile_export.jsonl"), "utf8")).toContain("api_key=***");
    expectNoSecret(outputDir, result);
  });
});
