// The error body OpenAI answers with, `{"error": {"message", "type", "param", "code"}}`, as JSON text.

export interface ErrorBody {
  message: string;
  /** Default: `server_error` for a 5xx status, else `invalid_request_error` (OpenAI's types). */
  type?: string;
  /** The request field at fault (`model`), if any. */
  param?: string;
  /** A stable machine-readable code (`model_not_found`), if any. */
  code?: string;
}

export function errorTypeForStatus(status: number): string {
  return status >= 500 ? "server_error" : "invalid_request_error";
}

/** The JSON text of the body of an error answered with HTTP `status`. */
export function errorBodyJson(status: number, error: ErrorBody): string {
  return JSON.stringify({
    error: {
      message: error.message,
      type: error.type ?? errorTypeForStatus(status),
      param: error.param ?? null,
      code: error.code ?? null,
    },
  });
}
