// A command's options as they are written to disk (run.json, profile_summary.json): never a key.
import { redactReplicaUrls } from "./replica-urls.js";
import { redactUrl } from "./url-secrets.js";

/** An option that holds a URL (`baseUrl`, `prometheusUrl`, `serverMetricsUrl`): its keys are written as `***`. */
export function isUrlOption(key: string): boolean {
  return key.endsWith("Url");
}

/**
 * `options` without the API keys (the run's, the user model's) and the `--resume` path, and with the keys inside the URL options
 * (`http://user:KEY@host/v1`, `?api_key=KEY`) replaced by `***`. Other options are kept as given: they say what was
 * asked, and a resume asks it again.
 */
export function writtenOptions<Options extends { apiKey?: unknown; userApiKey?: unknown; resume?: unknown }>(
  options: Options,
): Omit<Options, "apiKey" | "userApiKey" | "resume"> {
  const { apiKey: _apiKey, userApiKey: _userApiKey, resume: _resume, ...rest } = options;
  const written: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    // `baseUrl` may list replicas (`A,B`): each URL's keys are redacted.
    written[key] =
      typeof value === "string" && isUrlOption(key)
        ? key === "baseUrl"
          ? redactReplicaUrls(value)
          : redactUrl(value)
        : value;
  }
  return written as Omit<Options, "apiKey" | "userApiKey" | "resume">;
}
