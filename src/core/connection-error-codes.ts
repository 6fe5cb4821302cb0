// The error codes of a request whose connection failed or broke (refused, reset, closed mid-answer), as opposed to
// an answer of the server (an HTTP error): what takes a replica out of rotation and what its figures count.
const CONNECTION_ERROR_CODES = new Set(["E_CONNECTION", "E_STREAM_INTERRUPTED"]);

export function isConnectionErrorCode(code: string | null | undefined): boolean {
  return CONNECTION_ERROR_CODES.has(code ?? "");
}
