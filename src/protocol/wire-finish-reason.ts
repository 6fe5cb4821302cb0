// Maps a domain FinishReason to the `finish_reason` a server sends (null when there is no OpenAI word for it).
import type { FinishReason } from "../core/generation.js";

export type WireFinishReason = "stop" | "length" | "content_filter" | "tool_calls" | null;

export function wireFinishReason(reason: FinishReason): WireFinishReason {
  switch (reason) {
    case "stop":
    case "length":
      return reason;
    case "content-filter":
      return "content_filter";
    case "tool-calls":
      return "tool_calls";
    case "other":
    case "unknown":
      return null;
    default: {
      const unreachable: never = reason;
      return unreachable;
    }
  }
}
