// Server-sent events as OpenAI-compatible servers write them: `data: <json>\n\n` per event, `data: [DONE]` last.

/** The response headers of a stream. */
export const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" } as const;

/** What goes before an event's JSON, and after it. */
export const SSE_DATA_PREFIX = "data: ";
export const SSE_EVENT_END = "\n\n";

/** The event that ends every stream. */
export const SSE_DONE_FRAME = `${SSE_DATA_PREFIX}[DONE]${SSE_EVENT_END}`;

/** One event carrying `json` (already serialized). */
export function sseFrame(json: string): string {
  return `${SSE_DATA_PREFIX}${json}${SSE_EVENT_END}`;
}
