// Maps a wire `finish_reason` to the domain FinishReason union.
import type { FinishReason } from "../core/generation.js";

export function mapFinishReason(wire: string | null | undefined): FinishReason {
  switch (wire) {
    case undefined:
    case null:
    case "":
      return "unknown";
    case "stop":
    case "eos":
    case "eos_token":
    case "stop_sequence":
      return "stop";
    case "length":
      return "length";
    case "content_filter":
      return "content-filter";
    case "tool_calls":
    case "function_call":
      return "tool-calls";
    default:
      return "other";
  }
}
