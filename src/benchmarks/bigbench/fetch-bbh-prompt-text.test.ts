// The BBH prompt-file fetcher against a local mirror: download, cache, offline reuse, hash, offline and network errors.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { caughtDatasetError } from "../../datasets/test-support/caught-dataset-error.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { BBH_PROMPT_SHA256, BBH_PROMPTS_COMMIT } from "./bbh-prompt-source.js";
import { bbhPromptCachePath, fetchBbhPromptText } from "./fetch-bbh-prompt-text.js";
import {
  type BbhPromptServer,
  closedPortUrl,
  startBbhPromptServer,
} from "./test-support/start-bbh-prompt-server.js";

const dataDir = sharedDataDir("bbh/cot-prompts/boolean_expressions.txt");
if (dataDir === undefined) printSkipReason("BBH prompt download tests that serve the real files");
const promptsDir = path.join(dataDir ?? "", "bbh/cot-prompts");

let cacheDir: string;
let server: BbhPromptServer | undefined;
const noSleep = async () => {};

beforeEach(async () => {
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "llm-bench-bbh-prompts-"));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(cacheDir, { recursive: true, force: true });
});

function env(url: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { LLM_BENCH_BBH_PROMPTS_URL: url, LLM_BENCH_CACHE: cacheDir, HF_HUB_OFFLINE: "", ...extra };
}

describe("fetchBbhPromptText", () => {
  it.skipIf(dataDir === undefined)(
    "downloads and verifies the file, caches it atomically, then reuses it with no network (offline too)",
    async () => {
      server = await startBbhPromptServer({ directory: promptsDir });
      const upstream = readFileSync(path.join(promptsDir, "boolean_expressions.txt"), "utf8");
      const text = await fetchBbhPromptText("boolean_expressions", { env: env(server.url) });
      expect(text).toBe(upstream);
      expect(server.requests).toEqual(["/cot-prompts/boolean_expressions.txt"]);
      const cached = path.join(cacheDir, "prompts", "bbh", BBH_PROMPTS_COMMIT, "boolean_expressions.txt");
      expect(bbhPromptCachePath(cacheDir, "boolean_expressions")).toBe(cached);
      expect(readFileSync(cached, "utf8")).toBe(upstream);
      // No temp file left beside it.
      expect(await readdir(path.dirname(cached))).toEqual(["boolean_expressions.txt"]);

      expect(await fetchBbhPromptText("boolean_expressions", { env: env(server.url) })).toBe(upstream);
      const offline = env(await closedPortUrl(), { HF_HUB_OFFLINE: "1" });
      expect(await fetchBbhPromptText("boolean_expressions", { env: offline })).toBe(upstream);
      expect(server.requests).toHaveLength(1);
    },
  );

  it.skipIf(dataDir === undefined)("replaces a corrupted cached copy by downloading it again", async () => {
    server = await startBbhPromptServer({ directory: promptsDir });
    const cached = bbhPromptCachePath(cacheDir, "snarks");
    await mkdir(path.dirname(cached), { recursive: true });
    await writeFile(cached, "truncated");
    const text = await fetchBbhPromptText("snarks", { env: env(server.url) });
    expect(createHash("sha256").update(text).digest("hex")).toBe(BBH_PROMPT_SHA256.snarks);
    expect(readFileSync(cached, "utf8")).toBe(text);
    expect(server.requests).toEqual(["/cot-prompts/snarks.txt"]);
  });

  it("rejects a file whose SHA-256 differs, naming the task, the URL and both hashes, and caches nothing", async () => {
    server = await startBbhPromptServer({ body: "Not the prompt file.\n\nQ: x\nA: y\n" });
    const error = await caughtDatasetError(fetchBbhPromptText("navigate", { env: env(server.url) }));
    expect(error.code).toBe("E_DATASET_CHECKSUM");
    const actual = createHash("sha256").update("Not the prompt file.\n\nQ: x\nA: y\n").digest("hex");
    expect(error.message).toContain("navigate");
    expect(error.message).toContain(`${server.url}/navigate.txt`);
    expect(error.message).toContain(BBH_PROMPT_SHA256.navigate);
    expect(error.message).toContain(actual);
    expect(existsSync(bbhPromptCachePath(cacheDir, "navigate"))).toBe(false);
  });

  it("offline with an empty cache names the file, the cache path and both ways out, without a request", async () => {
    server = await startBbhPromptServer({ body: "unused" });
    const error = await caughtDatasetError(
      fetchBbhPromptText("word_sorting", { env: env(server.url, { HF_HUB_OFFLINE: "1" }) }),
    );
    expect(error.code).toBe("E_DATASET_OFFLINE");
    expect(error.message).toContain("cot-prompts/word_sorting.txt");
    expect(error.message).toContain(bbhPromptCachePath(cacheDir, "word_sorting"));
    expect(error.message).toMatch(/Run once online/);
    expect(error.message).toMatch(/--data-dir DIR with DIR\/bbh\/cot-prompts\/word_sorting\.txt/);
    expect(server.requests).toHaveLength(0);
  });

  it("an unreachable mirror is a clear error suggesting --data-dir, after the retries", async () => {
    const url = await closedPortUrl();
    let sleeps = 0;
    const error = await caughtDatasetError(
      fetchBbhPromptText("hyperbaton", {
        env: env(url),
        sleep: async () => {
          sleeps++;
        },
      }),
    );
    expect(error.code).toBe("E_DATASET_UNREACHABLE");
    expect(error.message).toContain(
      `Cannot download the BIG-Bench-Hard prompt file for hyperbaton from ${url}/hyperbaton.txt`,
    );
    expect(error.message).toMatch(/--data-dir/);
    expect(sleeps).toBe(2);
  });

  it("a server that never answers times out into the same error", async () => {
    server = await startBbhPromptServer({ isSilent: true });
    const error = await caughtDatasetError(
      fetchBbhPromptText("hyperbaton", {
        env: env(server.url),
        timeoutMs: 200,
        maxRetries: 0,
        sleep: noSleep,
      }),
    );
    expect(error.code).toBe("E_DATASET_UNREACHABLE");
    expect(error.message).toMatch(/--data-dir/);
  });

  it("a 404 from the mirror names the URL and the status", async () => {
    server = await startBbhPromptServer({});
    const error = await caughtDatasetError(
      fetchBbhPromptText("snarks", { env: env(server.url), sleep: noSleep }),
    );
    expect(error.code).toBe("E_DATASET_NOT_FOUND");
    expect(error.message).toContain(`${server.url}/snarks.txt failed: HTTP 404`);
  });

  it("a malformed mirror URL is a ConfigError", async () => {
    await expect(fetchBbhPromptText("snarks", { env: env("ftp://example.org") })).rejects.toMatchObject({
      code: "E_CONFIG_INVALID",
    });
  });
});
