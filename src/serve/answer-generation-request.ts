// One chat or completions request: read the body, maybe inject a fault, parse it, check the model, ask the
// backend, and write its answer (through the fault's sink when one intercepts it).
import type { IncomingMessage, ServerResponse } from "node:http";
import { toError } from "../errors.js";
import { type GenerationKind, parseGenerationRequest } from "../protocol/parse-generation-request.js";
import type { AnswerSink } from "./answer-sink.js";
import { GenerationResponse, type ResponseContext } from "./generation-response.js";
import { readRequestBody } from "./read-request-body.js";
import { sendError } from "./send-reply.js";
import type { ServedBackend } from "./served-backend.js";

/**
 * What fault injection does with one generation request: `reply` answers an HTTP error instead of it, before its
 * body is parsed; `intercept` runs once the request is parsed and valid, and either answers by itself (returns
 * undefined: the backend is not asked) or returns the sink the backend's answer is written through.
 */
export type InjectedFault =
  | { type: "reply"; status: number; message: string; headers?: Record<string, string> }
  | { type: "intercept"; intercept(response: ServerResponse, isStream: boolean): AnswerSink | undefined };

export interface GenerationServer extends ResponseContext {
  backend: ServedBackend;
  modelJson: string;
  /** Goes into response ids: `chatcmpl-<idPrefix><request number>`. */
  idPrefix: string;
  injectFault: ((requestNumber: number) => InjectedFault | undefined) | undefined;
  /** Generation requests seen so far (refused ones included); numbers response ids and fault draws. */
  requestCount: number;
  /** Every generation response's `close` listener: counts it out of `counters.running`. */
  onResponseClose: () => void;
}

export function answerGenerationRequest(
  request: IncomingMessage,
  response: ServerResponse,
  kind: GenerationKind,
  server: GenerationServer,
): void {
  const arrivalMs = server.now();
  const requestNumber = ++server.requestCount;
  const counters = server.counters;
  counters.running++;
  // One shared listener: nothing of this request stays reachable from it (Node keeps a connection's last request,
  // and everything its listeners hold, until the next request on that connection).
  response.on("close", server.onResponseClose);
  readRequestBody(
    request,
    response,
    (bodyText) => {
      const fault = server.injectFault?.(requestNumber);
      if (fault?.type === "reply") {
        counters.failedRequests++;
        sendError(response, fault.status, { message: fault.message }, fault.headers);
        return;
      }
      const parsed = parseGenerationRequest(kind, bodyText);
      if (parsed.status === "error") {
        counters.failedRequests++;
        sendError(response, 400, { message: parsed.message });
        return;
      }
      const body = parsed.request;
      const { backend } = server;
      if (body.model !== undefined && body.model !== backend.modelId) {
        counters.failedRequests++;
        sendError(response, 404, {
          message: `The model \`${body.model}\` does not exist. This server serves \`${backend.modelId}\`.`,
          param: "model",
          code: "model_not_found",
        });
        return;
      }
      let sink: AnswerSink = response;
      if (fault !== undefined) {
        const through = fault.intercept(response, body.stream);
        if (through === undefined) {
          counters.failedRequests++;
          return;
        }
        sink = through;
      }
      const answer = new GenerationResponse(sink, server, arrivalMs, requestNumber);
      answer.begin(
        {
          kind,
          id: `${kind === "chat" ? "chatcmpl" : "cmpl"}-${server.idPrefix}${requestNumber}`,
          createdS: Math.floor(Date.now() / 1000),
          modelJson: server.modelJson,
        },
        body,
      );
      const isLogprobsRequest =
        kind === "completions" && !body.stream && (body.isEcho || body.logprobs !== undefined);
      if (isLogprobsRequest && backend.completeWithLogprobs !== undefined) {
        backend.completeWithLogprobs(body, answer).then(
          (result) => answer.finishLogprobs(result),
          (error: unknown) => answer.fail(500, toError(error).message),
        );
        return;
      }
      // Inline callbacks, not named consts: run from the sources (tsx keeps names), each named closure made per
      // request costs a defineProperty.
      answer.call((options) => {
        backend.generate(body, options).then(
          (result) => answer.finish(result),
          (error: unknown) => answer.fail(500, toError(error).message),
        );
      });
    },
    () => {
      counters.failedRequests++;
    },
  );
}
