// The error codes of a request whose connection failed or broke (refused, reset, closed mid-answer), as opposed to
// an answer of the server (an HTTP error): what takes a replica out of rotation and what its figures count.
// The fault classes of the same failures are counted alike (a profile's `error_class` is one of them).
const CONNECTION_ERROR_CODES = new Set([
  "E_CONNECTION",
  "E_STREAM_INTERRUPTED",
  "connection_refused",
  "connection_reset",
  "connection_error",
  "stream_reset",
]);

export function isConnectionErrorCode(code: string | null | undefined): boolean {
  return CONNECTION_ERROR_CODES.has(code ?? "");
}
