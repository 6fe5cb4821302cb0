// Where a simulated user's requests go (a recipe that `usesUserModel`: τ-bench): the run's own backend, or — with
// `--user-model`/`--user-base-url` — a client of its own for that model and server.
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import type { Recipe } from "../benchmarks/types.js";
import type { RunOptions } from "../config/run-options.js";
import type { Backend } from "../core/generation.js";
import { ConfigError } from "../errors.js";
import { resolveModel } from "../session/resolve-model.js";

type UserModelOptions = Pick<
  RunOptions,
  | "backend"
  | "baseUrl"
  | "apiKey"
  | "userModel"
  | "userBaseUrl"
  | "userApiKey"
  | "userTemperature"
  | "concurrency"
  | "maxRetries"
  | "timeoutMs"
> &
  Partial<Pick<RunOptions, "idleTimeoutMs" | "maxResponseBytes">>;

/** The `--user-*` flags given, by flag name (not the key: it may come from the environment, for every run). */
function givenUserFlags(options: UserModelOptions): string[] {
  return [
    ["--user-model", options.userModel],
    ["--user-base-url", options.userBaseUrl],
    ["--user-temperature", options.userTemperature],
  ].flatMap(([flag, value]) => (value === undefined ? [] : [String(flag)]));
}

/**
 * Refuses `--user-*` flags no benchmark of the run uses, and a user model named beside an in-process model with no
 * server to find it on.
 */
export function checkUserModelOptions(options: UserModelOptions, recipes: readonly Recipe[]): void {
  const given = givenUserFlags(options);
  if (given.length === 0) return;
  if (!recipes.some((recipe) => recipe.usesUserModel === true)) {
    throw new ConfigError(
      `${given.join(", ")} set${given.length === 1 ? "s" : ""} the simulated user of an agent benchmark (tau_bench's tau-bench recipe); no benchmark of this run has one. Drop ${given.length === 1 ? "it" : "them"}.`,
    );
  }
  if (options.backend === "local" && options.userModel !== undefined && options.userBaseUrl === undefined) {
    throw new ConfigError(
      `--user-model ${options.userModel} needs --user-base-url: the model under test runs in-process, so there is no server to ask for it (without --user-model the in-process model plays the user too).`,
    );
  }
}

/**
 * A client for the simulated user's model when one other than the run's is named (its own model, server or key),
 * after checking that the server answers and serves that model (its only model when none is named); undefined when
 * the run's backend plays the user too.
 */
export async function openUserModelBackend(
  options: UserModelOptions,
  runModel: string,
  extras: { signal?: AbortSignal | undefined; onWarning?: ((message: string) => void) | undefined } = {},
): Promise<Backend | undefined> {
  // A key alone changes nothing: it is --user-base-url's.
  if (options.userModel === undefined && options.userBaseUrl === undefined) return undefined;
  if (options.backend === "local" && options.userBaseUrl === undefined) return undefined;
  const baseUrl = options.userBaseUrl ?? options.baseUrl;
  // The run's key goes only to the run's own server.
  const apiKey = options.userApiKey ?? (options.userBaseUrl === undefined ? options.apiKey : undefined);
  const client = (model: string) =>
    createOpenAiHttpBackend({
      baseUrl,
      model,
      ...(apiKey === undefined ? {} : { apiKey }),
      connections: options.concurrency,
      maxRetries: options.maxRetries,
      timeoutMs: options.timeoutMs,
      idleTimeoutMs: options.idleTimeoutMs,
      maxResponseBytes: options.maxResponseBytes,
    });
  const requested = options.userModel ?? (options.userBaseUrl === undefined ? runModel : undefined);
  const listing = client(requested ?? "");
  try {
    const model = await resolveModel(listing, {
      requested,
      baseUrl,
      ...(extras.signal === undefined ? {} : { signal: extras.signal }),
      ...(extras.onWarning === undefined ? {} : { onWarning: extras.onWarning }),
    });
    if (model === requested) return listing;
    await listing.close();
    return client(model);
  } catch (error) {
    await listing.close();
    throw error;
  }
}
