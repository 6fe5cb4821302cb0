// A stand-in for the client's response that keeps the answer whole (status, headers, body) and hands it on when it
// ends, so that a fault can rewrite the oracle's own answer before any byte of it goes out.
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { AnswerSink } from "../serve/answer-sink.js";

export interface CompleteAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
}

export class CapturedAnswer implements AnswerSink {
  headersSent = false;
  writableEnded = false;
  writableFinished = false;
  private status = 200;
  private headers: OutgoingHttpHeaders = {};
  private body = "";
  private readonly client: ServerResponse;
  private readonly onEnd: (answer: CompleteAnswer) => void;

  constructor(client: ServerResponse, onEnd: (answer: CompleteAnswer) => void) {
    this.client = client;
    this.onEnd = onEnd;
  }

  /** The client hung up. */
  get destroyed(): boolean {
    return this.client.destroyed;
  }

  writeHead(status: number, headers: OutgoingHttpHeaders): void {
    this.status = status;
    this.headers = { ...headers };
    this.headersSent = true;
  }

  write(chunk: string): boolean {
    this.body += chunk;
    return true;
  }

  end(chunk = ""): void {
    if (this.writableEnded) return;
    this.body += chunk;
    this.writableEnded = true;
    this.writableFinished = true;
    this.onEnd({ status: this.status, headers: this.headers, body: this.body });
  }

  flushHeaders(): void {}

  once(event: "close", listener: () => void): void {
    this.client.once(event, listener);
  }
}
