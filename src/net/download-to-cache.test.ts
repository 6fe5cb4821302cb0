// downloadToCache against real servers on 127.0.0.1: resume with Range, restarts, checksums, progress, errors, locks.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DownloadProgress, type DownloadToCacheOptions, downloadToCache } from "./download-to-cache.js";
import {
  ChecksumMismatchError,
  DownloadTooLargeError,
  HttpStatusError,
  IncompleteDownloadError,
  NetworkError,
} from "./net-errors.js";
import { type FileServer, startFileServer } from "./test-support/start-file-server.js";

const BODY = randomBytes(300_000);
const SHA256 = createHash("sha256").update(BODY).digest("hex");

let cacheDir: string;
let destination: string;
let server: FileServer | undefined;
const servers: Server[] = [];

beforeEach(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), "llm-bench-net-"));
  destination = path.join(cacheDir, "models", "owner", "repo", "file.bin");
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const extra of servers.splice(0)) {
    extra.closeAllConnections();
    await new Promise((resolve) => extra.close(resolve));
  }
  await rm(cacheDir, { recursive: true, force: true });
});

function download(options: Partial<DownloadToCacheOptions> = {}) {
  const sleeps: number[] = [];
  const progress: DownloadProgress[] = [];
  const pending = downloadToCache({
    url: server?.url ?? "",
    destination,
    sleep: async (durationMs) => {
      sleeps.push(durationMs);
    },
    random: () => 0,
    onProgress: (event) => progress.push(event),
    ...options,
  });
  return { pending, sleeps, progress };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error("expected a failure"),
    (error: unknown) => error,
  );
}

/** Waits until the `.part` holds bytes, so a cut happens after the client has written some (polls the file). */
async function partHasBytes(): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    const size = await stat(`${destination}.part`).then(
      (info) => info.size,
      () => 0,
    );
    if (size > 0) return;
    await delay(5);
  }
}

async function filesBeside(): Promise<string[]> {
  return (await readdir(path.dirname(destination)).catch(() => [])).sort();
}

describe("downloadToCache", () => {
  it("downloads the file into place with progress and its SHA-256, leaving nothing beside it", async () => {
    server = await startFileServer({ body: BODY, etag: '"v1"' });
    const { pending, progress } = download({ expectedSha256: SHA256 });
    expect(await pending).toEqual({ path: destination, sizeBytes: BODY.length, sha256: SHA256 });
    expect(readFileSync(destination).equals(BODY)).toBe(true);
    expect(await filesBeside()).toEqual(["file.bin"]);
    expect(progress[0]).toEqual({ bytesDone: 0, bytesTotal: BODY.length });
    expect(progress.at(-1)).toEqual({ bytesDone: BODY.length, bytesTotal: BODY.length });
    expect(progress.length).toBeGreaterThan(2);
    for (const [index, event] of progress.entries()) {
      expect(event.bytesDone).toBeGreaterThanOrEqual(progress[index - 1]?.bytesDone ?? 0);
    }
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.range).toBeUndefined();
  });

  it("resumes a connection cut mid-body with Range + If-Range and yields the right bytes", async () => {
    server = await startFileServer({
      body: BODY,
      etag: '"v1"',
      cutAfterBytes: 100_000,
      cutWhen: partHasBytes,
    });
    const { pending, sleeps, progress } = download();
    const result = await pending;
    expect(result.sha256).toBe(SHA256);
    expect(readFileSync(destination).equals(BODY)).toBe(true);
    expect(server.requests).toHaveLength(2);
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(server.requests[1]?.range ?? "")?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(100_000);
    expect(server.requests[1]?.ifRange).toBe('"v1"');
    expect(sleeps).toEqual([500]);
    // Progress continues from the bytes kept; it never goes back.
    expect(progress.some((event) => event.bytesDone === resumedAt)).toBe(true);
    for (const [index, event] of progress.entries()) {
      expect(event.bytesDone).toBeGreaterThanOrEqual(progress[index - 1]?.bytesDone ?? 0);
    }
    expect(await filesBeside()).toEqual(["file.bin"]);
  });

  it("keeps the .part when the retries run out, and a later run continues it", async () => {
    server = await startFileServer({
      body: BODY,
      lastModified: "Mon, 10 Jun 2024 12:00:00 GMT",
      cutAfterBytes: 120_000,
      cutWhen: partHasBytes,
    });
    const first = await failure(download({ maxRetries: 0 }).pending);
    expect(first).toBeInstanceOf(Error);
    expect(existsSync(destination)).toBe(false);
    expect(await filesBeside()).toEqual(["file.bin.part", "file.bin.part.json"]);
    const kept = readFileSync(`${destination}.part`);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.equals(BODY.subarray(0, kept.length))).toBe(true);

    const again = await download({ expectedSha256: SHA256 }).pending;
    expect(again.sha256).toBe(SHA256);
    expect(readFileSync(destination).equals(BODY)).toBe(true);
    expect(server.requests[1]).toMatchObject({
      range: `bytes=${kept.length}-`,
      ifRange: "Mon, 10 Jun 2024 12:00:00 GMT",
    });
    expect(await filesBeside()).toEqual(["file.bin"]);
  });

  it("starts over when the server ignores Range and answers 200", async () => {
    server = await startFileServer({
      body: BODY,
      etag: '"v1"',
      cutAfterBytes: 50_000,
      cutWhen: partHasBytes,
      isIgnoringRange: true,
    });
    const { pending, progress } = download({ expectedSha256: SHA256 });
    expect((await pending).sizeBytes).toBe(BODY.length);
    expect(readFileSync(destination).equals(BODY)).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.range).toMatch(/^bytes=\d+-$/);
    // The restart is visible in the progress: back to 0, then up to the whole file.
    const restart = progress.findIndex((event, index) => index > 0 && event.bytesDone === 0);
    expect(restart).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual({ bytesDone: BODY.length, bytesTotal: BODY.length });
  });

  it("starts over when the file changed on the server since the .part was written (If-Range fails)", async () => {
    server = await startFileServer({
      body: BODY,
      etag: '"v1"',
      cutAfterBytes: 80_000,
      cutWhen: partHasBytes,
    });
    await failure(download({ maxRetries: 0 }).pending);
    expect(existsSync(`${destination}.part`)).toBe(true);
    const changed = randomBytes(200_000);
    server.behave({ body: changed, etag: '"v2"' });
    const result = await download().pending;
    expect(readFileSync(destination).equals(changed)).toBe(true);
    expect(result.sha256).toBe(createHash("sha256").update(changed).digest("hex"));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      range: expect.stringMatching(/^bytes=\d+-$/),
      ifRange: '"v1"',
    });
  });

  it("does not resume a .part without a validator, nor one of another URL", async () => {
    server = await startFileServer({ body: BODY, cutAfterBytes: 60_000, cutWhen: partHasBytes });
    const { pending } = download();
    expect((await pending).sha256).toBe(SHA256);
    expect(server.requests.map((request) => request.range)).toEqual([undefined, undefined]);

    await rm(destination);
    await writeFile(`${destination}.part`, BODY.subarray(0, 1000));
    await writeFile(
      `${destination}.part.json`,
      JSON.stringify({ url: "http://elsewhere/file", validator: '"v1"' }),
    );
    server.behave({ body: BODY, etag: '"v1"' });
    expect((await download().pending).sha256).toBe(SHA256);
    expect(server.requests[0]?.range).toBeUndefined();
  });

  it("starts over when the server answers 416 to the resumed range", async () => {
    server = await startFileServer({ body: BODY, etag: '"v1"' });
    // A .part as long as the file (a run that died before the rename): the server has nothing left to send.
    await download().pending;
    await writeFile(`${destination}.part`, BODY);
    await writeFile(`${destination}.part.json`, JSON.stringify({ url: server.url, validator: '"v1"' }));
    await rm(destination);
    server.behave({ body: BODY, etag: '"v1"' });
    expect((await download({ expectedSha256: SHA256 }).pending).sha256).toBe(SHA256);
    expect(server.requests.map((request) => request.range)).toEqual([`bytes=${BODY.length}-`, undefined]);
  });

  it("a wrong checksum fails clearly and leaves no file, no .part", async () => {
    server = await startFileServer({ body: BODY, etag: '"v1"' });
    const wrong = "0".repeat(64);
    const error = await failure(download({ expectedSha256: wrong }).pending);
    expect(error).toBeInstanceOf(ChecksumMismatchError);
    expect((error as Error).message).toContain(`SHA-256 ${SHA256}, expected ${wrong}`);
    expect((error as Error).message).toContain(server.url);
    expect(await filesBeside()).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a truncated body (Content-Length not reached), then reports it and keeps the .part", async () => {
    server = await startFileServer({ body: BODY, isLyingAboutLength: true });
    const { pending, sleeps } = download();
    const error = await failure(pending);
    expect(error instanceof IncompleteDownloadError || error instanceof NetworkError).toBe(true);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
    expect(existsSync(destination)).toBe(false);
  });

  it("says 404 and 401 with the status and URL and does not retry them; retries a 503 after retry-after", async () => {
    server = await startFileServer({ body: BODY, failFirst: { count: 1, status: 404 } });
    const missing = await failure(download().pending);
    expect(missing).toBeInstanceOf(HttpStatusError);
    expect(missing).toMatchObject({ status: 404, isRetryable: false });
    expect((missing as Error).message).toBe(`HTTP 404 for ${server.url}: failure 0`);

    server.behave({ body: BODY, failFirst: { count: 1, status: 401 } });
    expect(await failure(download().pending)).toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(1);

    server.behave({ body: BODY, failFirst: { count: 2, status: 503, headers: { "retry-after": "1" } } });
    const { pending, sleeps } = download();
    expect((await pending).sha256).toBe(SHA256);
    expect(sleeps).toEqual([1000, 1000]);
    expect(await filesBeside()).toEqual(["file.bin"]);
  });

  it("names the URL of a server that cannot be reached, after the retries", async () => {
    server = await startFileServer({ body: BODY });
    const url = server.url;
    await server.close();
    server = undefined;
    const { pending, sleeps } = download({ url });
    const error = await failure(pending);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ isConnectFailure: true, isRetryable: true });
    expect((error as Error).message).toContain(`Connection to ${url} failed`);
    expect((error as Error).message).toContain("ECONNREFUSED");
    expect(sleeps).toHaveLength(2);
  });

  it("stops a body larger than maxBytes and deletes it", async () => {
    server = await startFileServer({ body: BODY });
    const error = await failure(download({ maxBytes: 1000 }).pending);
    expect(error).toBeInstanceOf(DownloadTooLargeError);
    expect(await filesBeside()).toEqual([]);
  });

  it("an abort mid-body rejects with the reason and keeps the .part for next time", async () => {
    server = await startFileServer({ body: BODY, etag: '"v1"' });
    const controller = new AbortController();
    const reason = new Error("user pressed Ctrl-C");
    const error = await failure(
      download({
        signal: controller.signal,
        onProgress: (event) => {
          if (event.bytesDone > 0) controller.abort(reason);
        },
      }).pending,
    );
    expect(error).toBe(reason);
    expect(existsSync(destination)).toBe(false);
    expect(existsSync(`${destination}.part`)).toBe(true);
    expect(existsSync(`${destination}.lock`)).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it("checks the SHA-256 the Hub names (X-Linked-Etag on its redirect) and sends the token to the Hub only", async () => {
    server = await startFileServer({ body: BODY, etag: '"cdn-etag"' });
    let linkedEtag = `"${SHA256}"`;
    const seen: (string | undefined)[] = [];
    const hub = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(302, { location: server?.url ?? "", "x-linked-etag": linkedEtag }).end();
    });
    servers.push(hub);
    await new Promise<void>((resolve) => hub.listen(0, "127.0.0.1", resolve));
    const hubOrigin = `http://127.0.0.1:${(hub.address() as AddressInfo).port}`;
    const options = {
      url: `${hubOrigin}/o/r/resolve/main/file.bin`,
      hubOrigin,
      bearer: { token: "hf_x", origin: hubOrigin },
    };
    expect((await download(options).pending).sha256).toBe(SHA256);
    expect(seen).toEqual(["Bearer hf_x"]);
    expect(server.requests[0]?.authorization).toBeUndefined();

    await rm(destination);
    linkedEtag = `"${"a".repeat(64)}"`;
    const error = await failure(download(options).pending);
    expect(error).toBeInstanceOf(ChecksumMismatchError);
    expect(await filesBeside()).toEqual([]);
  });

  it("two downloads of one file at once make one request; the second takes the first's file", async () => {
    server = await startFileServer({ body: BODY, etag: '"v1"' });
    const [first, second] = await Promise.all([download().pending, download().pending]);
    expect(first).toEqual(second);
    expect(readFileSync(destination).equals(BODY)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(await filesBeside()).toEqual(["file.bin"]);
  });

  it("takes over a lock left by a process of this host that has died", async () => {
    server = await startFileServer({ body: BODY, etag: '"v1"' });
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    await download().pending;
    await rm(destination);
    await writeFile(`${destination}.lock`, JSON.stringify({ pid: dead, host: hostname() }));
    expect((await download().pending).sha256).toBe(SHA256);
    expect(await filesBeside()).toEqual(["file.bin"]);
  });
});
