// `POST /tokenize` (and `/v1/tokenize`) in both dialects clients use: vLLM's and SGLang's `{prompt,
// add_special_tokens}` answered `{count, tokens}`, llama.cpp server's `{content, add_special}` answered `{tokens}`.
import type { IncomingMessage, ServerResponse } from "node:http";
import { toError } from "../errors.js";
import { tokenizeRequestSchema } from "../protocol/request-schemas.js";
import { NOT_JSON, parseJsonBody, readRequestBody } from "./read-request-body.js";
import { sendBody, sendError } from "./send-reply.js";
import type { ServedBackend } from "./served-backend.js";

export function answerTokenizeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  backend: ServedBackend,
): void {
  readRequestBody(request, response, (bodyText) => {
    const { tokenize } = backend;
    if (tokenize === undefined) {
      sendError(response, 404, {
        message: `The backend behind this server (${backend.name}) cannot tokenize.`,
      });
      return;
    }
    const json = parseJsonBody(bodyText, response);
    if (json === NOT_JSON) return;
    const parsed = tokenizeRequestSchema.safeParse(json);
    if (!parsed.success) {
      sendError(response, 400, {
        message:
          'Send {"prompt": TEXT, "add_special_tokens": BOOL} or {"content": TEXT, "add_special": BOOL}.',
      });
      return;
    }
    const body = parsed.data;
    if ("prompt" in body && body.model !== undefined && body.model !== backend.modelId) {
      sendError(response, 404, {
        message: `The model \`${body.model}\` does not exist. This server serves \`${backend.modelId}\`.`,
        param: "model",
        code: "model_not_found",
      });
      return;
    }
    const [text, addSpecialTokens] =
      "prompt" in body ? [body.prompt, body.add_special_tokens] : [body.content, body.add_special];
    tokenize.call(backend, text, { addSpecialTokens }).then(
      (tokens) => {
        if (tokens === undefined) {
          sendError(response, 404, {
            message: `The backend behind this server (${backend.name}) cannot tokenize.`,
          });
          return;
        }
        sendBody(response, JSON.stringify("prompt" in body ? { count: tokens.length, tokens } : { tokens }));
      },
      (error: unknown) => sendError(response, 500, { message: toError(error).message }),
    );
  });
}
