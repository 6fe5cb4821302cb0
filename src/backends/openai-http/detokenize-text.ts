// Backend#detokenize over HTTP: `POST /detokenize` at the server's root, beside `/tokenize`. One body serves every
// server: vLLM and SGLang read `{model, tokens}` and answer `{prompt}`; llama.cpp server reads `{tokens}` (and
// ignores `model`) and answers `{content}`. A server without the route (OpenAI, Ollama) gives undefined.
import type { DetokenizeOptions } from "../../core/generation.js";
import { ApiCallError } from "../../errors.js";
import { detokenizeResponseSchema } from "../../protocol/response-schemas.js";
import type { HttpSettings } from "./http-settings.js";
import { protocolError, quoteBody } from "./protocol-error.js";
import { redactSecret } from "./redact-secret.js";
import { requestJson } from "./request-json.js";

const ENDPOINT = "/detokenize";
/** Statuses that mean "no such route here" rather than a failed request. */
const NO_ROUTE_STATUSES = new Set([404, 405, 501]);

/** Returns the backend's `detokenize` (the server decides whether special tokens are spelled out). */
export function createHttpDetokenizer(settings: HttpSettings) {
  const rootSettings: HttpSettings = { ...settings, pathPrefix: settings.pathPrefix.replace(/\/v1$/, "") };
  /** Set once the server has said it has no such route. */
  let isMissing = false;

  return async (tokens: readonly number[], options: DetokenizeOptions = {}): Promise<string | undefined> => {
    if (isMissing) return undefined;
    try {
      const { json, bodyText, statusCode, target } = await requestJson(rootSettings, {
        method: "POST",
        endpoint: ENDPOINT,
        body: JSON.stringify({ model: settings.model, tokens }),
        maxBytes: 64 * 1024 * 1024,
        signal: options.signal,
      });
      const parsed = detokenizeResponseSchema.safeParse(json);
      if (!parsed.success) {
        throw protocolError({
          target,
          statusCode,
          what: `JSON without a "prompt" or "content" text (${quoteBody(redactSecret(bodyText, settings.secrets))})`,
          versionHint: undefined,
          isRetryable: false,
          cause: parsed.error,
        });
      }
      return parsed.data;
    } catch (error) {
      if (
        error instanceof ApiCallError &&
        error.status !== undefined &&
        NO_ROUTE_STATUSES.has(error.status)
      ) {
        isMissing = true;
        return undefined;
      }
      throw error;
    }
  };
}
