// Resolving `--tokenizer`: hf: through a local server in the Hub's layout serving a real tokenizer.json (cache,
// commit, offline, missing repository), the default chain (Hub name → server's /tokenize → a clear error), and
// the server kind against the mock server's /tokenize and /detokenize.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import type { Backend } from "../core/generation.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import { type FakeHub, startFakeHub } from "../datasets/test-support/fake-hub-server.js";
import { BenchError, ConfigError } from "../errors.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { resolveRunTokenizer } from "./resolve-run-tokenizer.js";
import { npmTokenizer, npmTokenizerDirectory } from "./test-support/npm-tokenizer-json.js";
import { VARIED_TEXT } from "./test-support/varied-text-sample.js";

const COMMIT = "0123456789abcdef0123456789abcdef01234567";
const REPO = "mistral-like/sentencepiece-bpe";

let hub: FakeHub;
let mock: MockServer;
let cacheDir: string;
const opened: TextTokenizer[] = [];
const clients: Backend[] = [];

beforeAll(async () => {
  const directory = npmTokenizerDirectory("mistral");
  hub = await startFakeHub({
    datasets: {},
    models: {
      [REPO]: {
        commit: COMMIT,
        files: {
          "tokenizer.json": path.join(directory, "tokenizer.json"),
          "tokenizer_config.json": path.join(directory, "tokenizer_config.json"),
        },
      },
      "no-config/repo": {
        commit: COMMIT,
        files: { "tokenizer.json": path.join(directory, "tokenizer.json") },
      },
    },
  });
  mock = await startMockServer({ model: "mock-model" });
  cacheDir = mkdtempSync(path.join(tmpdir(), "llm-bench-tokenizers-"));
});
afterAll(async () => {
  for (const tokenizer of opened) await tokenizer.close?.();
  for (const client of clients) await client.close();
  await hub.close();
  await mock.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

function client(model = "mock-model"): Backend {
  const backend = createOpenAiHttpBackend({ baseUrl: mock.url, model, maxRetries: 0 });
  clients.push(backend);
  return backend;
}

async function resolve(context: Partial<Parameters<typeof resolveRunTokenizer>[0]>): Promise<TextTokenizer> {
  const tokenizer = await resolveRunTokenizer({
    spec: undefined,
    model: undefined,
    env: { HF_ENDPOINT: hub.endpoint, LLM_BENCH_CACHE: cacheDir },
    ...context,
  });
  opened.push(tokenizer);
  return tokenizer;
}

async function failure(promise: Promise<unknown>): Promise<BenchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof BenchError)) throw new Error(`expected a BenchError, got ${String(error)}`);
  return error;
}

describe("hf: tokenizers", () => {
  it("downloads tokenizer.json at the revision's commit into the cache and tokenizes as the file does", async () => {
    const tokenizer = await resolve({ spec: `hf:${REPO}` });
    expect(await tokenizer.encode(VARIED_TEXT)).toEqual(await npmTokenizer("mistral").encode(VARIED_TEXT));
    expect(tokenizer.record).toEqual({
      spec: `hf:${REPO}`,
      kind: "hf",
      source: REPO,
      revision: COMMIT,
      implementation: "@huggingface/tokenizers 0.2.0",
    });
    expect(hub.requests.map((request) => request.path)).toContain(`/api/models/${REPO}/revision/main`);
  });

  it("reads the cache with HF_HUB_OFFLINE, and says what to do when the cache does not hold it", async () => {
    const before = hub.requests.length;
    const offline = { HF_ENDPOINT: hub.endpoint, LLM_BENCH_CACHE: cacheDir, HF_HUB_OFFLINE: "1" };
    const tokenizer = await resolve({ spec: `hf:${REPO}`, env: offline });
    expect(tokenizer.record.revision).toBe(COMMIT);
    expect(hub.requests.length).toBe(before);
    const error = await failure(resolve({ spec: "hf:other/repo", env: offline }));
    expect(error.code).toBe("E_TOKENIZER_OFFLINE");
    expect(error.message).toContain("HF_HUB_OFFLINE is set");
  });

  it("works without tokenizer_config.json, and names a missing repository", async () => {
    const tokenizer = await resolve({ spec: "hf:no-config/repo@main" });
    expect(await tokenizer.encode("hello world")).toEqual(
      await npmTokenizer("mistral").encode("hello world"),
    );
    const error = await failure(resolve({ spec: "hf:nobody/nothing" }));
    expect(error.message).toContain("no such repository, revision or file");
    expect(error.exitCode).toBe(2);
  });

  it("refuses a malformed hf: spec and a GGUF or directory given as a tokenizer.json", async () => {
    await expect(resolve({ spec: "hf:only-owner" })).rejects.toThrow(/expected hf:OWNER\/REPO/);
    await expect(resolve({ spec: path.join(cacheDir, "missing.json") })).rejects.toThrow(/no such file/);
    await expect(resolve({ spec: cacheDir })).rejects.toThrow(/the directory has no tokenizer.json/);
  });
});

describe("the default chain", () => {
  it("takes the served model's name as a Hub repository first", async () => {
    const tokenizer = await resolve({ model: REPO, backend: client() });
    expect(tokenizer.record.kind).toBe("hf");
    expect(tokenizer.record.chosenBy).toBe("default: the served model's name as a Hub repository");
  });

  it("falls through to the server's /tokenize, recording why, and decodes through /detokenize", async () => {
    const tokenizer = await resolve({ model: "nobody/nothing", backend: client(), baseUrl: mock.url });
    expect(tokenizer.record).toMatchObject({ kind: "server", spec: "server", source: mock.url });
    expect(tokenizer.record.chosenBy).toMatch(
      /^default: the server's \/tokenize \(hf:nobody\/nothing: .*no such repository/,
    );
    const ids = await tokenizer.encode(VARIED_TEXT);
    expect(await tokenizer.decode(ids)).toBe(VARIED_TEXT);
  });

  it("fails fast when the Hub cannot be reached", async () => {
    const started = performance.now();
    const tokenizer = await resolve({
      model: "some/model",
      backend: client(),
      env: { HF_ENDPOINT: "http://127.0.0.1:1", LLM_BENCH_CACHE: cacheDir },
    });
    expect(tokenizer.record.kind).toBe("server");
    expect(tokenizer.record.chosenBy).toContain("cannot reach the Hub");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("says to pass --tokenizer, with the four forms and each step's reason, when nothing can tokenize", async () => {
    const noTokenize: Backend = {
      name: "plain",
      generate: () => Promise.reject(new Error("unused")),
      listModels: () => Promise.resolve(["gpt-x"]),
      close: () => Promise.resolve(),
    };
    const error = await failure(resolve({ model: "gpt-x", backend: noTokenize }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(
      'No tokenizer could be found for this run — the served model\'s name "gpt-x" is not a Hub repository ' +
        "(OWNER/REPO); the plain backend cannot tokenize. Pass --tokenizer: --tokenizer hf:OWNER/REPO[@REVISION] " +
        "(its tokenizer.json from the Hugging Face Hub), --tokenizer PATH (a tokenizer.json, or a model directory " +
        "holding one), --tokenizer gguf:FILE.gguf (the vocabulary inside a GGUF), or --tokenizer server (the " +
        "server's /tokenize and /detokenize).",
    );
  });
});
