// The keys a URL carries — `http://user:KEY@host/v1`, `…?api_key=KEY` — found, or replaced by `***`, for any text
// that is written to disk or shown.

/** Query parameters that carry a key (Google's `key`, `api_key`, Azure SAS `sig`, `access_token`, …). */
const SECRET_PARAMETER =
  /^(?:key|api[-_]?key|x[-_]api[-_]key|token|access[-_]?token|auth(?:[-_]?token)?|password|secret|sig|signature)$/i;

const SCHEME_AND_AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

const isSecretParameter = (name: string): boolean => SECRET_PARAMETER.test(decoded(name));

/**
 * `text` with the keys of a URL replaced by `***`: the password of its user info (all of a user info without one,
 * a token used as user name) and the values of key-carrying query parameters. Text that is not a URL, or a URL
 * without keys, comes back unchanged (not normalised). A bare query string (`?api_key=…`) is redacted too.
 */
export function redactUrl(text: string): string {
  const authority = SCHEME_AND_AUTHORITY.exec(text);
  let head = "";
  let rest = text;
  if (authority !== null) {
    const [whole, scheme = "", hostPart = ""] = authority;
    const at = hostPart.lastIndexOf("@");
    if (at >= 0) {
      const userInfo = hostPart.slice(0, at);
      const colon = userInfo.indexOf(":");
      const shown = colon >= 0 ? `${userInfo.slice(0, colon)}:***` : "***";
      head = `${scheme}${shown}${hostPart.slice(at)}`;
    } else {
      head = whole;
    }
    rest = text.slice(whole.length);
  } else if (!text.startsWith("?")) {
    return text;
  }
  const queryStart = rest.indexOf("?");
  if (queryStart < 0) return `${head}${rest}`;
  const fragmentStart = rest.indexOf("#", queryStart);
  const queryEnd = fragmentStart < 0 ? rest.length : fragmentStart;
  const query = rest
    .slice(queryStart + 1, queryEnd)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals < 0 || equals === pair.length - 1) return pair;
      const name = pair.slice(0, equals);
      return isSecretParameter(name) ? `${name}=***` : pair;
    })
    .join("&");
  return `${head}${rest.slice(0, queryStart)}?${query}${rest.slice(queryEnd)}`;
}

/**
 * The keys inside a URL, as written and decoded: its user info's password (or its user name when there is no
 * password) and the values of key-carrying query parameters. None for text that is not a URL.
 */
export function urlSecrets(text: string): string[] {
  const authority = SCHEME_AND_AUTHORITY.exec(text);
  const found: string[] = [];
  if (authority !== null) {
    const hostPart = authority[2] ?? "";
    const at = hostPart.lastIndexOf("@");
    if (at >= 0) {
      const userInfo = hostPart.slice(0, at);
      const colon = userInfo.indexOf(":");
      found.push(colon >= 0 ? userInfo.slice(colon + 1) : userInfo);
    }
  }
  const queryStart = text.indexOf("?");
  if (queryStart >= 0) {
    const fragmentStart = text.indexOf("#", queryStart);
    const query = text.slice(queryStart + 1, fragmentStart < 0 ? undefined : fragmentStart);
    for (const pair of query.split("&")) {
      const equals = pair.indexOf("=");
      if (equals > 0 && isSecretParameter(pair.slice(0, equals))) found.push(pair.slice(equals + 1));
    }
  }
  const withDecoded = found.flatMap((secret) => [secret, decoded(secret)]);
  return [...new Set(withDecoded.filter((secret) => secret !== ""))];
}
