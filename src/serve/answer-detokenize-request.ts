// `POST /detokenize` (and `/v1/detokenize`): `{model?, tokens}` answered `{prompt}` as vLLM and SGLang do, or
// `{tokens}` without a model answered `{content}` as llama.cpp server does.
import type { IncomingMessage, ServerResponse } from "node:http";
import { toError } from "../errors.js";
import { detokenizeRequestSchema } from "../protocol/request-schemas.js";
import { NOT_JSON, parseJsonBody, readRequestBody } from "./read-request-body.js";
import { sendBody, sendError } from "./send-reply.js";
import type { ServedBackend } from "./served-backend.js";

export function answerDetokenizeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  backend: ServedBackend,
): void {
  readRequestBody(request, response, (bodyText) => {
    const { detokenize } = backend;
    const cannot = () =>
      sendError(response, 404, {
        message: `The backend behind this server (${backend.name}) cannot detokenize.`,
      });
    if (detokenize === undefined) return cannot();
    const json = parseJsonBody(bodyText, response);
    if (json === NOT_JSON) return;
    const parsed = detokenizeRequestSchema.safeParse(json);
    if (!parsed.success) {
      return sendError(response, 400, { message: 'Send {"tokens": [ID, …]} (and optionally "model").' });
    }
    const { model, tokens } = parsed.data;
    if (model !== undefined && model !== backend.modelId) {
      return sendError(response, 404, {
        message: `The model \`${model}\` does not exist. This server serves \`${backend.modelId}\`.`,
        param: "model",
        code: "model_not_found",
      });
    }
    detokenize.call(backend, tokens).then(
      (text) => {
        if (text === undefined) return cannot();
        sendBody(response, JSON.stringify(model === undefined ? { content: text } : { prompt: text }));
      },
      // A token id the tokenizer does not have is the request's fault.
      (error: unknown) => sendError(response, 400, { message: toError(error).message }),
    );
  });
}
