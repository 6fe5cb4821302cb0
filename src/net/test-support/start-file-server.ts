// A 127.0.0.1 server for download tests: one file with an ETag, Range/If-Range, cut connections and error statuses.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FileServerBehaviour {
  body: Buffer;
  etag?: string | undefined;
  lastModified?: string | undefined;
  /** For the first `cutRequests` requests: send this many body bytes, then cut the connection. */
  cutAfterBytes?: number | undefined;
  cutRequests?: number | undefined;
  /** Resolves when the cut may happen (e.g. once the client has written the bytes sent); default at once. */
  cutWhen?: (() => Promise<void>) | undefined;
  /** Answer every Range request with the whole file (200). */
  isIgnoringRange?: boolean | undefined;
  /** Answer the first `count` requests with `status` (and `headers`) instead of the file. */
  failFirst?: { count: number; status: number; headers?: Record<string, string> } | undefined;
  /** Send a Content-Length larger than the body, then end the connection. */
  isLyingAboutLength?: boolean | undefined;
  /** Extra response headers on the file answers. */
  headers?: Record<string, string> | undefined;
}

export interface FileServerRequest {
  path: string;
  range: string | undefined;
  ifRange: string | undefined;
  authorization: string | undefined;
}

export interface FileServer {
  /** `<origin>/file`. */
  url: string;
  origin: string;
  requests: FileServerRequest[];
  /** Changes what the server does from the next request on, and forgets the requests seen so far. */
  behave(behaviour: FileServerBehaviour): void;
  close(): Promise<void>;
}

/** Starts the server on a random port of 127.0.0.1; any path other than `/file` is a 404. */
export async function startFileServer(initial: FileServerBehaviour): Promise<FileServer> {
  let behaviour = initial;
  let answered = 0;
  const requests: FileServerRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({
      path: request.url ?? "",
      range: request.headers.range,
      ifRange: request.headers["if-range"] as string | undefined,
      authorization: request.headers.authorization,
    });
    const index = answered++;
    if (request.url !== "/file") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Entry not found");
      return;
    }
    const { failFirst } = behaviour;
    if (failFirst !== undefined && index < failFirst.count) {
      response.writeHead(failFirst.status, failFirst.headers ?? {}).end(`failure ${index}`);
      return;
    }
    serveFile(request, response, behaviour, index);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/file`,
    origin,
    requests,
    behave: (next) => {
      behaviour = next;
      answered = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function serveFile(
  request: IncomingMessage,
  response: ServerResponse,
  behaviour: FileServerBehaviour,
  index: number,
): void {
  const { body } = behaviour;
  const validators = {
    ...(behaviour.etag === undefined ? {} : { etag: behaviour.etag }),
    ...(behaviour.lastModified === undefined ? {} : { "last-modified": behaviour.lastModified }),
    ...behaviour.headers,
  };
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? "");
  const ifRange = request.headers["if-range"];
  const isRangeValid =
    range !== null &&
    behaviour.isIgnoringRange !== true &&
    (ifRange === undefined || ifRange === behaviour.etag || ifRange === behaviour.lastModified);
  let start = 0;
  if (isRangeValid) {
    start = Number(range[1]);
    if (start >= body.length) {
      response.writeHead(416, { "content-range": `bytes */${body.length}` }).end();
      return;
    }
    response.writeHead(206, {
      ...validators,
      "content-range": `bytes ${start}-${body.length - 1}/${body.length}`,
      "content-length": body.length - start,
    });
  } else {
    const length = behaviour.isLyingAboutLength === true ? body.length + 100 : body.length;
    response.writeHead(200, { ...validators, "content-length": length });
  }
  const rest = body.subarray(start);
  const isCut = behaviour.cutAfterBytes !== undefined && index < (behaviour.cutRequests ?? 1);
  if (isCut || behaviour.isLyingAboutLength === true) {
    const sent = isCut ? rest.subarray(0, behaviour.cutAfterBytes) : rest;
    const cut = () => response.socket?.destroy();
    response.write(sent, () => {
      if (behaviour.cutWhen === undefined) cut();
      else behaviour.cutWhen().then(cut, cut);
    });
    return;
  }
  response.end(rest);
}
