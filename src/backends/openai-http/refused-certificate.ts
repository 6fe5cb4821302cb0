// What to do when an HTTPS server's certificate is refused: the OpenSSL verification codes Node reports, and the
// advice for the ones that trusting the certificate fixes (a self-signed server, a private CA).
import { toError } from "../../errors.js";

/** Certificates that are valid but not trusted here. */
const UNTRUSTED_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
]);
/** Certificates that another try cannot make acceptable either. */
const REFUSED_CODES = new Set([
  ...UNTRUSTED_CODES,
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_REVOKED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

const ADVICE =
  "the server's TLS certificate is not trusted: set NODE_EXTRA_CA_CERTS=/path/to/cert.pem (its certificate or " +
  "its CA, PEM) or, from the library, pass caCertificates";

function codeOf(value: unknown): string | undefined {
  for (let error: Error | undefined = toError(value), depth = 0; error !== undefined && depth < 4; depth++) {
    const code: unknown = (error as Error & { code?: unknown }).code;
    if (typeof code === "string" && REFUSED_CODES.has(code)) return code;
    error = error.cause === undefined ? undefined : toError(error.cause);
  }
  return undefined;
}

/**
 * When `error` (or one of its causes) is a refused server certificate, which refusal, and the advice when trusting the
 * certificate would help; undefined for every other error. Another try never helps.
 */
export function refusedCertificate(error: unknown): { code: string; advice: string | undefined } | undefined {
  const code = codeOf(error);
  if (code === undefined) return undefined;
  return { code, advice: UNTRUSTED_CODES.has(code) ? ADVICE : undefined };
}
