// Checks that the server is reachable and serves the model asked for; picks the only model when none was named.
import type { Backend } from "../core/generation.js";
import { redactReplicaUrls } from "../core/replica-urls.js";
import { ApiCallError, BenchError, ConfigError, ServerUnreachableError } from "../errors.js";

export async function resolveModel(
  backend: Backend,
  options: {
    requested: string | undefined;
    baseUrl: string;
    signal?: AbortSignal;
    onWarning?: (message: string) => void;
  },
): Promise<string> {
  const { requested } = options;
  const baseUrl = redactReplicaUrls(options.baseUrl);
  let models: string[];
  try {
    models = await backend.listModels(options.signal === undefined ? {} : { signal: options.signal });
  } catch (error) {
    if (error instanceof ServerUnreachableError) {
      throw new BenchError("E_SERVER_UNREACHABLE", error.message, { cause: error, exitCode: 2 });
    }
    // Some servers do not list their models: with a model named, go on (a wrong key would fail every request too,
    // so 401/403 stop here with the server's message).
    if (
      error instanceof ApiCallError &&
      requested !== undefined &&
      error.status !== 401 &&
      error.status !== 403
    ) {
      options.onWarning?.(`cannot list the models (${error.message}); going on with --model "${requested}".`);
      return requested;
    }
    if (error instanceof ApiCallError) {
      // A 404 on GET /models: the base URL is not the server's OpenAI API (the /v1 hint, when one applies, is in it).
      const advice =
        error.status === 404 && !error.message.includes("--base-url")
          ? `; is --base-url ${baseUrl} the server's OpenAI API base (e.g. http://host:8000/v1)?`
          : "";
      throw new BenchError(error.code, `${error.message}${advice}`, { cause: error, exitCode: 2 });
    }
    throw error;
  }
  const list = models.length === 0 ? "(none)" : models.join(", ");
  if (requested === undefined) {
    const [only] = models;
    if (models.length === 1 && only !== undefined) return only;
    throw new ConfigError(`Name the model with --model: the server at ${baseUrl} serves ${list}.`);
  }
  if (!models.includes(requested)) {
    throw new ConfigError(
      `Model "${requested}" is not served at ${baseUrl}. Served: ${list}. Pass one of them with --model.`,
    );
  }
  return requested;
}
