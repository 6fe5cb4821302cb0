// Backend#listModels: GET {baseUrl}/models; throws ServerUnreachableError when nothing answers, and says to add /v1
// when a base URL without it gets a 404.
import { redactUrl } from "../../core/url-secrets.js";
import { ApiCallError } from "../../errors.js";
import { modelListSchema } from "../../protocol/response-schemas.js";
import type { HttpSettings } from "./http-settings.js";
import { protocolError, quoteBody } from "./protocol-error.js";
import { redactSecret } from "./redact-secret.js";
import { requestJson } from "./request-json.js";

const ENDPOINT = "/models";

export async function listModels(settings: HttpSettings, signal: AbortSignal | undefined): Promise<string[]> {
  let response: Awaited<ReturnType<typeof requestJson>>;
  try {
    response = await requestJson(settings, {
      method: "GET",
      endpoint: ENDPOINT,
      maxBytes: 16 * 1024 * 1024,
      signal,
    });
  } catch (error) {
    const { versionHint } = settings;
    if (error instanceof ApiCallError && error.status === 404 && versionHint !== undefined) {
      const url = `${settings.origin}${settings.pathPrefix}${ENDPOINT}${redactUrl(settings.search)}`;
      throw new ApiCallError(`GET ${url}: HTTP 404 — ${versionHint}`, {
        status: 404,
        isRetryable: false,
        cause: error,
        ...(error.responseBody === undefined ? {} : { responseBody: error.responseBody }),
      });
    }
    throw error;
  }
  const { json, bodyText, statusCode, target } = response;
  const parsed = modelListSchema.safeParse(json);
  if (!parsed.success) {
    throw protocolError({
      target,
      statusCode,
      what: `JSON without a "data" list of models (${quoteBody(redactSecret(bodyText, settings.secrets))})`,
      versionHint: settings.versionHint,
      isRetryable: false,
      cause: parsed.error,
    });
  }
  return parsed.data.data.map((model) => model.id);
}
