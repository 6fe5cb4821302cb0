// The Hub client against a local server in the Hub's URL layout: resolve, download, cache, offline, errors.

import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ReadProgress } from "../../core/read-progress.js";
import { DatasetError } from "../../errors.js";
import { createDatasetContext } from "../create-dataset-context.js";
import { type FakeHub, type FakeHubOptions, startFakeHub } from "../test-support/fake-hub-server.js";
import { SHARED_DATA_ABSENT, sharedDataDir } from "../test-support/shared-data-dir.js";

const dataDir = sharedDataDir();
const mmluPro = dataDir === undefined ? "" : path.join(dataDir, "mmlu_pro/validation.parquet");
const aime = dataDir === undefined ? "" : path.join(dataDir, "aime/Maxwell-Jia_AIME_2024_train.parquet");
const MMLU_PRO = { repo: "TIGER-Lab/MMLU-Pro", config: "default", split: "validation" };
const AIME = { repo: "Maxwell-Jia/AIME_2024", config: "default", split: "train" };

let cacheDir: string;
let hub: FakeHub | undefined;

beforeEach(async () => {
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "llm-bench-hub-"));
});
afterEach(async () => {
  await hub?.close();
  hub = undefined;
  await rm(cacheDir, { recursive: true, force: true });
});

function datasets(): FakeHubOptions["datasets"] {
  return {
    "TIGER-Lab/MMLU-Pro": { default: { validation: [mmluPro], test: [mmluPro] } },
    "Maxwell-Jia/AIME_2024": { default: { train: [aime, aime] } },
  };
}

async function start(options: Partial<FakeHubOptions> = {}): Promise<FakeHub> {
  hub = await startFakeHub({ datasets: datasets(), ...options });
  return hub;
}

function context(
  server: FakeHub,
  env: NodeJS.ProcessEnv = {},
  extra: { onProgress?: (p: ReadProgress) => void } = {},
) {
  return createDatasetContext({
    cacheDir,
    env: { HF_ENDPOINT: server.endpoint, ...env },
    sleep: async () => {},
    ...extra,
  });
}

/** Polls until `filePath` holds bytes (a cut then happens after the client has written some). */
async function fileHasBytes(filePath: string): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    const size = await stat(filePath).then(
      (info) => info.size,
      () => 0,
    );
    if (size > 0) return;
    await delay(5);
  }
}

async function listTree(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

describe("hub.readSplit", () => {
  it("resolves, downloads into the cache, reads rows, and reuses the cache without network", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const server = await start();
    const progress: ReadProgress[] = [];
    const rows = await context(server, {}, { onProgress: (p) => progress.push(p) }).hub.readSplit(MMLU_PRO);
    expect(rows).toHaveLength(70);
    expect(rows[0]).toMatchObject({ question_id: 0, answer: "A", answer_index: 0, category: "math" });
    expect(Array.isArray(rows[0]?.["options"])).toBe(true);
    // The API list, the /api shard redirect, the /resolve redirect, then the CDN.
    expect(server.requests.map((request) => `${request.host} ${request.path}`)).toEqual([
      "hub /api/datasets/TIGER-Lab/MMLU-Pro/parquet/default/validation",
      "hub /api/datasets/TIGER-Lab/MMLU-Pro/parquet/default/validation/0.parquet",
      "hub /datasets/TIGER-Lab/MMLU-Pro/resolve/refs%2Fconvert%2Fparquet/default/validation/0000.parquet",
      expect.stringMatching(/^cdn \/blobs\//),
    ]);
    const size = (await readFile(mmluPro)).length;
    expect(progress.at(-1)).toEqual({
      kind: "download",
      label: "TIGER-Lab/MMLU-Pro/default/validation 0000.parquet",
      bytesDone: size,
      bytesTotal: size,
    });
    expect(progress.length).toBeGreaterThan(1);
    expect(await listTree(cacheDir)).toEqual(
      expect.arrayContaining([
        "hub/datasets/TIGER-Lab/MMLU-Pro/default/validation/0000.parquet",
        "hub/datasets/TIGER-Lab/MMLU-Pro/default/validation/manifest.json",
      ]),
    );
    const requestCount = server.requests.length;
    const again = await context(server).hub.readSplit(MMLU_PRO);
    expect(again).toEqual(rows);
    expect(server.requests.length).toBe(requestCount);
    expect(server.downloads()).toBe(1);
  });

  it("concatenates multi-file splits in order", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const server = await start();
    const rows = await context(server).hub.readSplit(AIME);
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({ ID: "2024-II-4", Answer: 33 });
    expect(rows[30]).toEqual(rows[0]);
    expect(await listTree(path.join(cacheDir, "hub/datasets/Maxwell-Jia/AIME_2024/default/train"))).toEqual(
      expect.arrayContaining(["0000.parquet", "0001.parquet", "manifest.json"]),
    );
  });

  it("offline mode reads the cache and never touches the network", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const server = await start();
    await context(server).hub.readSplit(MMLU_PRO);
    await server.close();
    hub = undefined;
    const offline = createDatasetContext({
      cacheDir,
      env: { HF_ENDPOINT: "http://127.0.0.1:9", HF_HUB_OFFLINE: "1" },
    });
    expect(await offline.hub.readSplit(MMLU_PRO)).toHaveLength(70);
  });

  it("offline mode with an empty cache names the split, the cache path and the fixes", async () => {
    const server = await start();
    const offline = context(server, { HF_HUB_OFFLINE: "true" });
    const error = await offline.hub.readSplit(MMLU_PRO).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect(error).toMatchObject({ code: "E_DATASET_OFFLINE" });
    const message = (error as Error).message;
    expect(message).toContain('TIGER-Lab/MMLU-Pro (config "default", split "validation")');
    expect(message).toContain(path.join(cacheDir, "hub/datasets/TIGER-Lab/MMLU-Pro/default/validation"));
    expect(message).toMatch(/Run once online/);
    expect(message).toMatch(/--data-dir/);
    expect(server.requests).toHaveLength(0);
  });

  it("a gated dataset without a token says it is gated and to set HF_TOKEN", async () => {
    const server = await start({ gated: { repos: ["TIGER-Lab/MMLU-Pro"], token: "hf_good" } });
    const error = await context(server)
      .hub.readSplit(MMLU_PRO)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "E_DATASET_GATED" });
    expect((error as Error).message).toMatch(/gated or private \(HTTP 401\).*HF_TOKEN/);
    expect(server.requests[0]?.authorization).toBeUndefined();
  });

  it("a token without access says the token lacks access", async () => {
    const server = await start({ gated: { repos: ["TIGER-Lab/MMLU-Pro"], token: "hf_good" } });
    const error = await context(server, { HF_TOKEN: "hf_other" })
      .hub.readSplit(MMLU_PRO)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "E_DATASET_GATED" });
    expect((error as Error).message).toMatch(/HTTP 403.*token in HF_TOKEN lacks access/);
  });

  it("sends the token as a bearer to the Hub but not to the CDN host it redirects to", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const server = await start({ gated: { repos: ["TIGER-Lab/MMLU-Pro"], token: "hf_good" } });
    const rows = await context(server, { HF_TOKEN: "hf_good" }).hub.readSplit(MMLU_PRO);
    expect(rows).toHaveLength(70);
    const hubRequests = server.requests.filter((request) => request.host === "hub");
    const cdnRequests = server.requests.filter((request) => request.host === "cdn");
    expect(hubRequests).toHaveLength(3);
    for (const request of hubRequests) expect(request.authorization).toBe("Bearer hf_good");
    expect(cdnRequests).toHaveLength(1);
    expect(cdnRequests[0]?.authorization).toBeUndefined();
  });

  it("a missing split lists the splits that exist; a missing config lists the configs", async () => {
    const server = await start();
    const split = await context(server)
      .hub.readSplit({ ...MMLU_PRO, split: "dev" })
      .catch((caught: unknown) => caught);
    expect(split).toMatchObject({ code: "E_DATASET_NOT_FOUND" });
    expect((split as Error).message).toContain(
      'Config "default" of TIGER-Lab/MMLU-Pro has no split "dev". Available splits: validation, test.',
    );
    const config = await context(server)
      .hub.readSplit({ ...MMLU_PRO, config: "nope" })
      .catch((caught: unknown) => caught);
    expect((config as Error).message).toContain('has no config "nope". Available configs: default.');
    const repo = await context(server)
      .hub.readSplit({ ...MMLU_PRO, repo: "nobody/nothing" })
      .catch((caught: unknown) => caught);
    expect((repo as Error).message).toContain(`Dataset nobody/nothing was not found on ${server.endpoint}`);
  });

  it("an unreachable endpoint names the URL and suggests HF_HUB_OFFLINE or --data-dir", async () => {
    const server = await start();
    const endpoint = server.endpoint;
    await server.close();
    hub = undefined;
    const unreachable = createDatasetContext({
      cacheDir,
      env: { HF_ENDPOINT: endpoint },
      sleep: async () => {},
    });
    const error = await unreachable.hub.readSplit(MMLU_PRO).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "E_DATASET_UNREACHABLE" });
    expect((error as Error).message).toContain(
      `Cannot reach the Hugging Face Hub at ${endpoint}/api/datasets/TIGER-Lab/MMLU-Pro/parquet/default/validation`,
    );
    expect((error as Error).message).toMatch(/HF_HUB_OFFLINE=1.*--data-dir/);
  });

  it("retries 5xx answers", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const server = await start({ failFirstRequests: 2 });
    expect(await context(server).hub.readSplit(MMLU_PRO)).toHaveLength(70);
    expect(server.requests.filter((request) => request.path.endsWith("/default/validation"))).toHaveLength(3);
  });

  it("gives up after two retries and reports the status", async () => {
    const failing = await start({ failFirstRequests: 10 });
    const error = await context(failing)
      .hub.readSplit(MMLU_PRO)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "E_DATASET_HTTP" });
    expect((error as Error).message).toContain("HTTP 503");
    expect(failing.requests).toHaveLength(3);
  });

  it("a download cut mid-body is continued with Range and the split reads right", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const shard = path.join(cacheDir, "hub/datasets/TIGER-Lab/MMLU-Pro/default/validation/0000.parquet");
    const server = await start({ truncateFirstDownloads: 1, cutWhen: () => fileHasBytes(`${shard}.part`) });
    const rows = await context(server).hub.readSplit(MMLU_PRO);
    expect(rows).toHaveLength(70);
    const cdnRequests = server.requests.filter((request) => request.host === "cdn");
    expect(cdnRequests).toHaveLength(2);
    expect(cdnRequests[0]?.range).toBeUndefined();
    expect(cdnRequests[1]?.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(await listTree(path.dirname(shard))).toEqual(["0000.parquet", "manifest.json"]);
  });

  it("a download that keeps breaking off fails clearly, keeps only its .part, and the next run continues it", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const directory = path.join(cacheDir, "hub/datasets/TIGER-Lab/MMLU-Pro/default/validation");
    const server = await start({
      truncateFirstDownloads: 3,
      cutWhen: () => fileHasBytes(path.join(directory, "0000.parquet.part")),
    });
    const error = await context(server)
      .hub.readSplit(MMLU_PRO)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect(error).toMatchObject({ code: "E_DATASET_DOWNLOAD" });
    expect((error as Error).message).toMatch(
      /failed \(.*\); the bytes received so far are kept in .*0000\.parquet\.part and the next run continues/,
    );
    expect(server.downloads()).toBe(3);
    expect(await listTree(directory)).toEqual(["0000.parquet.part", "0000.parquet.part.json"]);

    expect(await context(server).hub.readSplit(MMLU_PRO)).toHaveLength(70);
    const cdnRequests = server.requests.filter((request) => request.host === "cdn");
    expect(cdnRequests.at(-1)?.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect((await listTree(directory)).sort()).toEqual(["0000.parquet", "manifest.json"]);
  });

  it("a file whose SHA-256 differs from the Hub's X-Linked-Etag is an error and caches nothing", async (test) => {
    if (dataDir === undefined) test.skip(SHARED_DATA_ABSENT);
    const server = await start({ isLinkingWrongSha256: true });
    const error = await context(server)
      .hub.readSplit(MMLU_PRO)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "E_DATASET_CHECKSUM" });
    expect((error as Error).message).toMatch(/expected 0{64}.*MMLU-Pro.*nothing was cached/);
    expect(await listTree(cacheDir)).toEqual([]);
  });

  it.skipIf(dataDir === undefined).each([
    [
      "truncated (a shorter Content-Length)",
      (bytes: Buffer) => bytes.subarray(0, bytes.length - 100),
      /has 45208 bytes, but its source names 45308; it was deleted/,
    ],
    [
      "padded (a longer body)",
      (bytes: Buffer) => Buffer.concat([bytes, Buffer.alloc(10)]),
      /has 45318 bytes, but its source names 45308; it was deleted/,
    ],
    [
      "corrupted (same size, other bytes)",
      (bytes: Buffer) => Buffer.from(bytes.map((byte, index) => (index === 200 ? byte ^ 0xff : byte))),
      /has SHA-256 [0-9a-f]{64}, expected [0-9a-f]{64}; it was deleted/,
    ],
  ])(
    "a CDN body %s against the Hub's X-Linked-Size/X-Linked-Etag is an error and leaves no file",
    async (_name, cdnBody, message) => {
      const server = await start({ cdnBody });
      const error = await context(server)
        .hub.readSplit(MMLU_PRO)
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: "E_DATASET_CHECKSUM" });
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/MMLU-Pro.*nothing was cached/);
      expect(await listTree(cacheDir)).toEqual([]);
      // Not retried: a wrong file is not a transient failure.
      expect(server.requests.filter((request) => request.host === "cdn")).toHaveLength(1);
    },
  );

  it("an aborted signal stops the read with the abort reason", async () => {
    const server = await start();
    const controller = new AbortController();
    controller.abort(new Error("user pressed Ctrl-C"));
    const error = await context(server)
      .hub.readSplit(MMLU_PRO, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe("user pressed Ctrl-C");
    expect(server.requests).toHaveLength(0);
  });

  it("times out a request that never answers, and an abort mid-request stops it at once", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const timed = createDatasetContext({
        cacheDir,
        env: { HF_ENDPOINT: endpoint },
        requestTimeoutMs: 100,
        maxRetries: 0,
      });
      const error = await timed.hub.readSplit(MMLU_PRO).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: "E_DATASET_UNREACHABLE" });
      expect((error as Error).message).toMatch(/timeout/i);

      const controller = new AbortController();
      const patient = createDatasetContext({
        cacheDir,
        env: { HF_ENDPOINT: endpoint },
        signal: controller.signal,
      });
      const pending = patient.hub.readSplit(MMLU_PRO).catch((caught: unknown) => caught);
      setTimeout(() => controller.abort(new Error("stop")), 50);
      // The abort's own reason, not a timeout: the abort ended the request that the server never answers.
      expect(((await pending) as Error).message).toBe("stop");
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
