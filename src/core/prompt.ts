// The prompt a benchmark builds and a backend sends: chat messages or one flat completion text.

export const CHAT_ROLES = ["system", "user", "assistant", "tool"] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** A function call the model asked for (OpenAI's `tool_calls[]` entry): its id, name and arguments as JSON text. */
export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them: JSON text, not necessarily valid. */
  arguments: string;
}

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** An assistant turn's function calls (sent back in a conversation that goes on after them). */
  toolCalls?: ToolCall[] | undefined;
  /** A `tool` turn: the id of the call it answers. */
  toolCallId?: string | undefined;
}

export type Prompt = { type: "chat"; messages: ChatMessage[] } | { type: "completion"; text: string };

export const ENDPOINT_TYPES = ["chat", "completions"] as const;
export type EndpointType = (typeof ENDPOINT_TYPES)[number];

/** The text an oracle or a log sees of a prompt: the last user turn of a chat, or the whole completion text. */
export function promptTail(prompt: Prompt): string {
  if (prompt.type === "completion") return prompt.text;
  for (let index = prompt.messages.length - 1; index >= 0; index--) {
    const message = prompt.messages[index];
    if (message?.role === "user") return message.content;
  }
  return "";
}
