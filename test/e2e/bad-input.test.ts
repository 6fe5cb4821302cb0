// Every bad input gets a clear message naming what was wrong, exit 2 (1 for a runtime failure), no stack trace.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliResult, type MockServerProcess, runCli, startMockServerProcess } from "./support/cli.js";
import { runDirNames } from "./support/run-dir.js";

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function expectUsageError(result: CliResult, pattern: RegExp): void {
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(result.code).toBe(2);
}

/** A data directory with two tiny GSM8K files; `mutate` may break it. */
function gsm8kDataDir(testLines: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "bad-data-"));
  mkdirSync(join(dir, "gsm8k"));
  writeFileSync(join(dir, "gsm8k/test.jsonl"), `${testLines.join("\n")}\n`);
  writeFileSync(
    join(dir, "gsm8k/train.jsonl"),
    `${JSON.stringify({ question: "1+1?", answer: "2\n#### 2" })}\n`,
  );
  return dir;
}

const goodLine = JSON.stringify({ question: "What is 2+3?", answer: "2+3=5\n#### 5" });

describe("bad input", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess([]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("an unknown benchmark lists the available ones", async () => {
    const result = await runCli(["run", "mmlux", "--base-url", server.url]);
    expectUsageError(result, /Unknown benchmark "mmlux"\. Available: .*gsm8k.*mmlu/);
  });

  it("container flags: an unreachable engine, a bad size, a bad image map, an unknown prune action", async () => {
    const [engine, memory, imageMap, prune] = await Promise.all([
      runCli([
        "run",
        "swe_bench",
        "--base-url",
        server.url,
        "--docker-host",
        "unix:///nonexistent/docker.sock",
      ]),
      runCli(["run", "swe_bench", "--base-url", server.url, "--container-memory", "lots"]),
      runCli(["run", "terminal_bench", "--base-url", server.url, "--image-map", "python:3.11"]),
      runCli(["containers", "clean"]),
    ]);
    expectUsageError(
      engine,
      /container engine at unix:\/\/\/nonexistent\/docker.sock does not answer.*--docker-host/s,
    );
    expectUsageError(memory, /--container-memory.*a size such as 2g or 512m/);
    expectUsageError(imageMap, /--image-map: expected FROM=TO/);
    expectUsageError(prune, /containers: unknown action "clean"; usage: llm-bench containers prune/);
  });

  it("an unknown flag points at --help", async () => {
    expectUsageError(
      await runCli(["run", "gsm8k", "--concurrrency", "4"]),
      /--concurrrency.*llm-bench run --help/,
    );
  });

  it("no benchmark at all says to name one", async () => {
    expectUsageError(await runCli(["run", "--base-url", server.url]), /name at least one benchmark/);
  });

  it("an unreachable server is named", async () => {
    const port = await closedPort();
    const result = await runCli([
      "run",
      "gsm8k",
      "--base-url",
      `http://127.0.0.1:${port}/v1`,
      "--model",
      "m",
    ]);
    expectUsageError(result, new RegExp(`Cannot reach the server at http://127\\.0\\.0\\.1:${port}/v1`));
  });

  it("check exits 1 when the server cannot be reached", async () => {
    const port = await closedPort();
    const result = await runCli(["check", "--base-url", `http://127.0.0.1:${port}/v1`]);
    expect(result.stderr).toMatch(/Cannot reach the server/);
    expect(result.code).toBe(1);
  });

  it("a model the server does not serve lists what it serves", async () => {
    const result = await runCli(["run", "gsm8k", "--base-url", server.url, "--model", "llama-9000"]);
    expectUsageError(result, /Model "llama-9000" is not served at .*Served: mock-model/);
    const check = await runCli(["check", "--base-url", server.url, "--model", "llama-9000"]);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/NOT served.*mock-model/);
  });

  it("invalid --extra-inputs JSON is explained", async () => {
    const result = await runCli([
      "run",
      "gsm8k",
      "--base-url",
      server.url,
      "--extra-inputs",
      "{temperature: 0}",
    ]);
    expectUsageError(result, /--extra-inputs: not valid JSON/);
  });

  it("bad numbers are explained", async () => {
    expectUsageError(
      await runCli(["run", "gsm8k", "--concurrency", "0"]),
      /--concurrency: .*>=1|--concurrency: .*1/,
    );
    expectUsageError(
      await runCli(["run", "gsm8k", "--limit", "ten"]),
      /--limit: expected a positive integer, got "ten"/,
    );
    expectUsageError(
      await runCli(["run", "gsm8k", "--endpoint-type", "responses"]),
      /--endpoint-type: expected chat or completions/,
    );
  });

  it("a negative number after a flag is its value, checked as one", async () => {
    expectUsageError(
      await runCli(["run", "gsm8k", "--concurrency", "-4"]),
      /--concurrency: expected a positive integer up to 100000, got "-4"/,
    );
    expectUsageError(
      await runCli(["profile", "--concurrency", "-4"]),
      /--concurrency: expected a positive integer up to 1000000, got "-4"/,
    );
  });

  it("a mistyped flag or command gets the nearest known one", async () => {
    expectUsageError(
      await runCli(["run", "gsm8k", "--limt", "5"]),
      /unknown option --limt; did you mean --limit\?/,
    );
    expectUsageError(await runCli(["--modle", "m", "check"]), /did you mean --model\?/);
    expectUsageError(await runCli(["chek"]), /unknown command "chek"; did you mean check\?/);
  });

  it("--backend names its choices", async () => {
    expectUsageError(
      await runCli(["run", "gsm8k", "--backend", "grpc"]),
      /--backend: expected http or local, got "grpc"/,
    );
  });

  it("an option before a command that does not take it is refused", async () => {
    expectUsageError(
      await runCli(["--concurrency", "4", "check"]),
      /--concurrency is not an option of `llm-bench check`/,
    );
  });

  it("a missing data file is named with its path", async () => {
    const empty = mkdtempSync(join(tmpdir(), "empty-data-"));
    const result = await runCli(["run", "gsm8k", "--base-url", server.url, "--data-dir", empty]);
    expectUsageError(result, new RegExp(`${join(empty, "gsm8k", "test.jsonl").replaceAll("/", "\\/")}`));
  });

  it("a row lacking a field names the file, the row and the field", async () => {
    const dataDir = gsm8kDataDir([goodLine, JSON.stringify({ question: "No answer here" })]);
    const result = await runCli(["run", "gsm8k", "--base-url", server.url, "--data-dir", dataDir]);
    expectUsageError(result, /gsm8k\/test\.jsonl.*row 2.*field "answer"/);
  });

  it("an unwritable output directory is named", async () => {
    const dataDir = gsm8kDataDir([goodLine]);
    const blocker = join(mkdtempSync(join(tmpdir(), "blocked-")), "file");
    writeFileSync(blocker, "not a directory");
    chmodSync(blocker, 0o444);
    const result = await runCli([
      "run",
      "gsm8k",
      "--base-url",
      server.url,
      "--data-dir",
      dataDir,
      "--output-dir",
      join(blocker, "out"),
    ]);
    expectUsageError(result, /Cannot create the run directory .*blocked-.*Choose a writable --output-dir/);
  });

  it("too many shots is refused with the benchmark's maximum", async () => {
    const dataDir = gsm8kDataDir([goodLine]);
    const result = await runCli([
      "run",
      "gsm8k",
      "--base-url",
      server.url,
      "--data-dir",
      dataDir,
      "--n-shots",
      "9",
    ]);
    expectUsageError(result, /n-shots 9/);
  });

  it("--resume of a directory that is not a run says so", async () => {
    const notARun = mkdtempSync(join(tmpdir(), "not-a-run-"));
    expectUsageError(await runCli(["run", "--resume", notARun]), /no run\.json there/);
  });

  it("--resume refuses a change of what is asked", async () => {
    const dataDir = gsm8kDataDir([goodLine]);
    const outputDir = mkdtempSync(join(tmpdir(), "resume-change-"));
    const first = await runCli([
      "run",
      "gsm8k",
      "--base-url",
      server.url,
      "--data-dir",
      dataDir,
      "--output-dir",
      outputDir,
    ]);
    expect(first.code).toBe(0);
    const runDir = join(outputDir, runDirNames(outputDir)[0] ?? "");
    const changed = await runCli([
      "run",
      "--resume",
      runDir,
      "--base-url",
      server.url,
      "--temperature",
      "0.7",
    ]);
    expectUsageError(
      changed,
      /--resume: temperature was not given \(the default applied\) in the run being resumed, 0\.7 now/,
    );
    expect(JSON.parse(readFileSync(join(runDir, "run.json"), "utf8")).status).toBe("completed");
  });
});
