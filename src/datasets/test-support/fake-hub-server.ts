// A local HTTP server in the Hugging Face Hub's URL layout (API, resolve redirect, CDN host) for tests: dataset
// repositories (parquet conversion, raw files) and model repositories (revision → commit, files at a commit).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** repo → config → split → local parquet files served as that split's shards. */
export type FakeHubDatasets = Record<string, Record<string, Record<string, string[]>>>;

export interface FakeHubRequest {
  host: "hub" | "cdn";
  path: string;
  authorization: string | undefined;
  /** The Range header of a CDN request (a resumed download). */
  range?: string | undefined;
}

export interface FakeHubOptions {
  datasets: FakeHubDatasets;
  /** repo → `revision/path` → a local file served as that repository file (`resolve/<revision>/<path>`). */
  files?: Record<string, Record<string, string>>;
  /** Model repositories: repo → the commit `main` names, and `path` → a local file served at that commit. */
  models?: Record<string, { commit: string; files: Record<string, string> }>;
  /** Repos that answer 401 without a token and 403 with a token other than `token`. */
  gated?: { repos: string[]; token: string };
  /** For the first N file bodies (default none; Infinity for all): send half, then cut the connection. */
  truncateFirstDownloads?: number;
  /** Resolves when a truncated body may be cut (e.g. once the client has written what it got); default at once. */
  cutWhen?: () => Promise<void>;
  /**
   * What the CDN sends instead of a file's bytes (a truncated or corrupted copy, with its own Content-Length); the
   * Hub's redirect still names the real file's SHA-256 and size.
   */
  cdnBody?: (bytes: Buffer) => Buffer;
  /** Name a wrong SHA-256 in the resolve redirect's X-Linked-Etag. */
  isLinkingWrongSha256?: boolean;
  /** Answer the first N requests with HTTP 503. */
  failFirstRequests?: number;
}

export interface FakeHub {
  endpoint: string;
  cdnOrigin: string;
  requests: FakeHubRequest[];
  /** Count of file bodies the CDN started sending. */
  downloads(): number;
  close(): Promise<void>;
}

const REF = "refs%2Fconvert%2Fparquet";

/** Starts the hub and a separate "CDN" server (another origin) on 127.0.0.1, random ports. */
export async function startFakeHub(options: FakeHubOptions): Promise<FakeHub> {
  const requests: FakeHubRequest[] = [];
  let downloadCount = 0;
  let failuresLeft = options.failFirstRequests ?? 0;
  const files = new Map<string, Buffer>();

  const cdn = createServer((request, response) => {
    const { range } = request.headers;
    requests.push({
      host: "cdn",
      path: request.url ?? "",
      authorization: request.headers.authorization,
      range,
    });
    const stored = files.get(request.url ?? "");
    if (stored === undefined) return send(response, 404, "no such blob");
    const bytes = options.cdnBody === undefined ? stored : options.cdnBody(stored);
    downloadCount++;
    // Strong ETag; a Range with a matching If-Range continues the file (206), as a CDN does.
    const etag = `"${sha256(bytes).slice(0, 16)}"`;
    const resumeAt = /^bytes=(\d+)-$/.exec(range ?? "")?.[1];
    const start = resumeAt !== undefined && request.headers["if-range"] === etag ? Number(resumeAt) : 0;
    const rest = bytes.subarray(start);
    const headers = { "content-type": "application/octet-stream", "content-length": rest.length, etag };
    if (start > 0) {
      response.writeHead(206, {
        ...headers,
        "content-range": `bytes ${start}-${bytes.length - 1}/${bytes.length}`,
      });
    } else {
      response.writeHead(200, headers);
    }
    if (downloadCount <= (options.truncateFirstDownloads ?? 0)) {
      const cut = () => response.destroy();
      response.write(rest.subarray(0, Math.floor(rest.length / 2)), () => {
        if (options.cutWhen === undefined) cut();
        else options.cutWhen().then(cut, cut);
      });
      return;
    }
    response.end(rest);
  });
  const cdnOrigin = await listen(cdn);

  const hub = createServer((request, response) => {
    requests.push({ host: "hub", path: request.url ?? "", authorization: request.headers.authorization });
    if (failuresLeft > 0) {
      failuresLeft--;
      return send(response, 503, "try later");
    }
    handleHub(request, response);
  });
  const endpoint = await listen(hub);

  function isRefused(repo: string, request: IncomingMessage, response: ServerResponse): boolean {
    if (options.gated === undefined || !options.gated.repos.includes(repo)) return false;
    const authorization = request.headers.authorization;
    if (authorization === `Bearer ${options.gated.token}`) return false;
    send(
      response,
      authorization === undefined ? 401 : 403,
      '{"error":"Access to this dataset is restricted"}',
    );
    return true;
  }

  function handleHub(request: IncomingMessage, response: ServerResponse) {
    const url = request.url ?? "";
    if (handleModel(url, request, response)) return;
    const api =
      /^\/api\/datasets\/([^/]+\/[^/]+)\/parquet(?:\/([^/]+)(?:\/([^/]+)(?:\/(\d+)\.parquet)?)?)?$/.exec(url);
    if (api !== null) {
      const [, repo = "", config, split, shard] = api;
      const dataset = options.datasets[repo];
      if (isRefused(repo, request, response)) return;
      if (dataset === undefined) return send(response, 404, '{"error":"Repository not found"}');
      if (config === undefined) return sendJson(response, mapSplits(repo, dataset));
      const splits = dataset[decodeURIComponent(config)];
      const paths = split === undefined ? undefined : splits?.[decodeURIComponent(split)];
      if (paths === undefined) return send(response, 404, '{"error":"Not found"}');
      if (shard === undefined) return sendJson(response, shardUrls(repo, config, split ?? "", paths.length));
      const target = `/datasets/${repo}/resolve/${REF}/${config}/${split}/${shard.padStart(4, "0")}.parquet`;
      response.writeHead(302, { location: target }).end();
      return;
    }
    const resolve =
      /^\/datasets\/([^/]+\/[^/]+)\/resolve\/refs%2Fconvert%2Fparquet\/([^/]+)\/([^/]+)\/(\d{4})\.parquet$/.exec(
        url,
      );
    if (resolve !== null) {
      const [, repo = "", config = "", split = "", shard = ""] = resolve;
      if (isRefused(repo, request, response)) return;
      const filePath =
        options.datasets[repo]?.[decodeURIComponent(config)]?.[decodeURIComponent(split)]?.[Number(shard)];
      if (filePath === undefined) return send(response, 404, "Entry not found");
      const blob = `/blobs/${encodeURIComponent(`${repo}/${config}/${split}/${shard}`)}`;
      const bytes = files.get(blob) ?? readFileSync(filePath);
      files.set(blob, bytes);
      // As the Hub does for LFS files: the SHA-256 in X-Linked-Etag, the size in X-Linked-Size.
      const linked = options.isLinkingWrongSha256 === true ? "0".repeat(64) : sha256(bytes);
      response
        .writeHead(302, {
          location: `${cdnOrigin}${blob}`,
          "x-linked-etag": `"${linked}"`,
          "x-linked-size": bytes.length,
        })
        .end();
      return;
    }
    const raw = /^\/datasets\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url);
    if (raw !== null) {
      const [, repo = "", revision = "", filePath = ""] = raw;
      if (isRefused(repo, request, response)) return;
      const key = `${decodeURIComponent(revision)}/${filePath.split("/").map(decodeURIComponent).join("/")}`;
      const localFile = options.files?.[repo]?.[key];
      if (localFile === undefined) return send(response, 404, "Entry not found");
      const blob = `/blobs/${encodeURIComponent(`${repo}/${key}`)}`;
      const bytes = files.get(blob) ?? readFileSync(localFile);
      files.set(blob, bytes);
      response
        .writeHead(302, {
          location: `${cdnOrigin}${blob}`,
          "x-linked-etag": `"${sha256(bytes)}"`,
          "x-linked-size": bytes.length,
        })
        .end();
      return;
    }
    send(response, 404, "Not found");
  }

  /** `GET /api/models/{repo}/revision/{rev}` → `{sha}`; `GET /{repo}/resolve/{commit}/{path}` → the CDN. */
  function handleModel(url: string, request: IncomingMessage, response: ServerResponse): boolean {
    const revision = /^\/api\/models\/([^/]+\/[^/]+)\/revision\/([^/?]+)$/.exec(url);
    const resolve = /^\/([^/]+\/[^/]+)\/resolve\/([0-9a-f]{40})\/(.+)$/.exec(url);
    const repo = revision?.[1] ?? resolve?.[1];
    if (repo === undefined || repo.startsWith("datasets/") || repo.startsWith("api/")) return false;
    if (isRefused(repo, request, response)) return true;
    const model = options.models?.[repo];
    if (model === undefined) {
      send(response, 404, '{"error":"Repository not found"}');
      return true;
    }
    if (revision !== null) {
      const rev = decodeURIComponent(revision[2] ?? "");
      if (rev === "main" || rev === model.commit) sendJson(response, { id: repo, sha: model.commit });
      else send(response, 404, `{"error":"Invalid rev id: ${rev}"}`);
      return true;
    }
    const [, , commit = "", filePath = ""] = resolve ?? [];
    const localFile = commit === model.commit ? model.files[filePath] : undefined;
    if (localFile === undefined) {
      send(response, 404, "Entry not found");
      return true;
    }
    const blob = `/blobs/${encodeURIComponent(`${repo}/${commit}/${filePath}`)}`;
    const bytes = files.get(blob) ?? readFileSync(localFile);
    files.set(blob, bytes);
    response
      .writeHead(302, {
        location: `${cdnOrigin}${blob}`,
        "x-repo-commit": commit,
        "x-linked-etag": `"${sha256(bytes)}"`,
        "x-linked-size": bytes.length,
      })
      .end();
    return true;
  }

  function shardUrls(repo: string, config: string, split: string, count: number): string[] {
    return Array.from(
      { length: count },
      (_, index) => `${endpoint}/api/datasets/${repo}/parquet/${config}/${split}/${index}.parquet`,
    );
  }

  function mapSplits(repo: string, dataset: Record<string, Record<string, string[]>>) {
    const index: Record<string, Record<string, string[]>> = {};
    for (const [config, splits] of Object.entries(dataset)) {
      index[config] = {};
      for (const [split, paths] of Object.entries(splits)) {
        index[config][split] = shardUrls(
          repo,
          encodeURIComponent(config),
          encodeURIComponent(split),
          paths.length,
        );
      }
    }
    return index;
  }

  return {
    endpoint,
    cdnOrigin,
    requests,
    downloads: () => downloadCount,
    close: async () => {
      await Promise.all([close(hub), close(cdn)]);
    },
  };
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { "content-type": "application/json" }).end(body);
}

function sendJson(response: ServerResponse, value: unknown): void {
  send(response, 200, JSON.stringify(value));
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
