// The shared pinned-file fetcher against a local server: download, verify, cache, reuse, offline, and each error.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fetchPinnedFile, mirrorBaseUrl, type PinnedFile, pinnedFileCachePath } from "./fetch-pinned-file.js";
import { caughtDatasetError } from "./test-support/caught-dataset-error.js";
import {
  closedPortUrl,
  type DirectoryServer,
  startDirectoryServer,
} from "./test-support/start-directory-server.js";

const CONTENT = "Upstream file, pinned.\nSecond line — with unicode.\n";
const SHA256 = createHash("sha256").update(CONTENT).digest("hex");
const WORDING = {
  file: "the demo file data/demo.txt",
  urlEnv: "LLM_BENCH_DEMO_URL",
  wayOut: "pass --data-dir DIR with DIR/demo/demo.txt",
};

let cacheDir: string;
let upstreamDir: string;
let server: DirectoryServer | undefined;
const noSleep = async () => {};

beforeEach(async () => {
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "llm-bench-pinned-cache-"));
  upstreamDir = await mkdtemp(path.join(os.tmpdir(), "llm-bench-pinned-upstream-"));
  await mkdir(path.join(upstreamDir, "data"));
  await writeFile(path.join(upstreamDir, "data", "demo.txt"), CONTENT);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(cacheDir, { recursive: true, force: true });
  await rm(upstreamDir, { recursive: true, force: true });
});

function pinned(baseUrl: string, overrides: Partial<PinnedFile> = {}): PinnedFile {
  return {
    url: `${baseUrl}/data/demo.txt`,
    cachePath: "demo/abc123/data/demo.txt",
    sha256: SHA256,
    maxBytes: Buffer.byteLength(CONTENT),
    label: "demo data/demo.txt",
    wording: WORDING,
    ...overrides,
  };
}

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { LLM_BENCH_CACHE: cacheDir, HF_HUB_OFFLINE: "", ...extra };
}

describe("fetchPinnedFile", () => {
  it("downloads and verifies the file, caches it, then reuses it with no request (offline too)", async () => {
    server = await startDirectoryServer({ prefix: "/repo", directory: upstreamDir });
    const progress: string[] = [];
    const bytes = await fetchPinnedFile(pinned(server.url), {
      env: env(),
      onProgress: (event) => progress.push(`${event.kind} ${event.label}`),
    });
    expect(bytes.toString("utf8")).toBe(CONTENT);
    expect(server.requests).toEqual(["/repo/data/demo.txt"]);
    expect(progress[0]).toBe("download demo data/demo.txt");
    const cached = pinnedFileCachePath(cacheDir, "demo/abc123/data/demo.txt");
    expect(cached).toBe(path.join(cacheDir, "demo", "abc123", "data", "demo.txt"));
    expect(readFileSync(cached, "utf8")).toBe(CONTENT);
    // No `.part` or lock left beside it.
    expect(await readdir(path.dirname(cached))).toEqual(["demo.txt"]);

    expect((await fetchPinnedFile(pinned(server.url), { env: env() })).toString("utf8")).toBe(CONTENT);
    const offline = env({ HF_HUB_OFFLINE: "1" });
    expect((await fetchPinnedFile(pinned(await closedPortUrl()), { env: offline })).toString("utf8")).toBe(
      CONTENT,
    );
    expect(server.requests).toHaveLength(1);
  });

  it("takes the cache dir from the option before LLM_BENCH_CACHE", async () => {
    server = await startDirectoryServer({ prefix: "/repo", directory: upstreamDir });
    const other = path.join(cacheDir, "elsewhere");
    await fetchPinnedFile(pinned(server.url), { env: env(), cacheDir: other });
    expect(existsSync(pinnedFileCachePath(other, "demo/abc123/data/demo.txt"))).toBe(true);
  });

  it("replaces a corrupted cached copy by downloading it again", async () => {
    server = await startDirectoryServer({ prefix: "/repo", directory: upstreamDir });
    const cached = pinnedFileCachePath(cacheDir, "demo/abc123/data/demo.txt");
    await mkdir(path.dirname(cached), { recursive: true });
    await writeFile(cached, "truncated");
    expect((await fetchPinnedFile(pinned(server.url), { env: env() })).toString("utf8")).toBe(CONTENT);
    expect(readFileSync(cached, "utf8")).toBe(CONTENT);
    expect(server.requests).toHaveLength(1);
  });

  it("offline without a cached copy names the file, the cache path and the ways out, without a request", async () => {
    server = await startDirectoryServer({ prefix: "/repo", directory: upstreamDir });
    const error = await caughtDatasetError(
      fetchPinnedFile(pinned(server.url), { env: env({ HF_HUB_OFFLINE: "1" }) }),
    );
    expect(error.code).toBe("E_DATASET_OFFLINE");
    expect(error.message).toBe(
      "HF_HUB_OFFLINE is set and the demo file data/demo.txt is not in the cache (never downloaded; looked for " +
        `${pinnedFileCachePath(cacheDir, "demo/abc123/data/demo.txt")}). Run once online (without HF_HUB_OFFLINE) ` +
        "to download it, or pass --data-dir DIR with DIR/demo/demo.txt.",
    );
    expect(server.requests).toHaveLength(0);
  });

  it("offline with a corrupted cached copy says so", async () => {
    const cached = pinnedFileCachePath(cacheDir, "demo/abc123/data/demo.txt");
    await mkdir(path.dirname(cached), { recursive: true });
    await writeFile(cached, "truncated");
    const error = await caughtDatasetError(
      fetchPinnedFile(pinned(await closedPortUrl()), { env: env({ HF_HUB_OFFLINE: "1" }) }),
    );
    expect(error.message).toContain("the cached copy is corrupted: wrong SHA-256");
  });

  it("rejects bytes whose SHA-256 differs, naming the file, the URL, both hashes and the mirror variable; caches nothing", async () => {
    const body = "Not the file at all, same length as it; padded...\n".slice(
      0,
      Buffer.byteLength(CONTENT) - 3,
    );
    server = await startDirectoryServer({ prefix: "/repo", body });
    const error = await caughtDatasetError(fetchPinnedFile(pinned(server.url), { env: env() }));
    expect(error.code).toBe("E_DATASET_CHECKSUM");
    const actual = createHash("sha256").update(body).digest("hex");
    expect(error.message).toBe(
      `The demo file data/demo.txt downloaded from ${server.url}/data/demo.txt does not match the pinned upstream ` +
        `file: SHA-256 ${actual}, expected ${SHA256}. Nothing was cached. Check LLM_BENCH_DEMO_URL (a mirror must ` +
        "serve the files unchanged), or pass --data-dir DIR with DIR/demo/demo.txt.",
    );
    const cached = pinnedFileCachePath(cacheDir, "demo/abc123/data/demo.txt");
    expect(existsSync(cached)).toBe(false);
    expect(await readdir(path.dirname(cached))).toEqual([]);
  });

  it("a 404 names the file, the URL and the status", async () => {
    server = await startDirectoryServer({ prefix: "/repo" });
    const error = await caughtDatasetError(
      fetchPinnedFile(pinned(server.url), { env: env(), sleep: noSleep }),
    );
    expect(error.code).toBe("E_DATASET_NOT_FOUND");
    expect(error.message).toBe(
      `Downloading the demo file data/demo.txt from ${server.url}/data/demo.txt failed: HTTP 404. Check ` +
        "LLM_BENCH_DEMO_URL if you set it, or pass --data-dir DIR with DIR/demo/demo.txt.",
    );
  });

  it("an unreachable server is a clear error after the retries", async () => {
    const url = await closedPortUrl("/repo");
    let sleeps = 0;
    const error = await caughtDatasetError(
      fetchPinnedFile(pinned(url), {
        env: env(),
        sleep: async () => {
          sleeps++;
        },
      }),
    );
    expect(error.code).toBe("E_DATASET_UNREACHABLE");
    expect(error.message).toMatch(
      new RegExp(
        `^Cannot download the demo file data/demo\\.txt from ${url}/data/demo\\.txt \\(.+\\)\\. Check the network ` +
          "or set LLM_BENCH_DEMO_URL to a mirror; or pass --data-dir DIR with DIR/demo/demo\\.txt\\.$",
      ),
    );
    expect(sleeps).toBe(2);
  });

  it("a body larger than the limit is not the file, and nothing is cached", async () => {
    server = await startDirectoryServer({ prefix: "/repo", directory: upstreamDir });
    const error = await caughtDatasetError(
      fetchPinnedFile(pinned(server.url, { maxBytes: 10 }), { env: env() }),
    );
    expect(error.code).toBe("E_DATASET_HTTP");
    expect(error.message).toBe(
      `${server.url}/data/demo.txt sent more than 10 bytes: it is not the demo file data/demo.txt.`,
    );
    expect(existsSync(pinnedFileCachePath(cacheDir, "demo/abc123/data/demo.txt"))).toBe(false);
  });

  it("an unwritable cache dir names the cache file and LLM_BENCH_CACHE", async () => {
    server = await startDirectoryServer({ prefix: "/repo", directory: upstreamDir });
    const blocker = path.join(cacheDir, "blocker");
    await writeFile(blocker, "a file where a directory should be");
    const error = await caughtDatasetError(
      fetchPinnedFile(pinned(server.url), { env: env(), cacheDir: blocker }),
    );
    expect(error.code).toBe("E_DATASET_CACHE");
    expect(error.message).toMatch(
      /^Cannot write the cache file for the demo file data\/demo\.txt .*LLM_BENCH_CACHE/,
    );
  });
});

describe("mirrorBaseUrl", () => {
  it("takes the variable without trailing slashes, else the default; a non-http(s) URL is a ConfigError", () => {
    expect(mirrorBaseUrl({}, "X_URL", "https://example.org/a")).toBe("https://example.org/a");
    expect(mirrorBaseUrl({ X_URL: " http://127.0.0.1:9/m// " }, "X_URL", "https://example.org/a")).toBe(
      "http://127.0.0.1:9/m",
    );
    expect(() => mirrorBaseUrl({ X_URL: "ftp://example.org" }, "X_URL", "https://a.b")).toThrow(
      /X_URL must be an http\(s\) URL/,
    );
    expect(() => mirrorBaseUrl({ X_URL: "not a url" }, "X_URL", "https://a.b")).toThrow(/X_URL is not a URL/);
  });
});
