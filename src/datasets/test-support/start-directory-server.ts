// A local 127.0.0.1 server of a directory's files under a URL prefix (a raw GitHub commit's layout), for tests.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface DirectoryServer {
  /** `<origin><prefix>`: what a mirror variable is set to. */
  url: string;
  /** Request paths, in arrival order. */
  requests: string[];
  close(): Promise<void>;
}

export interface DirectoryServerOptions {
  /** The URL path the files are under, e.g. `/cot-prompts`; default the root. */
  prefix?: string;
  /** Serves `<directory>/<path after the prefix>`. */
  directory?: string;
  /** Which paths after the prefix exist at all (others are 404s); default any path without `..`. */
  isServed?: (relativePath: string) => boolean;
  /** Serves these bytes for every served path instead (for hash mismatches). */
  body?: string;
  /** Accepts requests and never answers (for timeouts). */
  isSilent?: boolean;
}

/** Serves `GET <prefix>/<path>`; anything else, or a file not in `directory`, is a 404. */
export async function startDirectoryServer(options: DirectoryServerOptions): Promise<DirectoryServer> {
  const prefix = options.prefix ?? "";
  const isServed = options.isServed ?? ((relativePath: string) => !relativePath.split("/").includes(".."));
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = request.url ?? "";
    requests.push(url);
    if (options.isSilent === true) return;
    const send = (status: number, body: string | Buffer) => {
      response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
      response.end(body);
    };
    const relativePath = url.startsWith(`${prefix}/`) ? url.slice(prefix.length + 1) : undefined;
    if (relativePath === undefined || !isServed(relativePath)) return send(404, "not found");
    if (options.body !== undefined) return send(200, options.body);
    if (options.directory === undefined) return send(404, "not found");
    readFile(path.join(options.directory, ...relativePath.split("/"))).then(
      (bytes) => send(200, bytes),
      () => send(404, "not found"),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on 127.0.0.1 where nothing listens (a port just released), with `prefix` as its path. */
export async function closedPortUrl(prefix = ""): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${prefix}`;
}
