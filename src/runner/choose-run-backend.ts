// Picks the backend of a run: a named server over HTTP, or a GGUF in-process (the default when nothing is named).
import { createLocalLlamaBackend } from "../backends/local-llama/create-local-llama-backend.js";
import { DEFAULT_LOCAL_MODEL, isHubModelSpec } from "../backends/local-llama/local-model-source.js";
import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import type { RunOptions, RunOptionsInput } from "../config/run-options.js";
import type { Backend } from "../core/generation.js";
import type { ReadProgress } from "../core/read-progress.js";

const DEFAULT_LOCAL_PARALLEL = 4;

/**
 * Fills in `backend` (and the default model for a bare local run) from what the user named:
 * `--model-path` or `--model hf:…` → local; no base URL and no model → local with DEFAULT_LOCAL_MODEL; else http.
 * A resume keeps the stored choice.
 */
export function chooseRunBackend(input: RunOptionsInput): RunOptionsInput {
  if (input.resume !== undefined && input.backend === undefined) return input;
  const isLocal =
    input.backend === "local" ||
    (input.backend === undefined &&
      (input.modelPath !== undefined ||
        (input.model !== undefined && isHubModelSpec(input.model)) ||
        (input.baseUrl === undefined && input.model === undefined)));
  // A backend that is neither is left as given, for the options schema to refuse by name.
  if (!isLocal) return { ...input, backend: input.backend ?? "http" };
  const model = input.model ?? (input.modelPath === undefined ? DEFAULT_LOCAL_MODEL : undefined);
  return { ...input, backend: "local", ...(model === undefined ? {} : { model }) };
}

/** The backend a run sends its requests to. */
export function createRunBackend(
  options: RunOptions,
  model: string,
  extras: { env: NodeJS.ProcessEnv; onDownloadProgress?: ((progress: ReadProgress) => void) | undefined },
): Backend {
  if (options.backend === "local") {
    return createLocalLlamaBackend({
      modelPath: options.modelPath,
      model: options.model,
      gpu: options.gpu,
      parallel: options.parallel ?? Math.min(options.concurrency, DEFAULT_LOCAL_PARALLEL),
      contextSize: options.contextSize,
      threads: options.threads,
      env: extras.env,
      onDownloadProgress: extras.onDownloadProgress,
    });
  }
  return createOpenAiHttpBackend({
    baseUrl: options.baseUrl,
    model,
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    connections: options.concurrency,
    maxRetries: options.maxRetries,
    timeoutMs: options.timeoutMs,
    idleTimeoutMs: options.idleTimeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    replicaEjectAfter: options.replicaEjectAfter,
    replicaCooldownMs: options.replicaCooldownMs,
  });
}
