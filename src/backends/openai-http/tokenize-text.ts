// Backend#tokenize over HTTP: `POST /tokenize` at the server's root (vLLM, SGLang and llama.cpp server serve it
// there, beside `/v1`). vLLM and SGLang take `{model, prompt, add_special_tokens}` and answer `{count, tokens, …}`;
// llama.cpp takes `{content, add_special}` and answers `{tokens}` (and `{tokens: []}` to a body without `content`).
// The first answer tells which server it is; a server without the route (OpenAI, Ollama) gives undefined.
import type { TokenizeOptions } from "../../core/generation.js";
import { ApiCallError } from "../../errors.js";
import { tokenizeResponseSchema } from "../../protocol/response-schemas.js";
import type { HttpSettings } from "./http-settings.js";
import { protocolError, quoteBody } from "./protocol-error.js";
import { redactSecret } from "./redact-secret.js";
import { requestJson } from "./request-json.js";

const ENDPOINT = "/tokenize";
/** Statuses that mean "no such route here" (or a route that is not a tokenizer) rather than a failed request. */
const NO_ROUTE_STATUSES = new Set([400, 404, 405, 422, 501]);

type Dialect = "vllm" | "llama.cpp" | "none";

/** The base URL's path without its trailing `/v1`, where the tokenize route lives. */
function rootPrefix(pathPrefix: string): string {
  return pathPrefix.replace(/\/v1$/, "");
}

/** Returns the backend's `tokenize`: it learns the server's dialect on its first call and keeps it. */
export function createHttpTokenizer(settings: HttpSettings) {
  const rootSettings: HttpSettings = { ...settings, pathPrefix: rootPrefix(settings.pathPrefix) };
  /** The server's dialect once a probe has answered; a promise of undefined while a failed probe is pending. */
  let dialect: Promise<Dialect | undefined> | undefined;

  async function ask(body: object, signal: AbortSignal | undefined) {
    const { json, bodyText, statusCode, target } = await requestJson(rootSettings, {
      method: "POST",
      endpoint: ENDPOINT,
      body: JSON.stringify(body),
      maxBytes: 64 * 1024 * 1024,
      signal,
    });
    const parsed = tokenizeResponseSchema.safeParse(json);
    if (!parsed.success) {
      throw protocolError({
        target,
        statusCode,
        what: `JSON without a "tokens" list (${quoteBody(redactSecret(bodyText, settings.secrets))})`,
        versionHint: undefined,
        isRetryable: false,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  const vllmBody = (text: string, options: TokenizeOptions) => ({
    model: settings.model,
    prompt: text,
    add_special_tokens: options.addSpecialTokens,
  });
  const llamaCppBody = (text: string, options: TokenizeOptions) => ({
    content: text,
    add_special: options.addSpecialTokens,
  });

  /** Asks in vLLM's dialect; the answer tells the dialect (and is the result, for vLLM and SGLang). */
  async function probe(
    text: string,
    options: TokenizeOptions,
  ): Promise<{ dialect: Dialect; tokens?: number[] }> {
    try {
      const answer = await ask(vllmBody(text, options), options.signal);
      return answer.count === undefined
        ? { dialect: "llama.cpp" }
        : { dialect: "vllm", tokens: answer.tokens };
    } catch (error) {
      // No such route, or an answer that is no tokenizer's: this server cannot tokenize.
      if (
        error instanceof ApiCallError &&
        (error.code === "E_PROTOCOL" || (error.status !== undefined && NO_ROUTE_STATUSES.has(error.status)))
      )
        return { dialect: "none" };
      throw error;
    }
  }

  const tokenize = async (text: string, options: TokenizeOptions): Promise<number[] | undefined> => {
    if (dialect === undefined) {
      const probing = probe(text, options);
      // A failed probe is this call's error; calls waiting on it probe again.
      dialect = probing.then(
        (result) => result.dialect,
        () => {
          dialect = undefined;
          return undefined;
        },
      );
      const result = await probing;
      if (result.dialect !== "llama.cpp") return result.tokens;
    }
    const known = await dialect;
    if (known === undefined) return tokenize(text, options);
    if (known === "none") return undefined;
    const body = known === "vllm" ? vllmBody(text, options) : llamaCppBody(text, options);
    return (await ask(body, options.signal)).tokens;
  };
  return tokenize;
}
