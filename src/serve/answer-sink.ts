// Where a generation answer is written: the client's ServerResponse, or a stand-in that keeps the answer (the mock
// server's faults rewrite it before it goes out).
import type { OutgoingHttpHeaders } from "node:http";

/** The part of a ServerResponse that the answer writers use. */
export interface AnswerSink {
  readonly destroyed: boolean;
  readonly headersSent: boolean;
  readonly writableEnded: boolean;
  readonly writableFinished: boolean;
  writeHead(status: number, headers: OutgoingHttpHeaders): unknown;
  write(chunk: string): unknown;
  end(chunk?: string): unknown;
  flushHeaders(): void;
  once(event: "close", listener: () => void): unknown;
}
