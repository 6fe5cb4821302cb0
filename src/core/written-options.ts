// A command's options as they are written to disk (run.json, profile_summary.json): never a key.
import { redactUrl } from "./url-secrets.js";

/**
 * `options` without the API key and the `--resume` path, and with the keys inside URL-valued options
 * (`--base-url http://user:KEY@host/v1`, `?api_key=KEY`, a Prometheus or metrics URL) replaced by `***`.
 */
export function writtenOptions<Options extends { apiKey?: unknown; resume?: unknown }>(
  options: Options,
): Omit<Options, "apiKey" | "resume"> {
  const { apiKey: _apiKey, resume: _resume, ...rest } = options;
  const written: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest))
    written[key] = typeof value === "string" ? redactUrl(value) : value;
  return written as Omit<Options, "apiKey" | "resume">;
}
