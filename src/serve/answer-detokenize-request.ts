// `POST /detokenize` (and `/v1/detokenize`): `{model?, tokens}` answered `{prompt}` as vLLM and SGLang do, or
// `{tokens}` without a model answered `{content}` as llama.cpp server does.
import type { IncomingMessage, ServerResponse } from "node:http";
import { toError } from "../errors.js";
import { detokenizeRequestSchema } from "../protocol/request-schemas.js";
import { sendBody, sendError } from "./send-reply.js";
import type { ServedBackend } from "./served-backend.js";

const MAX_BODY_CHARS = 64 * 1024 * 1024;

export function answerDetokenizeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  backend: ServedBackend,
): void {
  let bodyText = "";
  request.setEncoding("utf8");
  request.on("data", (chunk: string) => {
    bodyText += chunk;
    if (bodyText.length > MAX_BODY_CHARS) {
      sendError(response, 413, { message: `The request body is larger than ${MAX_BODY_CHARS} characters.` });
      request.destroy();
    }
  });
  request.on("end", () => {
    if (response.headersSent) return;
    const { detokenize } = backend;
    const cannot = () =>
      sendError(response, 404, {
        message: `The backend behind this server (${backend.name}) cannot detokenize.`,
      });
    if (detokenize === undefined) return cannot();
    let json: unknown;
    try {
      json = JSON.parse(bodyText);
    } catch {
      return sendError(response, 400, { message: "The request body is not JSON." });
    }
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
