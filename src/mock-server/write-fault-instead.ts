// The fault kinds that answer in place of the oracle (the backend is never asked, so nothing counts as served): a
// reset before any byte, a proxy's HTML page, an empty body, an endless line, vLLM's error as a whole response.
import type { ServerResponse } from "node:http";
import { SSE_HEADERS } from "../protocol/sse-frames.js";
import { FAULT_MESSAGE, resetConnection, vllmErrorJson } from "./fault-wire.js";

export const INSTEAD_FAULT_KINDS = ["reset-before-response", "html-200", "empty-body", "oversized"] as const;

/** The kinds above, and `error-event` for a request that is not streamed (vLLM answers it as an HTTP 500). */
export type InsteadFaultKind = (typeof INSTEAD_FAULT_KINDS)[number] | "error-event";

/** A reverse proxy's error page, sent with status 200 (as a misconfigured gateway does). */
export const HTML_ERROR_PAGE =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n" +
  "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

/** The oversized answer stops after this many bytes, if the client has not hung up before. */
export const OVERSIZED_LIMIT_BYTES = 2 ** 30;
export const OVERSIZED_PIECE_BYTES = 64 * 1024;
const OVERSIZED_PIECE = Buffer.alloc(OVERSIZED_PIECE_BYTES, "x");

export function writeFaultInstead(
  kind: InsteadFaultKind,
  response: ServerResponse,
  isStream: boolean,
  id: string,
): void {
  if (response.destroyed) return;
  const contentType = isStream ? SSE_HEADERS["content-type"] : "application/json";
  switch (kind) {
    case "reset-before-response":
      resetConnection(response);
      return;
    case "html-200":
      response.writeHead(200, {
        "content-type": "text/html",
        "content-length": Buffer.byteLength(HTML_ERROR_PAGE),
      });
      response.end(HTML_ERROR_PAGE);
      return;
    case "empty-body":
      response.writeHead(200, { "content-type": contentType, "content-length": 0 });
      response.end();
      return;
    case "oversized":
      writeEndlessLine(response, isStream, id);
      return;
    case "error-event": {
      const body = vllmErrorJson(FAULT_MESSAGE, 500);
      response.writeHead(500, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      });
      response.end(body);
      return;
    }
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown fault kind ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * One answer line that never ends: an event (or JSON body) opened with its `content` string and then `x` in
 * 64 KiB pieces, each written when the last has drained, until the client hangs up or OVERSIZED_LIMIT_BYTES went.
 */
function writeEndlessLine(response: ServerResponse, isStream: boolean, id: string): void {
  const opening = isStream
    ? `data: {"id":"${id}","choices":[{"index":0,"delta":{"content":"`
    : `{"id":"${id}","choices":[{"index":0,"message":{"role":"assistant","content":"`;
  response.writeHead(200, isStream ? SSE_HEADERS : { "content-type": "application/json" });
  let sentBytes = Buffer.byteLength(opening);
  response.write(opening);
  const pump = (): void => {
    while (!response.destroyed) {
      if (sentBytes >= OVERSIZED_LIMIT_BYTES) {
        response.end();
        return;
      }
      sentBytes += OVERSIZED_PIECE_BYTES;
      if (!response.write(OVERSIZED_PIECE)) {
        response.once("drain", pump);
        return;
      }
    }
  };
  pump();
}
