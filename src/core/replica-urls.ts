// A base URL option that names several server replicas (`--base-url A --base-url B`, or `A,B`): its URLs, and the
// list as it is written or shown (every URL's keys replaced by `***`).
import { redactUrl, urlSecrets } from "./url-secrets.js";

/** The separator of a replica list; a URL that holds a comma must spell it `%2C`. */
export const REPLICA_SEPARATOR = ",";

/** The replicas' base URLs in the order given (one for a plain base URL); blanks dropped. */
export function replicaUrls(baseUrl: string): string[] {
  return baseUrl
    .split(REPLICA_SEPARATOR)
    .map((url) => url.trim())
    .filter((url) => url !== "");
}

/** The list with each URL's keys redacted (`redactUrl` of each one), joined again. */
export function redactReplicaUrls(baseUrl: string): string {
  const urls = replicaUrls(baseUrl);
  return urls.length <= 1 ? redactUrl(baseUrl) : urls.map(redactUrl).join(REPLICA_SEPARATOR);
}

/** The keys inside any of the list's URLs (`urlSecrets` of each one). */
export function replicaUrlSecrets(baseUrl: string): string[] {
  return replicaUrls(baseUrl).flatMap(urlSecrets);
}
