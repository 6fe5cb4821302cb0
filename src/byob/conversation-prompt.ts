// A row that carries its own chat conversation (`messagesField`, JSON-mode eval's `prompt` column): the messages
// checked, and sent as they are after the system prompt a run gives (`--system-prompt` or the definition's).
import type { ChatMessage, EndpointType, Prompt } from "../core/prompt.js";
import type { Row } from "../datasets/types.js";
import { DatasetError } from "../errors.js";

const ROLES = new Set(["system", "user", "assistant"]);

/** `row[field]` as chat messages (a list, or its JSON text); a DatasetError naming `where` when it is not one. */
export function conversationOf(row: Row, field: string, where: string): ChatMessage[] {
  let value: unknown = row[field];
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      throw new DatasetError(`${where}: field "${field}" is text that is not a JSON list of chat messages.`);
    }
  }
  if (!Array.isArray(value) || value.length === 0) {
    throw new DatasetError(
      `${where}: field "${field}" is not a non-empty list of chat messages ({role, content}).`,
    );
  }
  return value.map((message, index) => {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    if (typeof role !== "string" || !ROLES.has(role) || typeof content !== "string") {
      throw new DatasetError(
        `${where}: field "${field}" message ${index + 1} is not {role: system|user|assistant, content: text}.`,
      );
    }
    return { role: role as ChatMessage["role"], content };
  });
}

/**
 * The conversation as a chat prompt; a system prompt the run gives (`--system-prompt`, the definition's) goes first,
 * before the row's own messages (whose system message, part of the data, stays).
 */
export function conversationPrompt(
  messages: readonly ChatMessage[],
  system: string | undefined,
  endpointType: EndpointType,
): Prompt {
  if (endpointType !== "chat") {
    throw new Error(
      "a benchmark of chat conversations runs on the chat endpoint only (planning checks this)",
    );
  }
  return {
    type: "chat",
    messages: system === undefined ? [...messages] : [{ role: "system", content: system }, ...messages],
  };
}
